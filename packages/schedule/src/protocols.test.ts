import type { HerdStatusMap } from "@vaxcal/contracts";
import {
  AnimalId,
  DiseaseId,
  SeasonId,
  referenceDataWithWindows as referenceData,
} from "@vaxcal/reference-data";
import { describe, expect, it } from "vitest";
import { buildCalendar } from "./build-calendar.ts";
import { listAvoidableWarnings } from "./default-calendar.fixtures.ts";
import type { Calendar } from "./schedule.types.ts";
import { resolveSeasonDefaults } from "./season-defaults.ts";

/*
 * The seeded protocols as a farmer meets them: herd status, the protocol fixes a review of the
 * default calendars asked for (docs/product.md §3 "Herd status"), and the columns without a fixed
 * schedule.
 */

function findCombination(enterpriseId: number, seasonId: number, animalId: number) {
  const combination = referenceData.combinations.find(
    (candidate) =>
      candidate.enterprise_id === enterpriseId &&
      candidate.season_id === seasonId &&
      candidate.animal_id === animalId,
  );
  if (combination === undefined) throw new Error("No such combination");
  return combination;
}

interface BuildOptions {
  readonly herdStatus?: HerdStatusMap | undefined;
  readonly diseaseIds?: readonly number[];
  /** The season dates; the season defaults for `today` when left out. */
  readonly dates?: { birthDate: string | null; breedingDate: string | null };
  /** Step 1's answer: the calves graze where lungworm is a risk. */
  readonly lungwormRisk?: boolean;
}

function buildSeeded(combinationId: number, today: string, options: BuildOptions = {}): Calendar {
  const combination = referenceData.combinations.find(({ id }) => id === combinationId);
  const animal = referenceData.animals.find(({ id }) => id === combination?.animal_id);
  if (!combination || !animal) throw new Error(`No seeded combination ${combinationId}`);
  const { herdStatus, diseaseIds, dates, lungwormRisk } = options;
  return buildCalendar({
    setup: {
      enterprise: { id: combination.enterprise_id },
      season: { id: combination.season_id },
      animal,
      ...(dates ?? resolveSeasonDefaults(combination, today, animal, referenceData)),
      ...(herdStatus ? { herdStatus } : {}),
      ...(lungwormRisk === undefined ? {} : { lungwormRisk }),
    },
    diseases: referenceData.diseases.filter(
      ({ id, animals }) =>
        animals.some(({ animal_id }) => animal_id === animal.id) &&
        (diseaseIds === undefined || diseaseIds.includes(id)),
    ),
    vaccines: referenceData.vaccines,
    shotTemplates: referenceData.shotTemplates,
    today,
  });
}

/** Each column's first occurrences as `date name`, by date. */
function listFirstShots(calendar: Calendar, diseaseId: number): string[] {
  const column = calendar.diseases.find((candidate) => candidate.diseaseId === diseaseId);
  return (column?.shots ?? [])
    .filter((shot) => !shot.isMirroredCopy)
    .map((shot) => `${shot.date} ${shot.custom_name ?? column?.vaccine?.name}`);
}

/** Every disease an animal is offered that asks the herd status question. */
function listAskedDiseaseIds(animalId: number): number[] {
  return referenceData.diseases
    .filter(({ animals }) =>
      animals.some((offer) => offer.animal_id === animalId && offer.herd_status_question),
    )
    .map(({ id }) => id);
}

function unprimedFor(animalId: number): HerdStatusMap {
  return Object.fromEntries(listAskedDiseaseIds(animalId).map((id) => [String(id), "unprimed"]));
}

const { dairy, beef, sheep } = { dairy: 1, beef: 2, sheep: 3 };
const { springCalving, autumnCalving, midSeasonLambing } = SeasonId;
const { cows, replacementHeifers, weanlings, calves, ewes, lamb } = AnimalId;

