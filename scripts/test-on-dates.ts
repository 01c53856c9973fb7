// `npm run test:dates`: Vitest with the machine's clock moved to awkward days, to show that no test
// depends on the real date. Debian's libfaketime moves the clock of every process the run starts
// (Node, the embedded PostgreSQL, pdftotext) by one offset, so they agree with each other.
//
//   npm run test:dates                       every day below, every Vitest project
//   npm run test:dates -- 2027-02-01T09:00Z  one instant (UTC), every project
//   npm run test:dates -- --project web      every day below, the web project only
import { spawnSync } from "node:child_process";
import { existsSync } from "node:fs";

/** New Year, a leap day, both clock changes in Ireland, midnight in Dublin before UTC's, mid-year. */
const awkwardInstants = [
  "2027-01-01T00:30:00Z",
  "2028-02-29T12:00:00Z",
  "2027-03-28T01:30:00Z",
  "2027-08-31T23:30:00Z",
  "2027-10-31T00:30:00Z",
  "2027-06-15T09:00:00Z",
];

const instantPattern = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}(:\d{2})?Z$/;
const args = process.argv.slice(2);
const chosen = args.filter((arg) => instantPattern.test(arg));
const vitestArgs = args.filter((arg) => !instantPattern.test(arg));

if (!existsSync("/usr/bin/faketime")) {
  console.error("test:dates needs libfaketime: apt-get install -y faketime");
  process.exit(1);
}

const failures: string[] = [];
for (const instant of chosen.length > 0 ? chosen : awkwardInstants) {
  const offsetSeconds = Math.round((Date.parse(instant) - Date.now()) / 1000);
  const offset = `${offsetSeconds >= 0 ? "+" : ""}${offsetSeconds}s`;
  console.log(`\n▶ today is ${instant} (clock moved ${offset})`);
  const result = spawnSync("faketime", ["-f", offset, "npx", "vitest", "run", ...vitestArgs], {
    stdio: "inherit",
  });
  if (result.status !== 0) failures.push(instant);
}
if (failures.length > 0) {
  console.error(`\nFailed on: ${failures.join(", ")}`);
  process.exit(1);
}
