import {
  AnimalId,
  DiseaseId,
  SeasonId,
  VaccineId,
  referenceDataWithWindows as referenceData,
} from "@vaxcal/reference-data";
import { describe, expect, it } from "vitest";
import { restoreCalendar } from "./build-calendar.ts";
import { checkProtocol, type ProtocolRule, type ProtocolWarning } from "./check-protocol.ts";
import type { CalendarSetup, HerdStatus, SavedShot } from "./schedule.types.ts";

/*
 * The rule suite of issue 24 (docs/decisions/415): for every protocol rule, plans a vet would
 * flag (each must warn with that rule) and clean plans a vet would sign (each must stay free of
 * warnings), built from the seeded products, protocols and Irish season dates. A clean plan may
 * list the notes it always carries (the orf handler note on every orf vaccine).
 */

type Dose = string | readonly [date: string, repeats: number];

interface Column {
  readonly vaccine: VaccineId;
  readonly doses: readonly Dose[];
}

interface Plan {
  readonly name: string;
  readonly setup: CalendarSetup;
  readonly columns: readonly Column[];
  /** Warnings a clean plan still carries on purpose. */
  readonly notes?: readonly ProtocolRule[];
}

/** The disease each product's column stands for. */
const diseaseByVaccine: Partial<Record<VaccineId, number>> = {
  [VaccineId.bovilisBvd]: DiseaseId.bvd,
  [VaccineId.bovela]: DiseaseId.bvd,
  [VaccineId.bovilisIbrMarkerLive]: DiseaseId.ibr,
  [VaccineId.bovilisLeptavoidH]: DiseaseId.leptospirosis,
  [VaccineId.covexin10]: DiseaseId.clostridialCattle,
  [VaccineId.bovilisRotavecCorona]: DiseaseId.calfScour,
  [VaccineId.bovilisBovivacS]: DiseaseId.salmonellosis,
  [VaccineId.bovilisIntranasalRspLive]: DiseaseId.pneumonia,
  [VaccineId.bovilisBovipastRsp]: DiseaseId.pneumonia,
  [VaccineId.bovilisHuskvac]: DiseaseId.lungworm,
  [VaccineId.bovilisRingvac]: DiseaseId.ringworm,
  [VaccineId.heptavacPPlus]: DiseaseId.clostridialAndPasteurellosisSheep,
  [VaccineId.enzovax]: DiseaseId.enzooticAbortion,
  [VaccineId.cevacChlamydia]: DiseaseId.enzooticAbortion,
  [VaccineId.toxovax]: DiseaseId.toxoplasmosis,
  [VaccineId.footvax]: DiseaseId.footrot,
  [VaccineId.scabivaxForte]: DiseaseId.orf,
  [VaccineId.scabigard]: DiseaseId.orf,
};

const dairy = { id: 1 };
const beef = { id: 2 };
const sheep = { id: 3 };
const adult = (id: number) => ({ id, isAdult: true });
const young = (id: number) => ({ id, isAdult: false });

// Spring-calving dairy cows: calving from 1 February 2027, breeding from 25 April 2027.
const cows: CalendarSetup = {
  enterprise: dairy,
  season: { id: SeasonId.springCalving },
  animal: adult(AnimalId.cows),
  birthDate: "2027-02-01",
  breedingDate: "2027-04-25",
};
const unprimed = (setup: CalendarSetup, ...diseaseIds: number[]): CalendarSetup => ({
  ...setup,
  herdStatus: Object.fromEntries(
    diseaseIds.map((id): [string, HerdStatus] => [String(id), "unprimed"]),
  ),
});
// Heifers bred for the first time from 25 April 2027, calving first from 1 February 2028.
const heifers: CalendarSetup = {
  ...cows,
  animal: adult(AnimalId.replacementHeifers),
  birthDate: "2028-02-01",
};
// Calves and weanlings born from 1 February 2027.
const calves: CalendarSetup = {
  ...cows,
  animal: young(AnimalId.calves),
  breedingDate: null,
};
const beefCalves: CalendarSetup = { ...calves, enterprise: beef, birthDate: "2027-02-15" };
const weanlings: CalendarSetup = { ...calves, animal: young(AnimalId.weanlings) };
// Mid-season ewes: tupping from 5 October 2026, lambing from 1 March 2027.
const ewes: CalendarSetup = {
  enterprise: sheep,
  season: { id: SeasonId.midSeasonLambing },
  animal: adult(AnimalId.ewes),
  birthDate: "2027-03-01",
  breedingDate: "2026-10-05",
};
const hoggets: CalendarSetup = { ...ewes, animal: adult(AnimalId.hoggets) };
const lambs: CalendarSetup = { ...ewes, animal: young(AnimalId.lamb), breedingDate: null };
const ram: CalendarSetup = {
  ...ewes,
  animal: { id: AnimalId.ram, isAdult: true, hasBirthDate: false },
  birthDate: null,
};