describe("herd status", () => {
  it("asks about each disease with a primary course, and nothing else", () => {
    expect(listAskedDiseaseIds(cows)).toEqual([
      DiseaseId.bvd,
      DiseaseId.ibr,
      DiseaseId.leptospirosis,
      DiseaseId.clostridialCattle,
      DiseaseId.salmonellosis,
    ]);
    expect(listAskedDiseaseIds(ewes)).toEqual([
      DiseaseId.clostridialAndPasteurellosisSheep,
      DiseaseId.footrot,
    ]);
    expect(listAskedDiseaseIds(lamb)).toEqual([DiseaseId.clostridialAndPasteurellosisSheep]);
    expect(listAskedDiseaseIds(calves)).toEqual([]);
  });

  it("lays a herd starting out its BVD, lepto and clostridial courses before the boosters", () => {
    const combination = findCombination(dairy, springCalving, cows);
    const dates = { birthDate: "2027-02-01", breedingDate: "2027-04-25" };
    const primed = buildSeeded(combination.id, "2026-11-21", { dates });
    const unprimed = buildSeeded(combination.id, "2026-11-21", {
      dates,
      herdStatus: unprimedFor(cows),
    });
    expect(listFirstShots(primed, DiseaseId.bvd)).toEqual(["2027-03-28 Bovilis BVD"]);
    expect(listFirstShots(unprimed, DiseaseId.bvd)).toEqual([
      "2027-02-28 Bovilis BVD (1st dose)",
      "2027-03-28 Bovilis BVD",
    ]);
    expect(listFirstShots(unprimed, DiseaseId.leptospirosis)).toEqual([
      "2027-02-07 Leptavoid-H (1st dose)",
      "2027-03-14 Bovilis Leptavoid-H",
    ]);
    expect(listFirstShots(unprimed, DiseaseId.clostridialCattle)).toEqual([
      "2026-11-30 Covexin 10 (1st dose)",
      "2026-12-28 Covexin 10",
    ]);
  });

  it("gives cows a Bovivac S course of 2 doses 21 days apart, then the pre-calving dose", () => {
    const combination = findCombination(dairy, springCalving, cows);
    // Planned before the course starts: a dose given once whose window has closed is missed
    // (decision 418).
    const options = {
      dates: { birthDate: "2027-02-01", breedingDate: "2027-04-25" },
      herdStatus: unprimedFor(cows),
    };
    const unprimed = buildSeeded(combination.id, "2026-09-01", options);
    expect(listFirstShots(unprimed, DiseaseId.salmonellosis)).toEqual([
      "2026-10-05 Bovivac S (1st dose)",
      "2026-10-26 Bovivac S (2nd dose)",
      "2027-01-11 Bovivac S (before calving)",
    ]);
    // Decision 419: after the course's first day, never a course before today; the course and
    // its pre-calving dose move to the next calving, whose 8 weeks between them the SPC needs.
    const late = buildSeeded(combination.id, "2026-11-21", options);
    expect(listFirstShots(late, DiseaseId.salmonellosis)).toEqual([
      "2027-10-05 Bovivac S (1st dose)",
      "2027-10-26 Bovivac S (2nd dose)",
      "2028-01-11 Bovivac S (before calving)",
    ]);
  });

  it("gives cows starting on IBR the 6-month dose after the first, at 20 weeks", () => {
    const combination = findCombination(beef, springCalving, cows);
    const unprimed = buildSeeded(combination.id, "2026-11-21", {
      dates: { birthDate: "2027-02-15", breedingDate: "2027-05-01" },
      herdStatus: unprimedFor(cows),
    });
    expect(listFirstShots(unprimed, DiseaseId.ibr)).toEqual([
      "2027-04-17 Bovilis IBR Marker Live",
      "2027-09-18 IBR Marker Live (6-month dose)",
    ]);
  });

  it("starts lambs at 3 weeks, offering lambs of vaccinated ewes the SPC's 10 to 12 weeks", () => {
    const combination = findCombination(sheep, midSeasonLambing, lamb);
    const dates = { birthDate: "2027-03-01", breedingDate: null };
    const vaccinatedEwes = buildSeeded(combination.id, "2026-11-21", { dates });
    const unvaccinatedEwes = buildSeeded(combination.id, "2026-11-21", {
      dates,
      herdStatus: unprimedFor(lamb),
    });
    const heptavac = DiseaseId.clostridialAndPasteurellosisSheep;
    // Sources differ (UK SPC 10 to 12 weeks, the maker's Irish leaflet about 3 weeks of passive
    // cover): the safer day is planned, and the window keeps the SPC's later start with its reason.
    expect(listFirstShots(vaccinatedEwes, heptavac)).toEqual([
      "2027-03-22 Heptavac P Plus (1st dose)",
      "2027-05-03 Heptavac P Plus (2nd dose)",
    ]);
    const firstDose = referenceData.shotTemplates.find(({ id }) => id === 37);
    expect(firstDose).toMatchObject({ birth_days: 21, earliest_days: 21, latest_days: 84 });
    expect(firstDose?.source_note).toMatch(/Irish leaflet.*UK SPC.*safer/);
    expect(listFirstShots(unvaccinatedEwes, heptavac)).toEqual([
      "2027-03-22 Heptavac P Plus (1st dose)",
      "2027-05-03 Heptavac P Plus (2nd dose)",
    ]);
  });
});

