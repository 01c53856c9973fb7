import {
  AnimalId,
  DiseaseId,
  SeasonId,
  VaccineId,
  referenceDataWithWindows as referenceData,
} from "@vaxcal/reference-data";
import { describe, expect, it } from "vitest";
import { buildCalendar } from "./build-calendar.ts";
import { checkProtocol, ProtocolRule } from "./check-protocol.ts";
import { addDays, type IsoDate } from "./iso-date.ts";
import type { Calendar, CalendarSetup, ShotTemplateInput } from "./schedule.types.ts";

/*
 * Issue 24, item 5 and decision 422: step 1 asks when the youngest of a group of first breeders
 * was born, where a dose has a minimum age (Bovilis BVD from 8 months, S1; Enzovax and Toxovax
 * from 5 months, S16, S18). A dose with a minimum age is never dated before the youngest reaches
 * it: moved to that day where its window (and its course's gap) allows, else kept, with a warning
 * in words on the dose. Without the answer nothing changes.
 */

const heifers: CalendarSetup = {
  enterprise: { id: 1 },
  season: { id: SeasonId.springCalving },
  animal: { id: AnimalId.replacementHeifers, isAdult: true },
  birthDate: "2028-02-01",
  breedingDate: "2027-04-25",
};
const hoggets: CalendarSetup = {
  enterprise: { id: 3 },
  season: { id: SeasonId.midSeasonLambing },
  animal: { id: AnimalId.hoggets, isAdult: true },
  birthDate: "2028-03-01",
  breedingDate: "2027-10-05",
};

const diseasesOf = (...ids: number[]) =>
  referenceData.diseases.filter((disease) => ids.includes(disease.id));

function build(
  setup: CalendarSetup,
  diseaseIds: number[],
  today: IsoDate,
  shotTemplates: readonly ShotTemplateInput[] = referenceData.shotTemplates,
): Calendar {
  return buildCalendar({
    setup,
    diseases: diseasesOf(...diseaseIds),
    vaccines: referenceData.vaccines,
    shotTemplates,
    today,
  });
}

/** Each generated dose as `template date`, column by column. */
function datesOf(calendar: Calendar): string[] {
  return calendar.diseases.flatMap((column) =>
    column.shots
      .filter((shot) => shot.cycle === 1)
      .map((shot) => `${shot.templateId} ${shot.date}`),
  );
}

function ownAgeWarnings(calendar: Calendar) {
  return checkProtocol(calendar, { shotTemplates: referenceData.shotTemplates })
    .filter((warning) => warning.rule === ProtocolRule.youngestUnderAge)
    .map((warning) => `${warning.shotIds.join(",")}: ${warning.message}`);
}

const hoggetDiseases = [DiseaseId.enzooticAbortion, DiseaseId.toxoplasmosis];
const enzovaxTooYoung =
  "The youngest hoggets are under 5 months old on this date: Enzovax is given from 5 months of age (SPC). Talk to your vet about when to tup them.";
const bvdTooYoung =
  "The youngest heifers are under 8 months old on this date: Bovilis BVD is given from 8 months of age (SPC). Talk to your vet about when to breed them.";

