// The soak (issue 28, item 8): one API node, its own production process, under the mixed load
// of a farming day for SOAK_MINUTES (10 by default) at SOAK_RATE requests a second (200): the
// reference list, the builder's call, My Calendars, a cached PDF and an edit, in turn. Every
// answer must be a 2xx. It samples the node's resident memory every 15 s and, at the end, reads
// each cache's bytes and hit rate from /metrics. A node must stay under 512 MB.
// Run: npm run soak
import { readFile } from "node:fs/promises";
import { randomBytes } from "node:crypto";
import { referenceData } from "@vaxcal/reference-data";
import { addDays, updateShotDate } from "@vaxcal/schedule";
import autocannon from "autocannon";
import {
  buildEngineCalendar,
  buildSubmitPayload,
  dairySpringCows,
} from "../apps/server/src/test/calendars.ts";
import {
  describeMachine,
  formatNumber,
  insertSignedInFarmers,
  startApiProcess,
  startBenchDatabase,
  stopApiProcess,
  type ApiProcess,
} from "./calendars-harness.ts";
import { recordResult } from "./results.ts";

const minutes = Number(process.env.SOAK_MINUTES ?? 10);
const rate = Number(process.env.SOAK_RATE ?? 200);
const farmerCount = 500;
const sampleSeconds = 15;
const limitMb = 512;
const metricsToken = randomBytes(24).toString("hex");
async function readResidentMb(pid: number): Promise<number> {
  const status = await readFile(`/proc/${pid}/status`, "utf8");
  return Number(/VmRSS:\s+(\d+) kB/.exec(status)?.[1] ?? 0) / 1024;
}

/** Each cache's bytes and hit rate, as /metrics shows them. */
async function readCaches(url: string) {
  const response = await fetch(`${url}/metrics`, {
    headers: { authorization: `Bearer ${metricsToken}` },
  });
  if (response.status !== 200) throw new Error(`/metrics: ${response.status}`);
  const text = await response.text();
  const read = (series: string) =>
    Number(new RegExp(`^${series.replace(/[{}"|]/g, "\\$&")} (\\S+)$`, "m").exec(text)?.[1] ?? 0);
  return ["render_bodies", "render_versions", "reference_lists", "doses_due"].map((cache) => {
    const hits = read(`vaxcal_cache_lookups_total{cache="${cache}",result="hit"}`);
    const misses = read(`vaxcal_cache_lookups_total{cache="${cache}",result="miss"}`);
    return {
      cache,
      mb: read(`vaxcal_cache_bytes{cache="${cache}"}`) / 2 ** 20,
      boundMb: read(`vaxcal_cache_max_bytes{cache="${cache}"}`) / 2 ** 20,
      hitRate: hits + misses === 0 ? null : hits / (hits + misses),
    };
  });
}

