// Two API nodes against one (issue 28 item 5): calendar saves per second (POST /api/calendar) at
// 50 connections, first all to one node, then 25 to each of two, every node its own process of
// `apps/server/src/server.ts` (production, no jobs) on one PostgreSQL. The load generator runs in
// this process on the same machine, so on a 2-core machine the second node shares the cores with
// the first and with autocannon: the row says what a second node adds here, not on a real server.
// Run: npm run bench:two-nodes -w @vaxcal/bench
import type { Result } from "autocannon";
import { buildEngineCalendar, buildSubmitPayload } from "../apps/server/src/test/calendars.ts";
import {
  connections,
  describeMachine,
  formatNumber,
  insertFarmers,
  measureHelloWorld,
  printLoadTable,
  recordLoadResult,
  rotateBearerTokens,
  runLoad,
  runSeconds,
  startApiProcess,
  startBenchDatabase,
  stopApiProcess,
  type ApiProcess,
} from "./calendars-harness.ts";

const farmerCount = 2_000;
/** Two runs at once, half the connections each; the rates add, the worse latencies are kept. */
function combine([first, second]: [Result, Result]): Result {
  return {
    ...first,
    "2xx": first["2xx"] + second["2xx"],
    requests: { ...first.requests, average: first.requests.average + second.requests.average },
    latency: {
      ...first.latency,
      p50: Math.max(first.latency.p50, second.latency.p50),
      p99: Math.max(first.latency.p99, second.latency.p99),
    },
  };
}

const benchDatabase = await startBenchDatabase();
const nodes: ApiProcess[] = [];
try {
  const tokens = await insertFarmers(benchDatabase.database, farmerCount, farmerCount);
  const hello = await measureHelloWorld();
  nodes.push(...(await Promise.all([0, 1].map(() => startApiProcess(benchDatabase.url)))));
  const body = JSON.stringify(buildSubmitPayload(buildEngineCalendar()));
  const saves = (url: string, half: readonly string[], connectionCount: number) =>
    runLoad(
      {
        url,
        connections: connectionCount,
        requests: rotateBearerTokens(half, { method: "POST", path: "/api/calendar", body }),
      },
      `POST /api/calendar at ${url}`,
    );
  const [nodeA, nodeB] = nodes as [ApiProcess, ApiProcess];
  const oneNode = await saves(nodeA.url, tokens, connections);
  const twoNodes = combine(
    await Promise.all([
      saves(nodeA.url, tokens.slice(0, farmerCount / 2), connections / 2),
      saves(nodeB.url, tokens.slice(farmerCount / 2), connections / 2),
    ]),
  );
  await Promise.all(nodes.map(stopApiProcess));

  // Every 201 is a calendar written; saves in flight when a run stopped may add a few more.
  const { rows } = await benchDatabase.database.pool.query<{ calendars: string }>(
    "SELECT count(*) AS calendars FROM calendars",
  );
  const written = Number(rows[0]?.calendars);
  const answered = oneNode["2xx"] + twoNodes["2xx"];
  if (written < answered || written > answered + 2 * connections) {
    throw new Error(`${answered} saves answered 201, but ${written} calendars were written`);
  }

  const gain = twoNodes.requests.average / oneNode.requests.average;
  console.log(describeMachine());
  console.log(
    `${connections} connections, ${runSeconds} s each; every node its own process; ${formatNumber(written)} calendars written\n`,
  );
  printLoadTable(hello, [
    ["POST /api/calendar, one API node", oneNode],
    ["POST /api/calendar, two API nodes", twoNodes],
  ]);
  console.log(`\nTwo nodes ÷ one node: ${formatNumber(gain, 2)}`);
  recordLoadResult("POST /api/calendar, two API nodes against one", twoNodes, {
    name: "one API node, same run",
    result: oneNode,
  });
} finally {
  await Promise.all(nodes.map(stopApiProcess));
  await benchDatabase.stop();
}
