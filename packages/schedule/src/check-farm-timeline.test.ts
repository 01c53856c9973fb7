import {
  AnimalId,
  DiseaseId,
  EnterpriseId,
  referenceDataWithWindows as referenceData,
  SeasonId,
  VaccineId,
} from "@vaxcal/reference-data";
import { describe, expect, it } from "vitest";
import { buildCalendar } from "./build-calendar.ts";
import type { FarmStage } from "./check-farm-timeline.ts";
import {
  checkFarmTimeline,
  FarmTimelineRule,
  type TimelineCalendar,
  type TimelineShot,
} from "./check-farm-timeline.ts";
import { moveToYear, readYear, type IsoDate } from "./iso-date.ts";

/*
 * One farm, one timeline (decision 420): must-warn and must-not-warn cases, then the default
 * chain of each cattle season (calves, weanlings, heifers, cows) with no warning at all.
 */

const { dairy, beef } = EnterpriseId;
const { springCalving, autumnCalving } = SeasonId;

function shot(
  id: string,
  diseaseId: number,
  vaccineId: number,
  date: IsoDate,
  name = `shot ${id}`,
): TimelineShot {
  return { id, diseaseId, vaccineId, date, name };
}

function calendar(
  id: number,
  stage: FarmStage,
  birthDate: IsoDate,
  shots: TimelineShot[],
  overrides: Partial<TimelineCalendar> = {},
): TimelineCalendar {
  return {
    id,
    label: `${stage} ${id}`,
    stage,
    enterpriseId: dairy,
    seasonId: springCalving,
    birthDate,
    shots,
    ...overrides,
  };
}

const check = (calendars: TimelineCalendar[]) =>
  checkFarmTimeline({
    calendars,
    vaccines: referenceData.vaccines,
    shotTemplates: referenceData.shotTemplates,
  });

const covexin = (id: string, date: IsoDate, name = "Covexin 10") =>
  shot(id, DiseaseId.clostridialCattle, VaccineId.covexin10, date, name);
const bovipast = (id: string, date: IsoDate) =>
  shot(id, DiseaseId.pneumonia, VaccineId.bovilisBovipastRsp, date, "Bovipast RSP (1st dose)");
const lepto = (id: string, date: IsoDate) =>
  shot(id, DiseaseId.leptospirosis, VaccineId.bovilisLeptavoidH, date, "Leptavoid-H");