const yearly = (date: string): Dose => [date, 1];
const col = (vaccine: VaccineId, ...doses: Dose[]): Column => ({ vaccine, doses });
const plan = (name: string, setup: CalendarSetup, ...columns: Column[]): Plan => ({
  name,
  setup,
  columns,
});
const withNotes = (notes: ProtocolRule[], value: Plan): Plan => ({ ...value, notes });

const {
  bovilisBvd: bvd,
  bovela,
  bovilisIbrMarkerLive: ibr,
  bovilisLeptavoidH: lepto,
  covexin10: covexin,
  bovilisRotavecCorona: rotavec,
  bovilisBovivacS: bovivac,
  bovilisIntranasalRspLive: rsp,
  bovilisBovipastRsp: bovipast,
  bovilisHuskvac: huskvac,
  bovilisRingvac: ringvac,
  heptavacPPlus: heptavac,
  enzovax,
  cevacChlamydia: cevac,
  toxovax,
  footvax,
  scabivaxForte: scabivax,
  scabigard,
} = VaccineId;
const orfNote = ["handlerSafety" as ProtocolRule];

/** Each rule: plans that must warn with it, and clean plans that must not warn at all. */
const suite: Record<ProtocolRule, { warns: Plan[]; clean: Plan[] }> = {
  spacing: {
    warns: [
      plan(
        "cows' lepto and BVD a week apart",
        cows,
        col(lepto, "2027-03-14"),
        col(bvd, "2027-03-21"),
      ),
      plan(
        "calves' nasal pneumonia and IBR a week apart",
        calves,
        col(rsp, "2027-02-08"),
        col(ibr, "2027-02-15"),
      ),
      plan(
        "ewes' Footvax and Toxovax a week apart",
        ewes,
        col(footvax, yearly("2026-08-24")),
        col(toxovax, "2026-08-31"),
      ),
    ],
    clean: [
      plan(
        "cows' lepto, BVD and IBR two weeks apart",
        cows,
        col(lepto, yearly("2027-03-14")),
        col(bvd, yearly("2027-03-28")),
        col(ibr, yearly("2027-04-11")),
      ),
      plan(
        "hoggets' Enzovax and Toxovax on one day (SPC allows)",
        hoggets,
        col(enzovax, "2026-07-27"),
        col(toxovax, "2026-07-27"),
      ),
      plan(
        "cows' BVD and IBR Marker Live on one day (SPC allows)",
        cows,
        col(bvd, yearly("2027-03-28")),
        col(ibr, yearly("2027-03-28")),
      ),
    ],
  },
  minimumAge: {
    warns: [
      plan("calves' Covexin at 1 week old", calves, col(covexin, "2027-02-08", "2027-03-08")),
      plan("lambs' Heptavac at 2 weeks old", lambs, col(heptavac, "2027-03-15", "2027-04-19")),
      plan(
        "weanlings' Bovipast at 1 week old",
        weanlings,
        col(bovipast, "2027-02-08", "2027-03-08"),
      ),
    ],
    clean: [
      plan("calves' Covexin at 5 and 9 weeks", calves, col(covexin, "2027-03-08", "2027-04-05")),
      plan("lambs' Heptavac at 10 and 15 weeks", lambs, col(heptavac, "2027-05-10", "2027-06-14")),
      plan(
        "lambs of unboosted ewes from 3 weeks",
        unprimed(lambs, DiseaseId.clostridialAndPasteurellosisSheep),
        col(heptavac, "2027-03-22", "2027-05-03"),
      ),
    ],
  },
  pregnancy: {
    warns: [
      plan("ewes' Toxovax in pregnancy", ewes, col(toxovax, "2026-12-01")),
      plan("hoggets' Enzovax in pregnancy", hoggets, col(enzovax, "2026-11-01")),
      plan("Cevac Chlamydia in pregnancy", ewes, col(cevac, "2027-01-10")),
    ],
    clean: [
      plan("ewes' Toxovax 8 weeks before tupping", ewes, col(toxovax, yearly("2026-08-10"))),
      plan("hoggets' Enzovax 10 weeks before tupping", hoggets, col(enzovax, "2026-07-27")),
      plan("ewes' Enzovax every 3 years before tupping", ewes, col(enzovax, ["2026-08-10", 3])),
    ],
  },
  beforeBreeding: {
    warns: [
      plan("ewes' Enzovax 2 weeks before tupping", ewes, col(enzovax, "2026-09-21")),
      plan("cows' lepto a week before breeding", cows, col(lepto, yearly("2027-04-18"))),
      plan("Cevac Chlamydia 2 weeks before tupping", hoggets, col(cevac, "2026-09-21")),
      plan("Bovela 2 weeks before breeding", cows, col(bovela, yearly("2027-04-11"))),
    ],
    clean: [
      plan("Cevac Chlamydia 8 weeks before tupping", hoggets, col(cevac, "2026-08-10")),
      plan("Bovela 4 weeks before breeding", cows, col(bovela, yearly("2027-03-28"))),
      plan("ewes' Enzovax 8 weeks before tupping", ewes, col(enzovax, "2026-08-10")),
    ],
  },
  blackout: {
    warns: [
      plan(
        "ewes' Footvax 2 weeks after lambing",
        ewes,
        col(footvax, yearly("2026-08-24"), yearly("2027-03-15")),
      ),
      plan("ewes' Footvax 2 weeks before lambing", ewes, col(footvax, yearly("2027-02-15"))),
      plan(
        "hoggets' Footvax in the week of lambing",
        hoggets,
        col(footvax, "2027-01-18", "2027-03-01"),
      ),
    ],
    clean: [
      plan(
        "ewes' Footvax before tupping and 10 weeks after lambing",
        ewes,
        col(footvax, yearly("2026-08-24"), yearly("2027-05-10")),
      ),
      plan(
        "hoggets' Footvax course before tupping",
        hoggets,
        col(footvax, "2026-07-13", "2026-08-24"),
      ),
      plan("ram's Footvax before tupping", ram, col(footvax, yearly("2026-08-10"))),
    ],
  },
  productWindow: {
    warns: [
      plan("Rotavec a week before calving", cows, col(rotavec, yearly("2027-01-25"))),
      plan("Rotavec 15 weeks before calving", cows, col(rotavec, yearly("2026-10-19"))),
      plan("heifers' Rotavec after calving", heifers, col(rotavec, "2028-02-20")),
    ],
    clean: [
      plan("Rotavec 7 weeks before calving", cows, col(rotavec, yearly("2026-12-14"))),
      plan("heifers' Rotavec 7 weeks before first calving", heifers, col(rotavec, "2027-12-14")),
    ],
  },
  maxShots: {
    warns: [
      plan("three BVD shots in one year", cows, col(bvd, "2027-03-01", "2027-03-29", "2027-06-01")),
      plan(
        "a yearly Bovela and one more in a later year",
        cows,
        col(bovela, yearly("2027-03-28"), "2028-06-01"),
      ),
      plan(
        "a yearly Rotavec and one more in a later year",
        cows,
        col(rotavec, yearly("2026-12-14"), "2028-01-10"),
      ),
    ],
    clean: [
      plan("a yearly Rotavec", cows, col(rotavec, yearly("2026-12-14"))),
      plan(
        "ewes' two yearly Footvax doses",
        ewes,
        col(footvax, yearly("2026-08-24"), yearly("2027-05-10")),
      ),
    ],
  },
  doseInterval: {
    warns: [
      plan("heifers' BVD doses 2 weeks apart", heifers, col(bvd, "2027-02-28", "2027-03-14")),
      plan("calves' Covexin doses 2 weeks apart", calves, col(covexin, "2027-03-08", "2027-03-22")),
      plan(
        "hoggets' Footvax doses 4 weeks apart",
        hoggets,
        col(footvax, "2026-07-13", "2026-08-10"),
      ),
    ],
    clean: [
      plan("heifers' BVD doses 4 weeks apart", heifers, col(bvd, "2027-02-28", "2027-03-28")),
      plan(
        "calves' Bovivac S doses 3 weeks apart",
        calves,
        col(bovivac, "2027-02-22", "2027-03-15"),
      ),
      plan("calves' Ringvac doses 2 weeks apart", calves, col(ringvac, "2027-02-15", "2027-03-01")),
    ],
  },
  missingSecondDose: {
    warns: [
      plan("heifers' one Bovilis BVD dose", heifers, col(bvd, "2027-03-28")),
      plan("heifers' one lepto dose", heifers, col(lepto, "2027-03-14")),
      plan("calves' one Covexin dose", calves, col(covexin, "2027-03-08")),
      plan("calves' one Huskvac dose", calves, col(huskvac, "2027-04-19")),
      plan("calves' one Bovivac S dose", calves, col(bovivac, "2027-02-22")),
      plan("weanlings' one Bovipast dose", weanlings, col(bovipast, "2027-08-16")),
      plan("hoggets' one Heptavac dose", hoggets, col(heptavac, "2026-12-14")),
      plan("hoggets' one Footvax dose", hoggets, col(footvax, "2026-07-13")),
      plan("lambs' one Heptavac dose", lambs, col(heptavac, "2027-05-10")),
      plan(
        "suckler calves at lungworm risk, one Huskvac dose",
        { ...beefCalves, lungwormRisk: true },
        col(huskvac, "2027-05-03"),
      ),
      plan(
        "unvaccinated cows' one BVD dose",
        unprimed(cows, DiseaseId.bvd),
        col(bvd, yearly("2027-03-28")),
      ),
    ],
    clean: [
      plan("heifers' two BVD doses", heifers, col(bvd, "2027-02-28", "2027-03-28")),
      plan("calves' two Covexin doses", calves, col(covexin, "2027-03-08", "2027-04-05")),
      plan("calves' two Huskvac doses", calves, col(huskvac, "2027-04-19", "2027-05-17")),
      plan(
        "suckler calves' two Covexin doses",
        beefCalves,
        col(covexin, "2027-03-22", "2027-04-19"),
      ),
      plan("weanlings' two Bovipast doses", weanlings, col(bovipast, "2027-08-16", "2027-09-13")),
      plan("hoggets' two Heptavac doses", hoggets, col(heptavac, "2026-12-14", "2027-01-25")),
      plan(
        "heifers' one Covexin booster before first calving",
        heifers,
        col(covexin, "2027-12-28"),
      ),
      plan("weanlings' one Covexin booster", weanlings, col(covexin, "2027-09-27")),
      plan("vaccinated cows' yearly BVD", cows, col(bvd, yearly("2027-03-28"))),
      plan(
        "unvaccinated cows' BVD course and yearly booster",
        unprimed(cows, DiseaseId.bvd),
        col(bvd, "2027-02-28", yearly("2027-03-28")),
      ),
    ],
  },
  lapsedCourse: {
    warns: [
      plan("heifers' BVD doses 12 weeks apart", heifers, col(bvd, "2027-01-03", "2027-03-28")),
      plan(
        "calves' Covexin doses 16 weeks apart",
        calves,
        col(covexin, "2027-03-08", "2027-06-28"),
      ),
      plan(
        "cows' lepto 18 months after the last dose",
        cows,
        col(lepto, "2027-03-14", yearly("2028-09-10")),
      ),
      plan(
        "ewes' Heptavac 17 months after the last dose",
        ewes,
        col(heptavac, "2025-09-01", yearly("2027-01-25")),
      ),
    ],
    clean: [
      plan("cows' yearly lepto", cows, col(lepto, yearly("2027-03-14"))),
      plan("cows' lepto a year after the last dose", cows, col(lepto, "2027-03-14", "2028-03-14")),
      plan("ewes' yearly Heptavac before lambing", ewes, col(heptavac, yearly("2027-01-25"))),
    ],
  },
  notProtectiveInPregnancy: {
    warns: [
      plan("cows' BVD in mid-pregnancy", cows, col(bvd, yearly("2027-08-01"))),
      plan("heifers' BVD after first breeding", heifers, col(bvd, "2027-05-09", "2027-06-06")),
    ],
    clean: [
      plan(
        "heifers' BVD course 14 weeks before first breeding",
        heifers,
        col(bvd, "2027-01-17", "2027-02-14"),
      ),
      plan(
        "heifers' BVD course 8 and 4 weeks before first breeding",
        heifers,
        col(bvd, "2027-02-28", "2027-03-28"),
      ),
      plan("cows' BVD 4 weeks before breeding", cows, col(bvd, yearly("2027-03-28"))),
    ],
  },
  tooEarlyBeforeBreeding: {
    warns: [
      plan("ewes' Enzovax 5 months before tupping", ewes, col(enzovax, "2026-05-01")),
      plan("hoggets' Toxovax 5 months before tupping", hoggets, col(toxovax, "2026-05-01")),
      plan("Cevac Chlamydia 5 months before tupping", ewes, col(cevac, "2026-05-01")),
    ],
    clean: [
      plan("Cevac Chlamydia 8 weeks before tupping", ewes, col(cevac, "2026-08-10")),
      plan("hoggets' Toxovax 10 weeks before tupping", hoggets, col(toxovax, "2026-07-27")),
    ],
  },
  boosterWindow: {
    warns: [
      plan("cows' Covexin a week before calving", cows, col(covexin, yearly("2027-01-25"))),
      plan("ewes' Heptavac 3 weeks before lambing", ewes, col(heptavac, yearly("2027-02-08"))),
      plan("cows' Bovivac S 9 weeks before calving", cows, col(bovivac, yearly("2026-12-01"))),
      plan("cows' Bovivac S a week before calving", cows, col(bovivac, yearly("2027-01-25"))),
    ],
    clean: [
      plan("cows' Covexin 5 weeks before calving", cows, col(covexin, yearly("2026-12-28"))),
      plan("ewes' Heptavac 5 weeks before lambing", ewes, col(heptavac, yearly("2027-01-25"))),
      plan("cows' Bovivac S 3 weeks before calving", cows, col(bovivac, yearly("2027-01-11"))),
      plan(
        "unvaccinated cows' Bovivac S course and pre-calving dose",
        unprimed(cows, DiseaseId.salmonellosis),
        col(bovivac, "2026-10-05", "2026-10-26", yearly("2027-01-11")),
      ),
    ],
  },
  tooCloseToBirth: {
    warns: [
      plan("ewes' Scabivax 5 weeks before lambing", ewes, col(scabivax, yearly("2027-01-25"))),
      plan("ewes' Scabigard 3 weeks before lambing", ewes, col(scabigard, yearly("2027-02-08"))),
    ],
    clean: [
      withNotes(
        orfNote,
        plan("ewes' Scabivax 8 weeks before lambing", ewes, col(scabivax, yearly("2027-01-04"))),
      ),
      withNotes(
        orfNote,
        plan("lambs' Scabivax the day after birth", lambs, col(scabivax, "2027-03-02")),
      ),
    ],
  },
  crossesToCalf: {
    warns: [
      plan("Bovela in mid-pregnancy", cows, col(bovela, yearly("2027-08-01"))),
      plan("heifers' Bovela after first breeding", heifers, col(bovela, "2027-06-01")),
    ],
    clean: [
      plan("heifers' Bovela 4 weeks before first breeding", heifers, col(bovela, "2027-03-28")),
      plan("heifers' Bovela 16 weeks before first breeding", heifers, col(bovela, "2027-01-03")),
    ],
  },
  handlerSafety: {
    warns: [
      plan("ewes' Scabivax Forte", ewes, col(scabivax, yearly("2027-01-04"))),
      plan("ewes' Scabigard", ewes, col(scabigard, yearly("2027-01-04"))),
      plan("lambs' Scabivax Forte", lambs, col(scabivax, "2027-03-02")),
    ],
    clean: [
      plan("ewes without an orf vaccine", ewes, col(heptavac, yearly("2027-01-25"))),
      plan(
        "ram's Heptavac and Footvax",
        ram,
        col(footvax, yearly("2026-08-10")),
        col(heptavac, yearly("2026-08-24")),
      ),
    ],
  },
  // Decision 422: the youngest of the group against the minimum age (S1, S16, S18).
  youngestUnderAge: {
    warns: [
      plan(
        "heifers' 1st BVD dose before the youngest is 8 months old",
        { ...heifers, youngestBirthDate: "2026-07-15" },
        col(bvd, "2027-02-28", "2027-03-28"),
      ),
      plan(
        "hoggets' Enzovax before the youngest is 5 months old",
        { ...hoggets, youngestBirthDate: "2026-03-15" },
        col(enzovax, "2026-07-27"),
      ),
      plan(
        "hoggets' Toxovax the day before the youngest is 5 months old",
        { ...hoggets, youngestBirthDate: "2026-02-28" },
        col(toxovax, "2026-07-27"),
      ),
    ],
    clean: [
      plan(
        "heifers' BVD course with the youngest 8 months old on the 1st dose",
        { ...heifers, youngestBirthDate: "2026-06-28" },
        col(bvd, "2027-02-28", "2027-03-28"),
      ),
      plan(
        "hoggets' Enzovax and Toxovax on the day the youngest is 5 months old",
        { ...hoggets, youngestBirthDate: "2026-02-27" },
        col(enzovax, "2026-07-27"),
        col(toxovax, "2026-07-27"),
      ),
      plan("heifers' BVD course with no answer", heifers, col(bvd, "2027-02-28", "2027-03-28")),
    ],
  },
};

