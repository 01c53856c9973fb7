import {
  AnimalId,
  DiseaseId,
  referenceDataWithWindows as referenceData,
} from "@vaxcal/reference-data";
import { describe, expect, it } from "vitest";
import { buildCalendar } from "./build-calendar.ts";
import { buildDefault, offeredDiseases } from "./default-calendar.fixtures.ts";
import { addDays, type IsoDate } from "./iso-date.ts";
import { COURSE_FROM_TODAY_NOTE, type HerdStatus, type Shot } from "./schedule.types.ts";
import { describeSeasonTiming } from "./season-timing-words.ts";

/*
 * Decision 426: a young group answered "No, not yet" whose first course dose's window has closed
 * gets the course started from today, the later doses after the protocol's gaps, and the plan
 * says so in words; unless the course can no longer end inside its last dose's window before the
 * breeding or lambing it protects, when it stays "missed this season: talk to your vet". Today on
 * every day of 2027.
 */

const todays: IsoDate[] = Array.from({ length: 365 }, (_, index) => addDays("2027-01-01", index));

/** `startsSomeDay`: with the season's default dates, some day of 2027 needs a course from today. */
const courses = [
  {
    animalId: AnimalId.replacementHeifers,
    diseaseIds: [DiseaseId.bvd, DiseaseId.leptospirosis],
    startsSomeDay: true,
  },
  { animalId: AnimalId.weanlings, diseaseIds: [DiseaseId.pneumonia], startsSomeDay: true },
  {
    // The hoggets' default lambing keeps their first doses ahead; see the example below.
    animalId: AnimalId.hoggets,
    diseaseIds: [DiseaseId.clostridialAndPasteurellosisSheep, DiseaseId.footrot],
    startsSomeDay: false,
  },
] as const;

const templateOf = (shot: Shot) =>
  referenceData.shotTemplates.find((template) => template.id === shot.templateId);
const daysOf = (shot: Shot) => {
  const template = templateOf(shot);
  return template?.birth_days ?? template?.breeding_days ?? 0;
};
/** A course bound to the breeding or lambing it comes before, not to the animals' own age. */
const isBeforeEvent = (shot: Shot) => daysOf(shot) < 0;

/** What breaks the catch-up promise for one course column, in words; empty when it holds. */
function findCatchUpFaults(
  today: IsoDate,
  shots: readonly Shot[],
  shortestGap: number | null,
  /** False with other vaccines' doses about: a course with no day clear of them is not started. */
  mustStartWhereItFits: boolean,
): string[] {
  const course = shots
    .filter((shot) => !shot.isMirroredCopy && !shot.userInitiated)
    .filter((shot) => templateOf(shot)?.herd_status === "unprimed" && shot.is_recurrent === 0)
    .sort((left, right) => daysOf(left) - daysOf(right));
  const [first] = course;
  const last = course.at(-1);
  if (first === undefined || last === undefined) return ["no course"];
  const faults: string[] = [];
  for (const shot of course) {
    if (shot.date !== null && shot.date < today) faults.push(`${shot.id} is past`);
  }
  const startedToday = course.filter((shot) => shot.seasonTiming?.courseFromToday === true);
  if (first.date === null && first.seasonTiming?.state === "missed") {
    if (!mustStartWhereItFits) return faults;
    // Missed is right only where a course from today would end after its last dose's window.
    const lastTemplate = templateOf(last);
    const firstTemplate = templateOf(first);
    const firstLatest = firstTemplate?.latest_days ?? daysOf(first);
    const lastFrom = addDays(
      first.seasonTiming.window.to,
      (lastTemplate?.earliest_days ?? daysOf(last)) - firstLatest,
    );
    const lastTo = addDays(
      first.seasonTiming.window.to,
      (lastTemplate?.latest_days ?? daysOf(last)) - firstLatest,
    );
    const gaps = [daysOf(last) - daysOf(first), ...(shortestGap === null ? [] : [shortestGap])];
    if (!isBeforeEvent(last)) faults.push(`${first.id} missed, though the course has no event`);
    for (const gap of gaps) {
      const courseEnd = addDays(today, gap);
      if (lastFrom <= courseEnd && courseEnd <= lastTo) {
        faults.push(`${first.id} missed, though a course ending ${courseEnd} fits`);
      }
    }
    return faults;
  }
  if (startedToday.length === 0) return faults;
  if (startedToday[0] !== first) faults.push(`${first.id} does not say it started from today`);
  const start = first.date;
  const waitsTo = first.seasonTiming?.window.to ?? today;
  if (start === null || start < today || start > waitsTo) {
    faults.push(`${first.id} started on ${start}, not from today to ${waitsTo}`);
    return faults;
  }
  if (mustStartWhereItFits && start !== today) faults.push(`${first.id} alone waits to ${start}`);
  for (const shot of course.slice(1)) {
    const preferred = daysOf(shot) - daysOf(first);
    const expected = addDays(start, Math.min(preferred, shortestGap ?? preferred));
    if (shot.date === null || shot.date < expected) {
      faults.push(`${shot.id} on ${shot.date}, before the course's gap (${expected})`);
    }
  }
  return faults;
}