describe("checkFarmTimeline: must warn", () => {
  it("names both calendars and both shots when calves' Covexin and weanlings' Bovipast are 7 days apart", () => {
    const warnings = check([
      calendar(1, "calves", "2027-09-15", [covexin("c1", "2027-10-20", "Covexin 10 (1st dose)")], {
        label: "Calves, autumn calving",
        seasonId: autumnCalving,
      }),
      calendar(2, "weanlings", "2027-09-15", [bovipast("w1", "2027-10-27")], {
        label: "Weanlings, autumn calving",
        seasonId: autumnCalving,
      }),
    ]);
    expect(warnings).toEqual([
      {
        rule: FarmTimelineRule.spacing,
        calendarIds: [1, 2],
        shots: [
          { calendarId: 1, shotId: "c1", date: "2027-10-20" },
          { calendarId: 2, shotId: "w1", date: "2027-10-27" },
        ],
        message:
          "The same animals get Covexin 10 (1st dose) on 20 October 2027 (Calves, autumn calving) " +
          "and Bovipast RSP (1st dose) on 27 October 2027 (Weanlings, autumn calving), 7 days apart. " +
          "Move one so there are at least 14 days between different vaccines, unless your vet says they can go together.",
      },
    ]);
  });

  it("warns of about 15 months between the weanlings' Covexin booster and the heifers' next dose", () => {
    const warnings = check([
      calendar(
        1,
        "weanlings",
        "2027-02-01",
        [covexin("w1", "2027-09-27", "Covexin 10 (booster)")],
        {
          label: "Weanlings, spring calving",
        },
      ),
      calendar(2, "heifers", "2029-02-01", [covexin("h1", "2028-12-28")], {
        label: "Replacement Heifers, spring calving",
      }),
    ]);
    expect(warnings).toHaveLength(1);
    expect(warnings[0]?.rule).toBe(FarmTimelineRule.boosterGap);
    expect(warnings[0]?.calendarIds).toEqual([1, 2]);
    expect(warnings[0]?.message).toBe(
      "About 15 months between Covexin 10 (booster) on 27 September 2027 (Weanlings, spring calving) " +
        "and Covexin 10 on 28 December 2028 (Replacement Heifers, spring calving): longer than the " +
        "12 months Covexin 10 protects for. Add a booster within 12 months of the first, or talk to your vet.",
    );
  });

  it("warns of about 17 months without lepto from the autumn heifers' course to the cows' spring booster", () => {
    const autumn = { seasonId: autumnCalving };
    const cowsLepto = [2028, 2029, 2030, 2031].map((year) => lepto(`k${year}`, `${year}-03-31`));
    const warnings = check([
      calendar(
        1,
        "heifers",
        "2029-09-15",
        [lepto("h1", "2028-09-22"), lepto("h2", "2028-10-20")],
        autumn,
      ),
      calendar(2, "cows", "2027-09-15", cowsLepto, autumn),
    ]);
    expect(warnings.map((warning) => [warning.rule, warning.shots.map((ref) => ref.date)])).toEqual(
      [[FarmTimelineRule.boosterGap, ["2028-10-20", "2030-03-31"]]],
    );
  });

  it("follows lambs to hoggets", () => {
    const heptavac = (id: string, date: IsoDate) =>
      shot(id, DiseaseId.clostridialAndPasteurellosisSheep, VaccineId.heptavacPPlus, date);
    const warnings = check([
      calendar(
        1,
        "lambs",
        "2027-03-01",
        [heptavac("l1", "2027-03-22"), heptavac("l2", "2027-05-03")],
        {
          seasonId: SeasonId.midSeasonLambing,
          enterpriseId: EnterpriseId.sheep,
        },
      ),
      calendar(2, "hoggets", "2029-03-01", [heptavac("g1", "2028-12-14")], {
        seasonId: SeasonId.midSeasonLambing,
        enterpriseId: EnterpriseId.sheep,
      }),
    ]);
    expect(warnings.map((warning) => warning.rule)).toEqual([FarmTimelineRule.boosterGap]);
  });
});

describe("checkFarmTimeline: must not warn", () => {
  const calves = (overrides: Partial<TimelineCalendar> = {}) =>
    calendar(1, "calves", "2027-09-15", [covexin("c1", "2027-10-20")], {
      seasonId: autumnCalving,
      ...overrides,
    });
  const weanlings = (overrides: Partial<TimelineCalendar> = {}) =>
    calendar(2, "weanlings", "2027-09-15", [bovipast("w1", "2027-10-27")], {
      seasonId: autumnCalving,
      ...overrides,
    });

  it.each([
    ["another season's weanlings", calves(), weanlings({ seasonId: springCalving })],
    ["another enterprise's weanlings", calves(), weanlings({ enterpriseId: beef })],
    ["weanlings born a year earlier", calves(), weanlings({ birthDate: "2026-09-15" })],
    [
      "vaccines the literature allows together (Bovilis BVD and IBR Marker Live)",
      calves({ shots: [shot("c1", DiseaseId.bvd, VaccineId.bovilisBvd, "2027-10-20")] }),
      weanlings({
        shots: [shot("w1", DiseaseId.ibr, VaccineId.bovilisIbrMarkerLive, "2027-10-27")],
      }),
    ],
    ["14 days apart", calves(), weanlings({ shots: [bovipast("w1", "2027-11-03")] })],
    ["a calendar without a stage (the ram)", calves(), weanlings({ stage: null })],
  ])("%s", (_name, left, right) => {
    expect(check([left, right])).toEqual([]);
  });

  it("leaves two shots of one calendar to that calendar's own checks", () => {
    expect(
      check([
        calves({ shots: [covexin("c1", "2027-10-20"), bovipast("c2", "2027-10-27")] }),
        weanlings({ shots: [] }),
      ]),
    ).toEqual([]);
  });

  it("takes a booster exactly 12 months on as in time, and a course vaccine with no yearly booster as none due", () => {
    expect(
      check([
        calendar(1, "weanlings", "2027-02-01", [
          covexin("w1", "2028-01-17"),
          bovipast("w2", "2027-08-16"),
        ]),
        calendar(2, "heifers", "2029-02-01", [
          covexin("h1", "2029-01-17"),
          bovipast("h2", "2028-12-16"),
        ]),
      ]),
    ).toEqual([]);
  });

  it("counts the cows' doses for the heifers only from their first calving", () => {
    expect(
      check([
        calendar(1, "heifers", "2029-02-01", [lepto("h1", "2028-03-14")]),
        calendar(2, "cows", "2027-02-01", [
          lepto("k1", "2027-03-14"),
          covexin("k2", "2028-03-10"),
          lepto("k3", "2029-03-14"),
        ]),
      ]),
    ).toEqual([]);
  });
});