describe("protocol fixes", () => {
  it("hands heifers from their first IBR dose to a 6-month dose", () => {
    const combination = findCombination(dairy, springCalving, replacementHeifers);
    const calendar = buildSeeded(combination.id, "2026-01-01", {
      dates: { birthDate: "2027-02-01", breedingDate: "2026-04-25" },
    });
    expect(listFirstShots(calendar, DiseaseId.ibr)).toEqual([
      "2026-04-11 Bovilis IBR Marker Live",
      "2026-10-11 IBR Marker Live (6-month dose)",
    ]);
  });

  it("gives autumn-born calves Huskvac in spring, before turnout", () => {
    const combination = findCombination(dairy, autumnCalving, calves);
    // Born 2027-09-15: doses in March and April 2028.
    const calendar = buildSeeded(combination.id, "2026-11-21", {
      dates: { birthDate: "2027-09-15", breedingDate: null },
    });
    expect(listFirstShots(calendar, DiseaseId.lungworm)).toEqual([
      "2028-03-15 Huskvac (1st dose)",
      "2028-04-12 Huskvac (2nd dose)",
    ]);
  });

  it("gives autumn-born weanlings their pneumonia course before housing in their first winter", () => {
    const combination = findCombination(beef, autumnCalving, weanlings);
    const calendar = buildSeeded(combination.id, "2025-09-01", {
      dates: { birthDate: "2025-09-01", breedingDate: null },
    });
    expect(listFirstShots(calendar, DiseaseId.pneumonia)).toEqual([
      "2025-10-20 Bovipast RSP (1st dose)",
      "2025-11-17 Bovipast RSP (2nd dose)",
    ]);
  });

  it("boosts autumn-calving cows against lepto in spring", () => {
    const combination = findCombination(dairy, autumnCalving, cows);
    const calendar = buildSeeded(combination.id, "2026-11-21", {
      dates: { birthDate: "2026-09-15", breedingDate: "2026-12-01" },
    });
    expect(listFirstShots(calendar, DiseaseId.leptospirosis)).toEqual([
      "2027-03-31 Leptavoid-H (spring booster)",
    ]);
  });

  it("gives suckler calves Huskvac only when the farmer says they graze with lungworm risk", () => {
    const lungworm = referenceData.diseases.find(({ id }) => id === DiseaseId.lungworm);
    expect(lungworm?.footnote).not.toMatch(/dairy/i);
    const dates = { birthDate: "2027-02-15", breedingDate: null };
    const suckler = findCombination(beef, springCalving, calves);
    const byDefault = buildSeeded(suckler.id, "2026-11-21", { dates });
    expect(listFirstShots(byDefault, DiseaseId.lungworm)).toEqual([]);
    expect(
      byDefault.diseases.find(({ diseaseId }) => diseaseId === DiseaseId.lungworm)
        ?.hasNoFixedSchedule,
    ).toBe(true);
    const atRisk = buildSeeded(suckler.id, "2026-11-21", { dates, lungwormRisk: true });
    expect(listFirstShots(atRisk, DiseaseId.lungworm)).toEqual([
      "2027-05-03 Huskvac (1st dose)",
      "2027-05-31 Huskvac (2nd dose)",
    ]);
    // Dairy calves (replacements) get it unless the farmer says there is no risk.
    const dairyCalves = findCombination(dairy, springCalving, calves);
    const dairyDates = { birthDate: "2027-02-01", breedingDate: null };
    expect(
      listFirstShots(
        buildSeeded(dairyCalves.id, "2026-11-21", { dates: dairyDates }),
        DiseaseId.lungworm,
      ),
    ).toEqual(["2027-04-19 Huskvac (1st dose)", "2027-05-17 Huskvac (2nd dose)"]);
    const noRisk = buildSeeded(dairyCalves.id, "2026-11-21", {
      dates: dairyDates,
      lungwormRisk: false,
    });
    expect(listFirstShots(noRisk, DiseaseId.lungworm)).toEqual([]);
  });

  it("gives ewe replacements Toxovax at least 3 weeks before tupping", () => {
    const combination = findCombination(sheep, midSeasonLambing, ewes);
    const calendar = buildSeeded(combination.id, "2026-11-21", {
      dates: { birthDate: "2027-03-01", breedingDate: "2026-10-05" },
    });
    // This year's dose (10 August) is past; the flock's next replacements get theirs next August.
    expect(listFirstShots(calendar, DiseaseId.toxoplasmosis)).toEqual([
      "2027-08-10 Toxovax (replacement ewes)",
    ]);
  });
});

