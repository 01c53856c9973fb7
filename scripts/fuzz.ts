// `npm run fuzz`: the route fuzzer of `npm test` (apps/server/src/app-tests/routes.fuzz.test.ts)
// for a given time on a fresh random seed, against the whole app and a real PostgreSQL. Prints the
// seed first, so a failure can be replayed, and the counts last; exits 1 on any 5xx, any write
// on a 4xx, or a run that did not finish.
//
//   npm run fuzz                                  10 minutes, random seed
//   FUZZ_MINUTES=2 npm run fuzz                   2 minutes
//   FUZZ_SEED=123456 FUZZ_MINUTES=10 npm run fuzz the same requests again
import { spawnSync } from "node:child_process";
import { randomInt } from "node:crypto";
import { existsSync, mkdirSync, readFileSync, rmSync } from "node:fs";
import { describeFuzzReport, type FuzzReport } from "../apps/server/src/test/fuzz-report.ts";

const minutes = Number(process.env.FUZZ_MINUTES ?? 10);
if (!Number.isFinite(minutes) || minutes <= 0) {
  console.error(
    `FUZZ_MINUTES must be a positive number of minutes (got ${process.env.FUZZ_MINUTES})`,
  );
  process.exit(2);
}
// fast-check takes a 32-bit seed; each round moves it on by 4, so leave room.
const seed = process.env.FUZZ_SEED ? Number(process.env.FUZZ_SEED) : randomInt(1, 2 ** 30);
if (!Number.isSafeInteger(seed)) {
  console.error(`FUZZ_SEED must be an integer (got ${process.env.FUZZ_SEED})`);
  process.exit(2);
}

const reportDir = ".tmp/fuzz";
const reportPath = `${reportDir}/report-${seed}.json`;
mkdirSync(reportDir, { recursive: true });
rmSync(reportPath, { force: true });

console.log(`▶ fuzzing every route for ${minutes} minutes, seed ${seed}`);
console.log(`  replay: FUZZ_SEED=${seed} FUZZ_MINUTES=${minutes} npm run fuzz`);
const run = spawnSync(
  "npx",
  ["vitest", "run", "--project", "server", "apps/server/src/app-tests/routes.fuzz.test.ts"],
  {
    stdio: "inherit",
    env: {
      ...process.env,
      FUZZ_SEED: String(seed),
      FUZZ_MINUTES: String(minutes),
      FUZZ_REPORT: reportPath,
    },
  },
);

if (!existsSync(reportPath)) {
  console.error(`\n✖ the fuzz run ended without a report (exit ${run.status ?? run.signal})`);
  process.exit(1);
}
const report = JSON.parse(readFileSync(reportPath, "utf8")) as FuzzReport;
console.log(`\n${describeFuzzReport(report)}`);
const failed = run.status !== 0 || report.serverErrors > 0 || report.writesOn4xx > 0;
if (failed) {
  console.error(
    `\n✖ fuzzing failed; replay: FUZZ_SEED=${seed} FUZZ_MINUTES=${minutes} npm run fuzz`,
  );
  process.exit(1);
}
console.log("\n✔ no 5xx, no writes on a 4xx");
