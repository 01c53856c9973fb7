// GET /api/vet/doses-due under load for one practice with 2,000 linked farmers and 10,000
// calendars (bulk inserted with generate_series), at 20 connections, each request as one of 5
// vets of the practice, next to a Fastify hello-world measured in the same run. Target: p99 at
// most 50 ms. Run: npm run bench:vet-doses-due -w @vaxcal/bench
import { RoleName } from "@vaxcal/contracts";
import type { RequestOptions } from "autocannon";
import { startSession } from "../apps/server/src/auth/sessions.ts";
import {
  appSecret,
  describeMachine,
  formatNumber,
  insertFarmers,
  measureHelloWorld,
  printLoadTable,
  rotateBearerTokens,
  runLoad,
  runSeconds,
  startBenchDatabase,
  startServer,
} from "./calendars-harness.ts";

const farmerCount = 2_000;
const calendarCount = 10_000;
const vetCount = 5;
const loadConnections = 20;
const p99TargetMs = 50;

const benchDatabase = await startBenchDatabase();
let isOverTarget = false;
try {
  const { pool, db } = benchDatabase.database;
  const fillStarted = performance.now();
  await insertFarmers(benchDatabase.database, farmerCount, 0);
  const {
    rows: [practice],
  } = await pool.query<{ id: number }>(
    `INSERT INTO vet_practices (vet_practice_name, address1, town, county, country, eircode, email)
     VALUES ('Bench Vets', 'Mart Road', 'Macroom', 'Cork', 'Ireland', 'P12 X4K7', 'bench@vets.ie')
     RETURNING id`,
  );
  if (!practice) throw new Error("no practice");
  // Every farmer links the practice; herd sizes cycle through the bands, a fifth unknown.
  await pool.query(
    `UPDATE users SET vet_practice_id = $1,
       herd_size = (ARRAY['1-50', '51-100', '101-200', '200+', NULL])[1 + id % 5]`,
    [practice.id],
  );
  const tokens: string[] = [];
  for (let index = 0; index < vetCount; index += 1) {
    const {
      rows: [vet],
    } = await pool.query<{ id: number }>(
      `INSERT INTO users (email, password_hash, name, surname, address1, town, eircode, county,
         country, terms_accepted_at)
       VALUES ($1, 'not-a-hash', 'Vet', $2, 'Mart Road', 'Macroom', 'P12 X4K7', 'Cork', 'Ireland',
         now())
       RETURNING id`,
      [`vet${index}@bench-vets.ie`, `Number ${index}`],
    );
    if (!vet) throw new Error("no vet");
    await pool.query("INSERT INTO user_roles (user_id, role) VALUES ($1, $2)", [
      vet.id,
      index === 0 ? RoleName.vetManager : RoleName.vet,
    ]);
    await pool.query(
      "INSERT INTO vet_practice_members (user_id, vet_practice_id) VALUES ($1, $2)",
      [vet.id, practice.id],
    );
    tokens.push((await startSession(db, vet.id, new Date())).token);
  }
  // Five calendars per farmer, dairy spring-calving cows with three columns.
  await pool.query(
    `INSERT INTO calendars (user_id, combination_id, enterprise_id, animal_id, season_id,
       birth_date, breeding_date, calendar_year, setup, feed_nonce, feed_token_hash, created_at,
       updated_at)
     SELECT u.first_id + (i % $1::integer), 1, 1, 1, 1, '2026-02-01', '2026-04-25', 2026,
       '{"enterprise":{"id":1,"name":"Dairy"},"animal":{"id":1,"name":"Cows","isAdult":true},"season":{"id":1,"name":"Spring calving"},"birthDate":"2026-02-01","breedingDate":"2026-04-25"}'::jsonb,
       md5('nonce' || i), md5('token' || i), now(), now()
     FROM generate_series(1, $2::integer) AS i,
       (SELECT min(id) AS first_id FROM users WHERE vet_practice_id IS NOT NULL) AS u`,
    [farmerCount, calendarCount],
  );
  await pool.query(
    `INSERT INTO calendar_diseases (calendar_id, disease_id, position, vaccine_id)
     SELECT c.id, offer.disease_id, offer.position, offer.vaccine_id
     FROM calendars c CROSS JOIN (
       SELECT disease_id, vaccine_id, (row_number() OVER (ORDER BY disease_id)) - 1 AS position
       FROM disease_animals WHERE animal_id = 1 ORDER BY disease_id LIMIT 3
     ) AS offer`,
  );
  // Each column: a yearly booster on a day spread over the year, and a one-off first dose in the
  // coming year, so about a sixth of the boosters and some first doses fall in the 8 weeks.
  await pool.query(
    `INSERT INTO calendar_shots (calendar_id, disease_id, shot_key, position, template_id, date,
       custom_name, is_recurrent, user_initiated)
     SELECT cd.calendar_id, cd.disease_id, cd.disease_id || '-u1', 0, NULL::integer,
       DATE '2026-01-01' + ((cd.calendar_id * 7 + cd.disease_id * 13) % 365), NULL::text, 1, true
     FROM calendar_diseases cd
     UNION ALL
     SELECT cd.calendar_id, cd.disease_id, cd.disease_id || '-u2', 1, NULL,
       current_date + ((cd.calendar_id * 11 + cd.disease_id) % 365), NULL, 0, true
     FROM calendar_diseases cd`,
  );
  await pool.query("ANALYZE");
  const fillSeconds = (performance.now() - fillStarted) / 1000;

  const hello = await measureHelloWorld();
  const server = await startServer({ kind: "app", databaseUrl: benchDatabase.url, appSecret });
  try {
    // The first answer works the doses out; later ones are served while nothing changed.
    const coldStarted = performance.now();
    const probe = await fetch(`${server.url}/api/vet/doses-due`, {
      headers: { authorization: `Bearer ${tokens[0]}` },
    });
    const coldMs = performance.now() - coldStarted;
    if (probe.status !== 200) throw new Error(`doses due answered ${probe.status}`);
    const body = (await probe.json()) as { weeks: { week_start: string; shot_count: number }[] };
    const shots = body.weeks.reduce((count, week) => count + week.shot_count, 0);
    // As a browser asks: compressed (brotli). The answer is about 2 MB of JSON uncompressed.
    const compressedBytes = (
      await (
        await fetch(`${server.url}/api/vet/doses-due`, {
          headers: { authorization: `Bearer ${tokens[0]}`, "accept-encoding": "br" },
        })
      ).arrayBuffer()
    ).byteLength;
    const [request] = rotateBearerTokens(tokens, { method: "GET", path: "/api/vet/doses-due" });
    const sequentialStarted = performance.now();
    for (let index = 0; index < 50; index += 1) {
      await (
        await fetch(`${server.url}/api/vet/doses-due`, {
          headers: { authorization: `Bearer ${tokens[0]}`, "accept-encoding": "br" },
        })
      ).arrayBuffer();
    }
    const sequentialMs = (performance.now() - sequentialStarted) / 50;
    console.log(`one at a time: ${sequentialMs.toFixed(1)} ms per answer`);
    const dosesDue = await runLoad(
      {
        url: server.url,
        connections: loadConnections,
        requests: [
          {
            ...request,
            setupRequest: (prepared: RequestOptions) => {
              const withToken = request?.setupRequest?.(prepared) ?? prepared;
              return {
                ...withToken,
                headers: { ...withToken.headers, "accept-encoding": "br" },
              };
            },
          },
        ],
      },
      "GET /api/vet/doses-due",
    );

    // Opening one week: the week with the most shots.
    const busiest = [...body.weeks].sort((a, b) => b.shot_count - a.shot_count)[0];
    const weekPath = `/api/vet/doses-due/weeks/${busiest?.week_start ?? ""}`;
    const [weekRequest] = rotateBearerTokens(tokens, { method: "GET", path: weekPath });
    const week = await runLoad(
      {
        url: server.url,
        connections: loadConnections,
        requests: [
          {
            ...weekRequest,
            setupRequest: (prepared: RequestOptions) => {
              const withToken = weekRequest?.setupRequest?.(prepared) ?? prepared;
              return { ...withToken, headers: { ...withToken.headers, "accept-encoding": "br" } };
            },
          },
        ],
      },
      `GET ${weekPath}`,
    );

    console.log(describeMachine());
    console.log(
      `${formatNumber(farmerCount)} linked farmers, ${formatNumber(calendarCount)} calendars, ${formatNumber(shots)} shots due in 8 weeks; filled in ${fillSeconds.toFixed(1)} s; first (uncached) answer ${coldMs.toFixed(0)} ms; ${formatNumber(compressedBytes / 1024)} KiB of summary JSON; ${loadConnections} connections, ${runSeconds} s, ${vetCount} vets in turn\n`,
    );
    printLoadTable(hello, [
      ["GET /api/vet/doses-due (summary)", dosesDue],
      [`GET /api/vet/doses-due/weeks/:week (${busiest?.shot_count ?? 0} shots)`, week],
    ]);
    isOverTarget = dosesDue.latency.p99 > p99TargetMs;
    if (isOverTarget) console.error(`p99 ${dosesDue.latency.p99} ms is over ${p99TargetMs} ms`);
  } finally {
    await server.stop();
  }
} finally {
  await benchDatabase.stop();
}
if (isOverTarget) process.exit(1);
