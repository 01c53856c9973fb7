// Calendar edits per second (PUT /api/calendar/:id, issue 28 item 7): each request replaces one
// saved calendar with its first shot moved a day, as the saved calendar's autosave sends it
// (decision 424). Every farmer owns one calendar and the requests take turns through them, so no
// two connections edit the same calendar at once. Next to it, in the same run: the create it is
// judged against (POST /api/calendar, the same payload) and a Fastify hello-world.
// Run: npm run bench:calendars-edit -w @vaxcal/bench
import { addDays, updateShotDate, type Calendar } from "@vaxcal/schedule";
import type { SubmitCalendarRequest } from "@vaxcal/contracts";
import {
  buildEngineCalendar,
  buildSubmitPayload,
  dairySpringCows,
} from "../apps/server/src/test/calendars.ts";
import {
  appSecret,
  connections,
  describeMachine,
  formatNumber,
  insertSignedInFarmers,
  measureHelloWorld,
  printLoadTable,
  recordLoadResult,
  rotateBearerTokens,
  runLoad,
  runSeconds,
  startBenchDatabase,
  startServer,
} from "./calendars-harness.ts";

// Enough farmers that none nears the 60 saves a minute each account may send.
const farmerCount = 2_000;
const target = { rateOfCreate: 0.5, p99Ms: 100 };

/** The calendar with its first dated shot moved `days` from where the engine put it. */
function moveFirstShot(calendar: Calendar, days: number): Calendar {
  const shot = calendar.diseases[0]?.shots.find((candidate) => !candidate.isMirroredCopy);
  if (!shot?.date) throw new Error("the calendar has no dated shot to move");
  const moved = updateShotDate(calendar, shot.id, addDays(shot.date, days));
  if (!moved.ok) throw new Error(moved.error.message);
  return moved.value;
}

const benchDatabase = await startBenchDatabase();
try {
  const farmers = await insertSignedInFarmers(benchDatabase.database, farmerCount, farmerCount);
  const hello = await measureHelloWorld();
  const server = await startServer({ kind: "app", databaseUrl: benchDatabase.url, appSecret });
  let stopping: Promise<void> | undefined;
  const stopServer = () => (stopping ??= server.stop());
  try {
    const calendar = buildEngineCalendar();
    const createPayload = buildSubmitPayload(calendar);
    const storedShots = createPayload.data.diseases.reduce(
      (count, disease) => count + disease.shots.filter((shot) => !shot.isMirroredCopy).length,
      0,
    );

    // One calendar per farmer, saved once before anything is measured.
    const owned: { token: string; calendarId: number }[] = [];
    for (let start = 0; start < farmers.length; start += connections) {
      const batch = farmers.slice(start, start + connections);
      owned.push(
        ...(await Promise.all(
          batch.map(async ({ token }) => {
            const response = await fetch(`${server.url}/api/calendar`, {
              method: "POST",
              headers: { "content-type": "application/json", authorization: `Bearer ${token}` },
              body: JSON.stringify(createPayload),
            });
            if (response.status !== 201) {
              throw new Error(`setup save: ${response.status} ${await response.text()}`);
            }
            const { calendar: saved } = (await response.json()) as { calendar: { id: number } };
            return { token, calendarId: saved.id };
          }),
        )),
      );
    }

    // Two versions of each farmer's calendar, a day apart, so that every edit changes a shot.
    const bodies = owned.map(({ calendarId }) =>
      [1, 2].map((days) => {
        const payload: SubmitCalendarRequest = buildSubmitPayload(
          moveFirstShot(calendar, days),
          dairySpringCows,
          { action: "update", calendarId },
        );
        return JSON.stringify(payload);
      }),
    );
    let next = 0;
    const edits = await runLoad(
      {
        url: server.url,
        requests: [
          {
            method: "PUT",
            setupRequest: (request) => {
              next += 1;
              const index = next % owned.length;
              const { token, calendarId } = owned[index]!;
              const turn = Math.floor(next / owned.length) % 2;
              return {
                ...request,
                path: `/api/calendar/${calendarId}`,
                headers: { "content-type": "application/json", authorization: `Bearer ${token}` },
                body: bodies[index]![turn]!,
              };
            },
          },
        ],
      },
      "PUT /api/calendar/:id",
    );

    const creates = await runLoad(
      {
        url: server.url,
        requests: rotateBearerTokens(
          farmers.map((farmer) => farmer.token),
          { method: "POST", path: "/api/calendar", body: JSON.stringify(createPayload) },
        ),
      },
      "POST /api/calendar",
    );

    // Counted once the server has stopped. An edit replaces a calendar's shots: the shots stay
    // exactly storedShots per calendar, and every calendar edited at least once says so.
    await stopServer();
    const { rows } = await benchDatabase.database.pool.query<{
      calendars: string;
      shots: string;
      edited: string;
    }>(
      `SELECT (SELECT count(*) FROM calendars) AS calendars,
              (SELECT count(*) FROM calendar_shots) AS shots,
              (SELECT count(*) FROM calendars WHERE updated_at > created_at) AS edited`,
    );
    const written = Number(rows[0]?.calendars);
    const edited = Number(rows[0]?.edited);
    const expectEdited = Math.min(edits["2xx"], owned.length);
    const isConsistent =
      written >= owned.length + creates["2xx"] &&
      written <= owned.length + creates["2xx"] + connections &&
      Number(rows[0]?.shots) === written * storedShots &&
      edited >= expectEdited;
    if (!isConsistent) {
      throw new Error(
        `${edits["2xx"]} edits and ${creates["2xx"]} creates answered, but ${written} calendars (${edited} edited) and ${rows[0]?.shots} shots were written`,
      );
    }

    const ratio = edits.requests.average / creates.requests.average;
    console.log(describeMachine());
    console.log(
      `${connections} connections, ${runSeconds} s each; ${owned.length} farmers, each editing their own calendar (${createPayload.data.diseases.length} diseases, ${storedShots} stored shots); ${formatNumber(edits["2xx"])} edits answered 200, ${edited} calendars edited\n`,
    );
    printLoadTable(hello, [
      ["PUT /api/calendar/:id (edit)", edits],
      ["POST /api/calendar (create, same run)", creates],
    ]);
    console.log(
      `\nEdit rate ÷ create rate: ${formatNumber(ratio, 2)} (target ≥ ${target.rateOfCreate}); edit p99 ${edits.latency.p99} ms (target ≤ ${target.p99Ms} ms)`,
    );
    recordLoadResult(
      "PUT /api/calendar/:id (edit) against the create",
      edits,
      { name: "create, same run", result: creates },
      {
        target: `≥ ${target.rateOfCreate} × create, p99 ≤ ${target.p99Ms} ms`,
        met: ratio >= target.rateOfCreate && edits.latency.p99 <= target.p99Ms,
      },
    );
  } finally {
    await stopServer();
  }
} finally {
  await benchDatabase.stop();
}