describe("columns without a fixed schedule", () => {
  it.each(referenceData.combinations.map(({ id }) => id))(
    "combination %i: every column has shots or says why not",
    (combinationId) => {
      for (const herdStatus of [undefined, "unprimed"] as const) {
        const combination = referenceData.combinations.find(({ id }) => id === combinationId);
        const calendar = buildSeeded(combinationId, "2026-11-21", {
          herdStatus: herdStatus && combination ? unprimedFor(combination.animal_id) : undefined,
        });
        for (const column of calendar.diseases) {
          expect(
            column.shots.length > 0 || column.hasNoFixedSchedule,
            `disease ${column.diseaseId}`,
          ).toBe(true);
          expect(column.hasNoFixedSchedule, `disease ${column.diseaseId}`).toBe(
            column.shots.length === 0,
          );
        }
      }
    },
  );

  it("offers bluetongue with no fixed schedule", () => {
    const combination = findCombination(sheep, midSeasonLambing, ewes);
    const calendar = buildSeeded(combination.id, "2026-11-21", {
      diseaseIds: [DiseaseId.bluetongue],
    });
    expect(calendar.diseases).toEqual([
      expect.objectContaining({ diseaseId: DiseaseId.bluetongue, hasNoFixedSchedule: true }),
    ]);
  });
});

describe("a herd starting out", () => {
  // Each month of 2026: when the yearly booster has moved to next year, the course moves with it.
  const todays = Array.from(
    { length: 12 },
    (_, index) => `2026-${String(index + 1).padStart(2, "0")}-15`,
  );
  it.each(todays)(
    "on %s, gets the IBR 6-month dose after the first dose, never before",
    (today) => {
      for (const combination of referenceData.combinations.filter(
        ({ animal_id }) => animal_id === cows,
      )) {
        const calendar = buildSeeded(combination.id, today, { herdStatus: unprimedFor(cows) });
        const ibr = calendar.diseases.find(({ diseaseId }) => diseaseId === DiseaseId.ibr);
        const firsts = (ibr?.shots ?? []).filter(({ isMirroredCopy }) => !isMirroredCopy);
        const booster = firsts.find(({ is_recurrent }) => is_recurrent > 0);
        const sixMonth = firsts.find(({ custom_name }) => custom_name?.includes("6-month"));
        expect(booster?.date, `combination ${combination.id}`).toBeDefined();
        expect(
          (sixMonth?.date ?? "") > (booster?.date ?? "~"),
          `combination ${combination.id}`,
        ).toBe(true);
      }
    },
  );
});

describe("every seeded default calendar passes every rule check", () => {
  // One "today" in each month of 2026, and the leap day of 2028.
  const todays = [
    ...Array.from({ length: 12 }, (_, index) => `2026-${String(index + 1).padStart(2, "0")}-15`),
    "2028-02-29",
  ];
  it.each(todays)("on %s, herd primed and unprimed", (today) => {
    for (const combination of referenceData.combinations) {
      for (const herdStatus of [undefined, unprimedFor(combination.animal_id)]) {
        const warnings = listAvoidableWarnings(buildSeeded(combination.id, today, { herdStatus }));
        expect(
          warnings.map(({ rule, message }) => `${rule}: ${message}`),
          `combination ${combination.id}, ${herdStatus ? "unprimed" : "primed"}`,
        ).toEqual([]);
      }
    }
  });
});