const benchDatabase = await startBenchDatabase();
let node: ApiProcess | undefined;
try {
  const farmers = await insertSignedInFarmers(benchDatabase.database, farmerCount, farmerCount);
  node = await startApiProcess(benchDatabase.url, { METRICS_TOKEN: metricsToken });
  const { url } = node;
  const calendar = buildEngineCalendar();
  const createBody = JSON.stringify(buildSubmitPayload(calendar));
  const owned: { token: string; calendarId: number }[] = [];
  for (const { token } of farmers) {
    const response = await fetch(`${url}/api/calendar`, {
      method: "POST",
      headers: { "content-type": "application/json", authorization: `Bearer ${token}` },
      body: createBody,
    });
    if (response.status !== 201) throw new Error(`setup save: ${response.status}`);
    const { calendar: saved } = (await response.json()) as { calendar: { id: number } };
    owned.push({ token, calendarId: saved.id });
  }
  // Half the farmers download their PDF (cached once rendered), the other half edit.
  const readers = owned.slice(0, farmerCount / 2);
  const editors = owned.slice(farmerCount / 2);
  const firstShot = calendar.diseases[0]!.shots.find((shot) => !shot.isMirroredCopy)!;
  const editBodies = editors.map(({ calendarId }) =>
    [1, 2].map((days) => {
      const moved = updateShotDate(calendar, firstShot.id, addDays(firstShot.date!, days));
      if (!moved.ok) throw new Error(moved.error.message);
      return JSON.stringify(
        buildSubmitPayload(moved.value, dairySpringCows, { action: "update", calendarId }),
      );
    }),
  );
  const combination = referenceData.combinations.find(
    (candidate) =>
      candidate.enterprise_id === dairySpringCows.enterpriseId &&
      candidate.animal_id === dairySpringCows.animalId &&
      candidate.season_id === dairySpringCows.seasonId,
  )!;
  const builderPath = `/api/diseases?include=vaccine,vaccine.shots,vaccine.rules&seasonComboId=${combination.id}&birthDate=2027-02-01&breedingDate=2027-04-25`;

  let turn = 0;
  const nextRequest = (request: Record<string, unknown>) => {
    turn += 1;
    const reader = readers[turn % readers.length]!;
    const auth = (token: string) => ({ authorization: `Bearer ${token}` });
    switch (turn % 5) {
      case 0:
        return { ...request, method: "GET", path: "/api/enterprises-animals", headers: {} };
      case 1:
        return { ...request, method: "GET", path: builderPath, headers: {} };
      case 2:
        return {
          ...request,
          method: "GET",
          path: "/api/user/calendars",
          headers: auth(reader.token),
        };
      case 3:
        return {
          ...request,
          method: "GET",
          path: `/api/calendars/${reader.calendarId}/download`,
          headers: auth(reader.token),
        };
      default: {
        const index = turn % editors.length;
        const editor = editors[index]!;
        return {
          ...request,
          method: "PUT",
          path: `/api/calendar/${editor.calendarId}`,
          headers: { "content-type": "application/json", ...auth(editor.token) },
          body: editBodies[index]![Math.floor(turn / editors.length) % 2]!,
        };
      }
    }
  };

  const samples: { minute: number; mb: number }[] = [];
  const pid = node.child.pid!;
  const started = Date.now();
  samples.push({ minute: 0, mb: await readResidentMb(pid) });
  const sampler = setInterval(() => {
    void readResidentMb(pid).then((mb) =>
      samples.push({ minute: (Date.now() - started) / 60_000, mb }),
    );
  }, sampleSeconds * 1000);
  const result = await autocannon({
    url,
    connections: 20,
    overallRate: rate,
    duration: minutes * 60,
    requests: [{ setupRequest: nextRequest as never }],
  });
  clearInterval(sampler);
  samples.push({ minute: (Date.now() - started) / 60_000, mb: await readResidentMb(pid) });
  if (result.errors > 0 || result.timeouts > 0 || result.non2xx > 0) {
    throw new Error(
      `soak: ${result.errors} errors, ${result.timeouts} timeouts, ${result.non2xx} non-2xx of ${result.requests.total}`,
    );
  }
  const caches = await readCaches(url);

  const peak = Math.max(...samples.map((sample) => sample.mb));
  console.log(describeMachine());
  console.log(
    `\n${minutes} min at ${rate} requests/s asked (${formatNumber(result.requests.average)} answered a second), ${formatNumber(result["2xx"])} answers, all 2xx; p99 ${result.latency.p99} ms\n`,
  );
  console.log("| minute | resident memory (MB) |\n| ---: | ---: |");
  for (const sample of samples) {
    console.log(`| ${formatNumber(sample.minute, 1)} | ${formatNumber(sample.mb)} |`);
  }
  console.log("\n| cache | MB | bound (MB) | hit rate |\n| --- | ---: | ---: | ---: |");
  for (const cache of caches) {
    const hitRate = cache.hitRate === null ? "–" : `${formatNumber(cache.hitRate * 100, 1)} %`;
    console.log(
      `| ${cache.cache} | ${formatNumber(cache.mb, 2)} | ${formatNumber(cache.boundMb)} | ${hitRate} |`,
    );
  }
  console.log(`\nPeak resident memory ${formatNumber(peak)} MB (limit ${limitMb} MB)`);
  recordResult({
    endpoint: `soak: ${minutes} min of mixed load, peak resident memory`,
    perSecond: result.requests.average,
    p99Ms: result.latency.p99,
    value: `${formatNumber(peak)} MB`,
    target: `< ${limitMb} MB`,
    met: peak < limitMb,
  });
  if (peak >= limitMb) process.exitCode = 1;
} finally {
  if (node) await stopApiProcess(node);
  await benchDatabase.stop();
}