describe("hoggets' Enzovax and Toxovax wait for the youngest to reach 5 months (S16, S18)", () => {
  // Tupping 5 October 2027: both at tupping −70, 27 July; Enzovax's window to 7 September
  // (−28), Toxovax's to 14 September (−21).
  const today = "2027-06-01";

  it.each([
    ["no answer", undefined, ["32 2027-07-27", "33 2027-07-27"]],
    ["born 1 January: 5 months on 1 June", "2027-01-01", ["32 2027-07-27", "33 2027-07-27"]],
    ["born 27 February: 5 months on 27 July", "2027-02-27", ["32 2027-07-27", "33 2027-07-27"]],
    ["born 15 March: both move to 15 August", "2027-03-15", ["32 2027-08-15", "33 2027-08-15"]],
    ["born 7 April: both move to 7 September", "2027-04-07", ["32 2027-09-07", "33 2027-09-07"]],
    ["born 8 April: only Toxovax can move", "2027-04-08", ["32 2027-07-27", "33 2027-09-08"]],
    ["born 1 May: neither can move", "2027-05-01", ["32 2027-07-27", "33 2027-07-27"]],
  ] as const)("%s", (_name, youngest, expected) => {
    const setup = youngest === undefined ? hoggets : { ...hoggets, youngestBirthDate: youngest };
    expect(datesOf(build(setup, hoggetDiseases, today))).toEqual(expected);
  });

  it("warns in words on a dose that could not move, and on nothing else", () => {
    const moved = build({ ...hoggets, youngestBirthDate: "2027-03-15" }, hoggetDiseases, today);
    expect(ownAgeWarnings(moved)).toEqual([]);
    const enzovaxKept = build(
      { ...hoggets, youngestBirthDate: "2027-04-08" },
      hoggetDiseases,
      today,
    );
    expect(ownAgeWarnings(enzovaxKept)).toEqual([`12-32: ${enzovaxTooYoung}`]);
    const bothKept = build({ ...hoggets, youngestBirthDate: "2027-05-01" }, hoggetDiseases, today);
    expect(ownAgeWarnings(bothKept)).toEqual([
      `12-32: ${enzovaxTooYoung}`,
      "13-33: The youngest hoggets are under 5 months old on this date: Toxovax is given from 5 months of age (SPC). Talk to your vet about when to tup them.",
    ]);
  });
});

describe("heifers' Bovilis BVD waits for the youngest to reach 8 months (S1)", () => {
  // Breeding 25 April 2027: the course at −56 (28 February) and −28 (28 March), each a one-day
  // window (the 2nd dose at the latest 4 weeks before breeding, 4 weeks after the 1st).
  it.each([
    ["no answer", undefined],
    ["born 28 June 2026: 8 months on 28 February", "2026-06-28"],
    ["born 15 July 2026: too young for the 1st dose", "2026-07-15"],
    ["born 1 September 2026: too young for both", "2026-09-01"],
  ] as const)("%s keeps the course, which cannot move", (_name, youngest) => {
    const setup = youngest === undefined ? heifers : { ...heifers, youngestBirthDate: youngest };
    expect(datesOf(build(setup, [DiseaseId.bvd], "2026-11-27"))).toEqual([
      "9 2027-02-28",
      "10 2027-03-28",
    ]);
  });

  it("warns on each dose given before the youngest is 8 months old", () => {
    const today = "2026-11-27";
    expect(ownAgeWarnings(build(heifers, [DiseaseId.bvd], today))).toEqual([]);
    const old = build({ ...heifers, youngestBirthDate: "2026-06-28" }, [DiseaseId.bvd], today);
    expect(ownAgeWarnings(old)).toEqual([]);
    const first = build({ ...heifers, youngestBirthDate: "2026-07-15" }, [DiseaseId.bvd], today);
    expect(ownAgeWarnings(first)).toEqual([`1-9: ${bvdTooYoung}`]);
    const both = build({ ...heifers, youngestBirthDate: "2026-09-01" }, [DiseaseId.bvd], today);
    expect(ownAgeWarnings(both)).toEqual([`1-9: ${bvdTooYoung}`, `1-10: ${bvdTooYoung}`]);
  });

  it("moves a course whose windows allow it, keeping the 2nd dose 4 weeks after the 1st", () => {
    // The same course with wider windows: the 1st dose −84 to −42, the 2nd −56 to −14.
    const widened = referenceData.shotTemplates.map((template) =>
      template.id === 9
        ? { ...template, earliest_days: -84, latest_days: -42 }
        : template.id === 10
          ? { ...template, earliest_days: -56, latest_days: -14 }
          : template,
    );
    const today = "2026-11-27";
    // 8 months on 6 March 2027 (breeding −50): the 1st dose then, the 2nd 4 weeks later (−22).
    const moved = build({ ...heifers, youngestBirthDate: "2026-07-06" }, [1], today, widened);
    expect(datesOf(moved)).toEqual(["9 2027-03-06", "10 2027-04-03"]);
    expect(ownAgeWarnings(moved)).toEqual([]);
    // 8 months on 14 March (−42): the 2nd dose would be at −14, still inside; on 15 March the 2nd
    // dose's window is shut, so the plan stays as it was, with the warning.
    const last = build({ ...heifers, youngestBirthDate: "2026-07-14" }, [1], today, widened);
    expect(datesOf(last)).toEqual(["9 2027-03-14", "10 2027-04-11"]);
    const kept = build({ ...heifers, youngestBirthDate: "2026-07-15" }, [1], today, widened);
    expect(datesOf(kept)).toEqual(["9 2027-02-28", "10 2027-03-28"]);
    expect(ownAgeWarnings(kept)).toEqual([`1-9: ${bvdTooYoung}`]);
  });
});

