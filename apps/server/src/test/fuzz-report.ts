/**
 * What a timed fuzz run (`npm run fuzz`, `app-tests/routes.fuzz.test.ts` with FUZZ_MINUTES) writes
 * to FUZZ_REPORT, and `scripts/fuzz.ts` prints.
 */
export type FuzzReport = {
  seed: number;
  minutes: number;
  rounds: number;
  requests: number;
  byStatusClass: Record<string, number>;
  serverErrors: number;
  writesOn4xx: number;
  /** One line per distinct problem, with a request to replay; empty when there is none. */
  problems: string;
};

/** The report as the closing lines of a run. */
export function describeFuzzReport(report: FuzzReport): string {
  const classes = Object.entries(report.byStatusClass)
    .map(([name, count]) => `${name} ${count}`)
    .join(", ");
  return [
    `seed ${report.seed}, ${report.minutes} minutes, ${report.rounds} rounds`,
    `${report.requests} requests: ${classes}`,
    `${report.serverErrors} 5xx, ${report.writesOn4xx} writes on a 4xx`,
    ...(report.problems ? [report.problems] : []),
  ].join("\n");
}