describe("catch-up courses for young groups (decision 426)", () => {
  const cases = courses.flatMap(({ animalId, diseaseIds, startsSomeDay }) =>
    referenceData.combinations
      .filter((combination) => combination.animal_id === animalId)
      .map((combination) => [combination.id, combination, diseaseIds, startsSomeDay] as const),
  );

  it.each(cases)(
    "combination %i: 'not yet' starts a missed course from today, on every day of 2027",
    (_id, combination, diseaseIds, startsSomeDay) => {
      const unprimed: Record<string, HerdStatus> = Object.fromEntries(
        diseaseIds.map((id) => [String(id), "unprimed" as const]),
      );
      const faults: string[] = [];
      let started = 0;
      for (const today of todays) {
        const calendar = buildDefault(combination, today, unprimed, "default");
        for (const diseaseId of diseaseIds) {
          const disease = referenceData.diseases.find(({ id }) => id === diseaseId);
          if (disease === undefined) continue;
          // The disease alone: no other vaccine's dose to keep clear of.
          const alone = buildCalendar({
            setup: calendar.setup,
            diseases: [disease],
            vaccines: referenceData.vaccines,
            shotTemplates: referenceData.shotTemplates,
            today,
          });
          for (const [mustStart, { diseases }] of [
            [false, calendar],
            [true, alone],
          ] as const) {
            const column = diseases.find((candidate) => candidate.diseaseId === diseaseId);
            if (column === undefined) continue;
            if (column.shots.some((shot) => shot.seasonTiming?.courseFromToday === true)) {
              started += 1;
            }
            const course = column.vaccine?.rules.course_interval_days ?? null;
            const shortestGap = course === null ? null : course.from;
            for (const fault of findCatchUpFaults(today, column.shots, shortestGap, mustStart)) {
              faults.push(`${today} disease ${diseaseId}${mustStart ? " alone" : ""}: ${fault}`);
            }
          }
        }
      }
      expect(faults.slice(0, 10), `${faults.length} faults`).toEqual([]);
      // The test cannot pass by never starting a course: some day of the year needs one.
      if (startsSomeDay) expect(started).toBeGreaterThan(0);
    },
  );

  it("starts hoggets' Heptavac P Plus from today with the SPC's 4 weeks, inside the window before lambing", () => {
    const hoggets = referenceData.combinations.find(
      (combination) => combination.animal_id === AnimalId.hoggets,
    );
    if (hoggets === undefined) throw new Error("No hoggets combination");
    const today = "2027-01-08";
    const unprimed: Record<string, HerdStatus> = {
      [String(DiseaseId.clostridialAndPasteurellosisSheep)]: "unprimed",
    };
    const { setup } = buildDefault(hoggets, today, unprimed, "default");
    // Lambing from 10 March: the 1st dose's window (11 to 9 weeks before) closed on 6 January.
    const calendar = buildCalendar({
      setup: { ...setup, birthDate: "2027-03-10", birthEndDate: null },
      diseases: offeredDiseases(AnimalId.hoggets),
      vaccines: referenceData.vaccines,
      shotTemplates: referenceData.shotTemplates,
      today,
    });
    const column = calendar.diseases.find(
      ({ diseaseId }) => diseaseId === DiseaseId.clostridialAndPasteurellosisSheep,
    );
    const course = (column?.shots ?? [])
      .filter((shot) => templateOf(shot)?.herd_status === "unprimed")
      .map((shot) => [shot.custom_name, shot.date, describeSeasonTiming(shot.seasonTiming, today)]);
    expect(course).toEqual([
      ["Heptavac P Plus (1st dose)", "2027-01-08", COURSE_FROM_TODAY_NOTE],
      // 4 weeks on (S14: 4–6 weeks apart), 33 days before lambing: inside 6 to 4 weeks before it.
      ["Heptavac P Plus (2nd dose)", "2027-02-05", null],
    ]);
  });

  it("says in words what the plan did", () => {
    expect(COURSE_FROM_TODAY_NOTE).toBe(
      "Started from today: the first dose's usual time has passed",
    );
  });
});