describe("with today on several days, 29 February 2028 among them", () => {
  const todays: IsoDate[] = ["2027-01-01", "2027-02-15", "2027-06-15", "2027-09-01", "2028-02-29"];
  const cases = [
    { name: "heifers", base: heifers, diseases: [DiseaseId.bvd], minAge: 8 },
    { name: "hoggets", base: hoggets, diseases: hoggetDiseases, minAge: 5 },
  ];

  /** The heifers' or hoggets' coming breeding or tupping from today. */
  function setupFor(base: CalendarSetup, today: IsoDate): CalendarSetup {
    const year = Number(today.slice(0, 4));
    const breedingMonthDay = base.breedingDate!.slice(4);
    let breedingDate = `${year}${breedingMonthDay}`;
    if (breedingDate < addDays(today, 60)) breedingDate = `${year + 1}${breedingMonthDay}`;
    return { ...base, breedingDate, birthDate: addDays(breedingDate, 283) };
  }

  /** The day a youngest born on `born` is `months` months old (1 March for 29 February + 12). */
  function ageDay(born: IsoDate, months: number): IsoDate {
    const [year, month, day] = born.split("-").map(Number) as [number, number, number];
    const total = year * 12 + month - 1 + months;
    const target = new Date(Date.UTC(Math.floor(total / 12), total % 12, day));
    return target.toISOString().slice(0, 10);
  }

  for (const { name, base, diseases, minAge } of cases) {
    it.each(todays)(`${name}: no dose before the youngest's age without a warning, %s`, (today) => {
      const setup = setupFor(base, today);
      const plain = build(setup, diseases, today);
      const faults: string[] = [];
      for (let weeksOld = 0; weeksOld <= 80; weeksOld += 3) {
        const youngest = addDays(today, -7 * weeksOld);
        const calendar = build({ ...setup, youngestBirthDate: youngest }, diseases, today);
        const warned = new Set(ownAgeWarnings(calendar).map((line) => line.split(":")[0]));
        const ofAge = ageDay(youngest, minAge);
        for (const column of calendar.diseases) {
          for (const shot of column.shots) {
            if (shot.date === null || shot.cycle !== 1) continue;
            if (shot.date < ofAge && !warned.has(shot.id)) {
              faults.push(`${youngest}: ${shot.id} on ${shot.date} before ${ofAge}, no warning`);
            }
            if (shot.date < today) faults.push(`${youngest}: ${shot.id} before today`);
          }
        }
        if (
          ageDay(youngest, minAge) <=
          datesOf(plain)
            .map((line) => line.split(" ")[1]!)
            .sort()[0]!
        ) {
          // Old enough for every dose: the plan is the one without an answer.
          if (datesOf(calendar).join() !== datesOf(plain).join()) {
            faults.push(`${youngest}: old enough, but the plan changed`);
          }
        }
      }
      expect(faults).toEqual([]);
    });
  }

  it("keeps the vaccines' minimum ages from the reference (S1, S16, S18)", () => {
    const minAge = (id: number) =>
      referenceData.vaccines.find((vaccine) => vaccine.id === id)?.rules.min_age_days;
    expect(minAge(VaccineId.bovilisBvd)).toBe(240);
    expect(minAge(VaccineId.enzovax)).toBe(150);
    expect(minAge(VaccineId.toxovax)).toBe(150);
  });
});
