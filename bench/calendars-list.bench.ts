// GET /api/user/calendars (My Calendars, one page of 20 by cursor, decision 703) under load with
// 10,000 farmers and 50,000 calendars in the database, plus one farmer with 2,000 calendars (all
// bulk inserted with generate_series), at 50 connections, next to a Fastify hello-world measured
// in the same run. Three runs: the first page as 200 farmers in turn; the big farmer's first page;
// and every one of the big farmer's 100 pages in turn, by their cursors.
// Run: npm run bench:calendars-list -w @vaxcal/bench
import { startSession } from "../apps/server/src/auth/sessions.ts";
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
const bigFarmerCalendars = 2_000;
const pageSize = 20;

type ListPage = { calendars: { id: number }[]; nextCursor: string | null };

const benchDatabase = await startBenchDatabase();
try {
  const { pool, db } = benchDatabase.database;
  const fillStarted = performance.now();
  // Every farmer gets five calendars of dairy spring-calving cows with three disease columns.
  const tokens = await insertFarmers(benchDatabase.database, userCount, signedInFarmers);
  const {
    rows: [bigFarmer],
  } = await pool.query<{ id: number }>(
    `INSERT INTO users (email, password_hash, name, surname, farmer_name, address1, town, eircode,
       county, country, terms_accepted_at)
     VALUES ('big.farmer@bench.example.ie', 'not-a-hash', 'Big', 'Farmer', 'Big Farm',
       'Main Road', 'Macroom', 'P12 K7Y8', 'Cork', 'Ireland', now())
     RETURNING id`,
  );
  if (!bigFarmer) throw new Error("the big farmer was not written");
  const bigFarmerToken = (await startSession(db, bigFarmer.id, new Date())).token;
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
  // Past the cap of 50 per account (migration 0007), which the API would refuse: written with
  // its trigger off, as an import would.
  await pool.query("ALTER TABLE calendars DISABLE TRIGGER calendars_per_account");
  // Every tenth calendar shares its created_at with the one before, so ties on it are paged by id.
  await pool.query(
    `INSERT INTO calendars (user_id, combination_id, enterprise_id, animal_id, season_id,
       birth_date, breeding_date, calendar_year, setup, feed_nonce, feed_token_hash, created_at,
       updated_at)
     SELECT $1, 1, 1, 1, 1, '2026-02-01', '2026-04-25', 2026,
       '{"enterprise":{"id":1,"name":"Dairy"},"animal":{"id":1,"name":"Cows","isAdult":true},"season":{"id":1,"name":"Spring calving"},"birthDate":"2026-02-01","breedingDate":"2026-04-25"}'::jsonb,
       md5('big-nonce' || i), md5('big-token' || i),
       now() - (i - (i % 10 = 0)::integer) * interval '1 minute', now()
     FROM generate_series(1, $2::integer) AS i`,
    [bigFarmer.id, bigFarmerCalendars],
  );
  await pool.query("ALTER TABLE calendars ENABLE TRIGGER calendars_per_account");
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
  const {
    rows: [counts],
  } = await pool.query<{ users: string; calendars: string; columns: string; big: string }>(
    `SELECT (SELECT count(*) FROM users) AS users, (SELECT count(*) FROM calendars) AS calendars,
       (SELECT count(*) FROM calendar_diseases) AS columns,
       (SELECT count(*) FROM calendars WHERE user_id = $1) AS big`,
    [bigFarmer.id],
  );
  const totalCalendars = calendarCount + bigFarmerCalendars;
  if (
    Number(counts?.calendars) !== totalCalendars ||
    Number(counts?.columns) !== totalCalendars * 3 ||
    Number(counts?.big) !== bigFarmerCalendars
  ) {
    throw new Error(`the fill wrote ${JSON.stringify(counts)}, not ${totalCalendars} calendars`);
  }

  // The plan of a deep page, as the app's prepared statement runs it: one index range scan from
  // the cursor, no sort, stopping after the page.
  const { rows: plan } = await pool.query<{ "QUERY PLAN": string }>(
    `EXPLAIN (ANALYZE, COSTS OFF, TIMING OFF, SUMMARY OFF)
     SELECT c.* FROM calendars c
     WHERE c.user_id = $1 AND (c.created_at, c.id) < (now() - interval '1000 minutes', 2147483647)
     ORDER BY c.created_at DESC, c.id DESC LIMIT 21`,
    [bigFarmer.id],
  );
  const planText = plan.map((line) => line["QUERY PLAN"]).join("\n");
  if (
    !/Index Scan Backward using calendars_user_id_created_at_id/.test(planText) ||
    /Sort/.test(planText)
  ) {
    throw new Error(`a deep page is not one index range scan:\n${planText}`);
  }

  const hello = await measureHelloWorld();
  const server = await startServer({ kind: "app", databaseUrl: benchDatabase.url, appSecret });
  try {
    const readPage = async (token: string, cursor: string | null): Promise<ListPage> => {
      const query = cursor === null ? "" : `?cursor=${cursor}`;
      const response = await fetch(`${server.url}/api/user/calendars${query}`, {
        headers: { authorization: `Bearer ${token}` },
      });
      if (response.status !== 200) throw new Error(`listing answered ${response.status}`);
      return (await response.json()) as ListPage;
    };
    const firstPage = await readPage(tokens[0] ?? "", null);
    // Walk the big farmer's pages: every calendar exactly once, newest first, 20 a page.
    const cursors: string[] = [];
    const seen = new Set<number>();
    let cursor: string | null = null;
    do {
      const page: ListPage = await readPage(bigFarmerToken, cursor);
      if (page.calendars.length !== pageSize) {
        throw new Error(`a page of the big farmer held ${page.calendars.length} calendars`);
      }
      for (const calendar of page.calendars) seen.add(calendar.id);
      cursor = page.nextCursor;
      if (cursor !== null) cursors.push(cursor);
    } while (cursor !== null);
    if (seen.size !== bigFarmerCalendars) {
      throw new Error(`the big farmer's pages listed ${seen.size} calendars once, not 2,000`);
    }

    const firstPages = await runLoad(
      {
        url: server.url,
        requests: rotateBearerTokens(tokens, { method: "GET", path: "/api/user/calendars" }),
      },
      "GET /api/user/calendars",
    );
    const bigFirstPage = await runLoad(
      {
        url: server.url,
        requests: rotateBearerTokens([bigFarmerToken], {
          method: "GET",
          path: "/api/user/calendars",
        }),
      },
      "GET /api/user/calendars (2,000 calendars, first page)",
    );
    let nextCursor = 0;
    const bigEveryPage = await runLoad(
      {
        url: server.url,
        requests: [
          {
            method: "GET",
            setupRequest: (request) => {
              nextCursor = (nextCursor + 1) % cursors.length;
              return {
                ...request,
                path: `/api/user/calendars?cursor=${cursors[nextCursor]}`,
                headers: { authorization: `Bearer ${bigFarmerToken}` },
              };
            },
          },
        ],
      },
      "GET /api/user/calendars (2,000 calendars, every page)",
    );

    console.log(describeMachine());
    console.log(
      `${formatNumber(Number(counts?.users))} users, ${formatNumber(totalCalendars)} calendars (${formatNumber(calendarCount)} of 10,000 farmers, ${firstPage.calendars.length} per farmer listed; ${formatNumber(bigFarmerCalendars)} of one farmer, ${cursors.length + 1} pages of ${pageSize}), filled in ${fillSeconds.toFixed(1)} s; ${connections} connections, ${runSeconds} s each, ${signedInFarmers} farmers in turn\n`,
    );
    console.log(`A deep page's plan:\n${planText}\n`);
    printLoadTable(hello, [
      ["GET /api/user/calendars (first page, 200 farmers)", firstPages],
      ["GET /api/user/calendars (2,000 calendars, first page)", bigFirstPage],
      ["GET /api/user/calendars (2,000 calendars, all 100 pages)", bigEveryPage],
    ]);
  } finally {
    await server.stop();
  }
} finally {
  await benchDatabase.stop();
}