/** A calendar built by the engine with every offered disease, yearly copies out to 2032. */
function buildStage(
  id: number,
  stage: FarmStage,
  combination: { enterpriseId: number; seasonId: number; animalId: number },
  dates: { birthDate: IsoDate; breedingDate: IsoDate | null },
): TimelineCalendar {
  const animal = referenceData.animals.find((candidate) => candidate.id === combination.animalId);
  if (animal === undefined) throw new Error(`No animal ${combination.animalId}`);
  const built = buildCalendar({
    setup: {
      enterprise: { id: combination.enterpriseId },
      season: { id: combination.seasonId },
      animal,
      birthDate: dates.birthDate,
      birthEndDate: dates.birthDate,
      breedingDate: dates.breedingDate,
    },
    // Every offered disease but salmonellosis: calves' Bovivac S keeps its SPC age beside their
    // other courses (templates 56 and 57, as the golden calendars' fixtures say), for farms with
    // confirmed infection only.
    diseases: referenceData.diseases.filter(
      (disease) =>
        disease.id !== DiseaseId.salmonellosis &&
        disease.animals.some((offer) => offer.animal_id === animal.id),
    ),
    vaccines: referenceData.vaccines,
    shotTemplates: referenceData.shotTemplates,
    today: "2026-12-01",
  });
  const shots = built.diseases.flatMap((column) =>
    column.shots
      .filter((entry) => entry.cycle === 1 && entry.date !== null)
      .flatMap((entry) => {
        const date = entry.date as IsoDate;
        const years = entry.is_recurrent === 0 ? [0] : [0, 1, 2, 3, 4, 5];
        return years
          .map((step) => moveToYear(date, readYear(date) + step * entry.is_recurrent))
          .filter((copy) => copy <= "2032-12-31")
          .map((copy) => ({
            id: `${entry.id}/${copy}`,
            diseaseId: column.diseaseId,
            vaccineId: column.vaccine?.id ?? null,
            name: entry.custom_name ?? column.vaccine?.name ?? "",
            date: copy,
          }));
      }),
  );
  return {
    id,
    label: `${stage} (${id})`,
    stage,
    enterpriseId: combination.enterpriseId,
    seasonId: combination.seasonId,
    birthDate: dates.birthDate,
    shots,
  };
}

describe("checkFarmTimeline: the default chain of each cattle season", () => {
  // The season's calving and breeding dates (combinations.ts): calves born in 2027 are bred as
  // heifers in 2028 and calve in 2029, into the cows' herd.
  it.each([
    ["dairy, spring calving", dairy, springCalving, "02-01", "04-25"],
    ["dairy, autumn calving", dairy, autumnCalving, "09-15", "12-01"],
    ["beef, spring calving", beef, springCalving, "02-15", "05-01"],
    ["beef, autumn calving", beef, autumnCalving, "09-01", "11-20"],
  ] as const)(
    "%s: no gap or clash across calves, weanlings, heifers and cows",
    (_name, enterpriseId, seasonId, calving, breeding) => {
      const of = (animalId: number) => ({ enterpriseId, seasonId, animalId });
      const calendars = [
        buildStage(1, "calves", of(AnimalId.calves), {
          birthDate: `2027-${calving}`,
          breedingDate: null,
        }),
        buildStage(2, "weanlings", of(AnimalId.weanlings), {
          birthDate: `2027-${calving}`,
          breedingDate: null,
        }),
        buildStage(3, "heifers", of(AnimalId.replacementHeifers), {
          birthDate: `2029-${calving}`,
          breedingDate: `2028-${breeding}`,
        }),
        buildStage(4, "cows", of(AnimalId.cows), {
          birthDate: `2027-${calving}`,
          breedingDate: `2027-${breeding}`,
        }),
      ];
      expect(check(calendars).map((warning) => warning.message)).toEqual([]);
    },
  );
});
