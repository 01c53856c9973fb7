// Calendar saves per second (POST /api/calendar: engine check, then one transaction writing the
// calendar, its columns and every shot) at 50 connections against the embedded PostgreSQL, next
// to a Fastify hello-world measured in the same run, once as an older browser sends it and once
// with each column's protocol stamp (decision 405), as step 2 sends it now.
// Run: npm run bench:calendars-save -w @vaxcal/bench
import { referenceData } from "@vaxcal/reference-data";
import { selectColumnProtocol } from "@vaxcal/schedule";
import { createProtocolStamp } from "../apps/server/src/modules/calendars/calendars/protocol-stamp.ts";
import { buildEngineCalendar, buildSubmitPayload } from "../apps/server/src/test/calendars.ts";
import {
  appSecret,
  connections,
  describeMachine,
  measureHelloWorld,
  insertFarmers,
  printLoadTable,
  rotateBearerTokens,
  runLoad,
  runSeconds,
  startBenchDatabase,
  startServer,
} from "./calendars-harness.ts";

// Saves take turns through many farmers, so that none nears the cap on calendars per account.
const farmerCount = 1_000;

const benchDatabase = await startBenchDatabase();
try {
  const tokens = await insertFarmers(benchDatabase.database, farmerCount, farmerCount);
  const hello = await measureHelloWorld();
  const server = await startServer({ kind: "app", databaseUrl: benchDatabase.url, appSecret });
  let stopping: Promise<void> | undefined;
  const stopServer = () => (stopping ??= server.stop());
  try {
    const payload = buildSubmitPayload(buildEngineCalendar());
    const shots = payload.data.diseases.reduce((count, disease) => count + disease.shots.length, 0);
    // A save stores the plan: the first occurrences; copies are derived on read (decision 402).
    const storedShots = payload.data.diseases.reduce(
      (count, disease) => count + disease.shots.filter((shot) => !shot.isMirroredCopy).length,
      0,
    );
    const saves = await runLoad(
      {
        url: server.url,
        requests: rotateBearerTokens(tokens, {
          method: "POST",
          path: "/api/calendar",
          body: JSON.stringify(payload),
        }),
      },
      "POST /api/calendar",
    );
    // The stamps the scoped call hands out for this setup (the seeded templates are these).
    const stamped = {
      ...payload,
      data: {
        ...payload.data,
        diseases: payload.data.diseases.map((disease) => ({
          ...disease,
          protocolStamp: createProtocolStamp(appSecret, {
            diseaseId: disease.id,
            vaccineId: disease.vaccineId ?? 0,
            protocol: selectColumnProtocol(
              referenceData.shotTemplates,
              disease.vaccineId,
              payload.data.setup.animal.id,
            ),
          }),
        })),
      },
    };
    const stampedSaves = await runLoad(
      {
        url: server.url,
        requests: rotateBearerTokens(tokens, {
          method: "POST",
          path: "/api/calendar",
          body: JSON.stringify(stamped),
        }),
      },
      "POST /api/calendar with protocol stamps",
    );
    const answered = saves["2xx"] + stampedSaves["2xx"];
    // Counted in one statement once the server has stopped (the app closes after the saves it
    // has started). Every 201 is a calendar written with its whole plan; saves still in flight
    // when the run stopped (at most one per connection) are written without being counted.
    await stopServer();
    const { rows } = await benchDatabase.database.pool.query<{ calendars: string; shots: string }>(
      "SELECT (SELECT count(*) FROM calendars) AS calendars, (SELECT count(*) FROM calendar_shots) AS shots",
    );
    const written = Number(rows[0]?.calendars);
    const isConsistent =
      written >= answered &&
      written <= answered + 2 * connections &&
      Number(rows[0]?.shots) === written * storedShots;
    if (!isConsistent) {
      throw new Error(
        `${answered} saves answered 201, but ${written} calendars and ${rows[0]?.shots} shots were written`,
      );
    }

    console.log(describeMachine());
    console.log(
      `${connections} connections, ${runSeconds} s each, ${farmerCount} farmers in turn; each save: ${payload.data.diseases.length} diseases, ${shots} shots; ${written} calendars written\n`,
    );
    printLoadTable(hello, [
      ["POST /api/calendar (save)", saves],
      ["POST /api/calendar (save, protocol stamps)", stampedSaves],
    ]);
  } finally {
    await stopServer();
  }
} finally {
  await benchDatabase.stop();
}
