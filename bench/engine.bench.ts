// The schedule engine's throughput: calendars built per second for the heaviest seeded setup, with
// structuredClone of the same input as a baseline measured in the same run, so the ratio holds on
// any machine. Not a test: run it with `npm run bench:engine -w @vaxcal/bench`.
import { referenceData } from "@vaxcal/reference-data";
import {
  buildCalendar,
  checkProtocol,
  prepareForSubmit,
  resolveSeasonDefaults,
  updateShotDate,
  type BuildCalendarInput,
} from "@vaxcal/schedule";
import { Bench } from "tinybench";
import { recordResult, scaledSeconds } from "./results.ts";

/** The floor: calendars per second on one core (Node runs the engine on one thread). */
const FLOOR_CALENDARS_PER_SECOND = 10_000;
// A fixed day keeps runs comparable; the heaviest setup is the same on any day of the year.
const TODAY = "2026-11-21";

function createInput(combinationId: number): BuildCalendarInput {
  const combination = referenceData.combinations.find(({ id }) => id === combinationId);
  const animal = referenceData.animals.find(({ id }) => id === combination?.animal_id);
  if (!combination || !animal) throw new Error(`No seeded combination ${combinationId}`);
  return {
    setup: {
      enterprise: { id: combination.enterprise_id },
      animal,
      ...resolveSeasonDefaults(combination, TODAY),
    },
    diseases: referenceData.diseases.filter(({ animals }) =>
      animals.some(({ animal_id }) => animal_id === animal.id),
    ),
    vaccines: referenceData.vaccines,
    shotTemplates: referenceData.shotTemplates,
    today: TODAY,
  };
}

const countShots = (input: BuildCalendarInput) =>
  buildCalendar(input).diseases.reduce((count, { shots }) => count + shots.length, 0);

// The heaviest setup: the seeded combination whose calendar, with all its diseases, has most shots.
const heaviest = referenceData.combinations
  .map(({ id }) => ({ id, input: createInput(id) }))
  .map((candidate) => ({ ...candidate, shots: countShots(candidate.input) }))
  .reduce((best, candidate) => (candidate.shots > best.shots ? candidate : best));
const input = heaviest.input;
const calendar = buildCalendar(input);
const editable = calendar.diseases
  .flatMap(({ shots }) => shots)
  .find((shot) => !shot.isMirroredCopy);
if (!editable?.date) throw new Error("The heaviest calendar has no editable shot");

// Results go to a module-level sink so the optimiser cannot drop the work.
let sink: unknown;
const tasks = {
  build: "buildCalendar",
  clone: "structuredClone(input) (baseline)",
  edit: "updateShotDate (one edit)",
  check: "checkProtocol",
  submit: "prepareForSubmit",
} as const;

// 2 s per task, scaled by BENCH_SCALE (`npm run bench -- --quick`).
const bench = new Bench({ time: scaledSeconds(2) * 1_000, warmupTime: 500 });
bench
  .add(tasks.build, () => {
    sink = buildCalendar(input);
  })
  .add(tasks.clone, () => {
    sink = structuredClone(input);
  })
  .add(tasks.edit, () => {
    sink = updateShotDate(calendar, editable.id, "2027-01-02");
  })
  .add(tasks.check, () => {
    sink = checkProtocol(calendar);
  })
  .add(tasks.submit, () => {
    sink = prepareForSubmit(calendar);
  });

await bench.warmup();
await bench.run();
void sink;

const hzOf = (name: string) => bench.getTask(name)?.result?.hz ?? 0;
const format = (value: number) => Math.round(value).toLocaleString("en-IE");

console.log(`Node ${process.version}, ${process.platform} ${process.arch}, today ${TODAY}`);
console.log(
  `Heaviest seeded setup: combination ${heaviest.id}, ${input.diseases.length} diseases, ` +
    `${heaviest.shots} shots, ${calendar.months.length} grid months\n`,
);
console.log("| operation | per second | mean (µs) | p99 (µs) | ± |");
console.log("| --- | ---: | ---: | ---: | ---: |");
for (const task of bench.tasks) {
  const result = task.result;
  if (!result) continue;
  console.log(
    `| ${task.name} | ${format(result.hz)} | ${(result.mean * 1000).toFixed(1)} | ` +
      `${(result.p99 * 1000).toFixed(1)} | ${result.rme.toFixed(1)}% |`,
  );
}

const calendarsPerSecond = hzOf(tasks.build);
const ratio = calendarsPerSecond / hzOf(tasks.clone);
console.log(
  `\nbuildCalendar: ${format(calendarsPerSecond)} calendars/s, ` +
    `${ratio.toFixed(2)}× the structuredClone baseline; floor ${format(FLOOR_CALENDARS_PER_SECOND)}/s.`,
);
recordResult({
  endpoint: "buildCalendar (heaviest setup, one thread)",
  perSecond: calendarsPerSecond,
  p99Ms: bench.getTask(tasks.build)?.result?.p99,
  baselineName: "structuredClone(input)",
  baselinePerSecond: hzOf(tasks.clone),
  ratio,
  target: `≥ ${format(FLOOR_CALENDARS_PER_SECOND)}/s`,
  met: calendarsPerSecond >= FLOOR_CALENDARS_PER_SECOND,
});
for (const name of [tasks.edit, tasks.check]) {
  const result = bench.getTask(name)?.result;
  recordResult({ endpoint: name, perSecond: result?.hz, p99Ms: result?.p99 });
}
if (calendarsPerSecond < FLOOR_CALENDARS_PER_SECOND) {
  console.error(`Below the floor of ${format(FLOOR_CALENDARS_PER_SECOND)} calendars/s.`);
  process.exit(1);
}
