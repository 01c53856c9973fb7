// GET /api/user/calendars under load with 10,000 users and 50,000 calendars in the database (bulk
// inserted with generate_series), at 50 connections, each request as one of 200 farmers, next to
// a Fastify hello-world measured in the same run. Run: npm run bench:calendars-list -w @vaxcal/bench
import {
  appSecret,
  connections,
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

const userCount = 10_000;
const calendarCount = 50_000;
const signedInFarmers = 200;

const benchDatabase = await startBenchDatabase();
try {
  const { pool } = benchDatabase.database;
  const fillStarted = performance.now();
  // Every farmer gets five calendars of dairy spring-calving cows with three disease columns.
  const tokens = await insertFarmers(benchDatabase.database, userCount, signedInFarmers);
  await pool.query(
    `INSERT INTO calendars (user_id, combination_id, enterprise_id, animal_id, season_id,
       birth_date, breeding_date, calendar_year, setup, feed_nonce, feed_token_hash, created_at,
       updated_at)
     SELECT u.first_id + (i % $1::integer), 1, 1, 1, 1, '2026-02-01', '2026-04-25', 2026,
       '{"enterprise":{"id":1,"name":"Dairy"},"animal":{"id":1,"name":"Cows","isAdult":true},"season":{"id":1,"name":"Spring calving"},"birthDate":"2026-02-01","breedingDate":"2026-04-25"}'::jsonb,
       md5('nonce' || i), md5('token' || i), now() - i * interval '1 minute', now()
     FROM generate_series(1, $2::integer) AS i, (SELECT min(id) AS first_id FROM users) AS u`,
    [userCount, calendarCount],
  );
  await pool.query(
    `INSERT INTO calendar_diseases (calendar_id, disease_id, position, vaccine_id)
     SELECT c.id, offer.disease_id, offer.position, offer.vaccine_id
     FROM calendars c CROSS JOIN (
       SELECT disease_id, vaccine_id, (row_number() OVER (ORDER BY disease_id)) - 1 AS position
       FROM disease_animals WHERE animal_id = 1 ORDER BY disease_id LIMIT 3
     ) AS offer`,
  );
  await pool.query("ANALYZE");
  const fillSeconds = (performance.now() - fillStarted) / 1000;

  const hello = await measureHelloWorld();
  const server = await startServer({ kind: "app", databaseUrl: benchDatabase.url, appSecret });
  try {
    const probe = await fetch(`${server.url}/api/user/calendars`, {
      headers: { authorization: `Bearer ${tokens[0]}` },
    });
    const listed = ((await probe.json()) as { calendars: unknown[] }).calendars.length;
    const listing = await runLoad(
      {
        url: server.url,
        requests: rotateBearerTokens(tokens, { method: "GET", path: "/api/user/calendars" }),
      },
      "GET /api/user/calendars",
    );

    console.log(describeMachine());
    console.log(
      `${formatNumber(userCount)} users, ${formatNumber(calendarCount)} calendars (${listed} per farmer listed), filled in ${fillSeconds.toFixed(1)} s; ${connections} connections, ${runSeconds} s each, ${signedInFarmers} farmers in turn\n`,
    );
    printLoadTable(hello, [["GET /api/user/calendars", listing]]);
  } finally {
    await server.stop();
  }
} finally {
  await benchDatabase.stop();
}