function check(value: Plan): ProtocolWarning[] {
  const calendar = restoreCalendar({
    setup: value.setup,
    diseases: value.columns.map((column, columnIndex) => ({
      id: diseaseByVaccine[column.vaccine] ?? 100 + columnIndex,
      vaccineId: column.vaccine,
      shots: column.doses.map((dose, index): SavedShot => {
        const [date, repeats] = typeof dose === "string" ? [dose, 0] : dose;
        return {
          id: `c${columnIndex}s${index + 1}`,
          date,
          custom_name: null,
          is_recurrent: repeats,
          cycle: 1,
          userInitiated: true,
        };
      }),
    })),
    vaccines: referenceData.vaccines,
    today: "2026-06-01",
  });
  return checkProtocol(calendar, {
    shotTemplates: referenceData.shotTemplates,
    diseases: referenceData.diseases,
  });
}

const warnCases = Object.entries(suite).flatMap(([rule, { warns }]) =>
  warns.map((value) => ({ rule: rule as ProtocolRule, value })),
);
const cleanCases = Object.entries(suite).flatMap(([rule, { clean }]) =>
  clean.map((value) => ({ rule: rule as ProtocolRule, value })),
);
const caseCount = warnCases.length + cleanCases.length;

describe(`the rule suite: ${caseCount} cases, every rule with plans that must warn and clean plans`, () => {
  it("has at least 85 cases, and every rule both kinds", () => {
    expect(caseCount).toBeGreaterThanOrEqual(85);
    for (const [rule, { warns, clean }] of Object.entries(suite)) {
      expect(warns.length, rule).toBeGreaterThan(0);
      expect(clean.length, rule).toBeGreaterThan(0);
    }
  });

  it.each(warnCases.map(({ rule, value }) => [rule, value.name, value] as const))(
    "%s warns: %s",
    (rule, _name, value) => {
      expect(check(value).map((warning) => warning.rule)).toContain(rule);
    },
  );

  it.each(cleanCases.map(({ rule, value }) => [rule, value.name, value] as const))(
    "%s stays clean: %s",
    (_rule, _name, value) => {
      expect(check(value).map((warning) => `${warning.rule}: ${warning.message}`)).toEqual(
        (value.notes ?? []).map((note) => expect.stringMatching(new RegExp(`^${note}: `))),
      );
    },
  );

  it("says what to do, in farm words, for the rules issue 24 added", () => {
    const messagesOf = (value: Plan | undefined) =>
      value === undefined ? [] : check(value).map((warning) => warning.message);
    expect(messagesOf(suite.missingSecondDose.warns[0])).toEqual([
      "Course not finished: give a second dose of Bovilis BVD 4 to 5 weeks after this one; one dose alone does not protect.",
    ]);
    expect(messagesOf(suite.lapsedCourse.warns[0])).toEqual([
      "Course lapsed: these Bovilis BVD doses are 12 weeks apart, more than 4 to 5 weeks, so the first no longer counts. Restart the course: 2 doses 4 to 5 weeks apart.",
    ]);
    expect(messagesOf(suite.lapsedCourse.warns[2])).toEqual([
      "Course lapsed: 18 months since the last Bovilis Leptavoid-H dose, too long for a booster. Restart the course: 2 doses 4 to 6 weeks apart.",
    ]);
    expect(messagesOf(suite.crossesToCalf.warns[0])).toEqual([
      "In pregnancy the vaccine virus can pass to the calf, and the calf's ear-notch BVD test can then come back positive: give Bovela at least 3 weeks before breeding instead.",
    ]);
    expect(messagesOf(suite.handlerSafety.warns[1])).toEqual([
      "Wear gloves when giving it: this live orf vaccine can infect people. Anyone pregnant or with a weakened immune system should not give it.",
    ]);
    expect(messagesOf(suite.boosterWindow.warns[2])).toEqual([
      "Too early before calving: give the Bovilis Bovivac S booster 3 to 4 weeks before calving, so the calves get protection through the colostrum.",
    ]);
    expect(messagesOf(suite.youngestUnderAge.warns[0])).toEqual([
      "The youngest heifers are under 8 months old on this date: Bovilis BVD is given from 8 months of age (SPC). Talk to your vet about when to breed them.",
    ]);
    expect(messagesOf(suite.youngestUnderAge.warns[1])).toEqual([
      "The youngest hoggets are under 5 months old on this date: Enzovax is given from 5 months of age (SPC). Talk to your vet about when to tup them.",
    ]);
    expect(messagesOf(suite.tooEarlyBeforeBreeding.warns[2])).toEqual([
      "Too early before tupping: give Cevac Chlamydia within 120 days (4 months) before tupping.",
    ]);
  });

  it("words every warning for the farmer and names its source", () => {
    for (const { value } of warnCases) {
      for (const warning of check(value)) {
        expect(warning.source, warning.message).toMatch(/^(S\d+|SPC)$/);
        // No rule code or source id in the words the farmer reads.
        expect(warning.message).not.toMatch(/\bS\d+\b|[a-z][A-Z]|\[|\*/);
        expect(warning.message).toMatch(/^[A-Z].*\.$/);
      }
    }
  });
});
