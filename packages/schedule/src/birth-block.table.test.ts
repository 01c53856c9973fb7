import { AnimalId, referenceDataWithWindows as referenceData } from "@vaxcal/reference-data";
import { describe, expect, it } from "vitest";
import { birthBlockMaxDays } from "@vaxcal/contracts";
import { resolveBirthBlock, resolveDefaultBlockEnd } from "./birth-block.ts";
import { buildCalendar } from "./build-calendar.ts";
import { listAvoidableWarnings, offeredDiseases } from "./default-calendar.fixtures.ts";
import { addDays, type IsoDate } from "./iso-date.ts";
import { ProtocolRule } from "./check-protocol.ts";
import type { BirthGroup, Calendar, Shot, ShotTemplateInput } from "./schedule.types.ts";
import { resolveSeasonDefaults } from "./season-defaults.ts";
import { findHerdStatusDefault, isTemplateInScope } from "./template-selection.ts";

/*
 * Issue 24, item 2, "Seasons as blocks" (docs/decisions/416): for every adult combination with a
 * calving or lambing, with today on every day of 2027 and on 29 February 2028, and the
 * season's default block, a 12-week one and the longest the server accepts, no dose before the
 * birth falls outside its SPC window for any animal of the block (first to last birth) whose
 * window is still open, unless the plan says so in words: the dose's name ("ask your vet") or
 * its "missed this season" mark. Doses after the birth (Footvax) keep their exclusion from the
 * block's last birth.
 */

type Combination = (typeof referenceData.combinations)[number];

const adultCombinations = referenceData.combinations.filter((combination) => {
  const animal = referenceData.animals.find((candidate) => candidate.id === combination.animal_id);
  return animal?.isAdult === true && animal.hasBirthDate && combination.birth_date !== null;
});

function listTodays(): IsoDate[] {
  const todays: IsoDate[] = [];
  for (let day: IsoDate = "2027-01-01"; day <= "2027-12-31"; day = addDays(day, 1)) {
    todays.push(day);
  }
  todays.push("2028-02-29");
  return todays;
}

type BlockLength = "default" | number;

function buildWithBlock(combination: Combination, today: IsoDate, length: BlockLength): Calendar {
  const animal = referenceData.animals.find((candidate) => candidate.id === combination.animal_id)!;
  const dates = resolveSeasonDefaults(combination, today, animal, referenceData);
  const birthEndDate =
    length === "default"
      ? resolveDefaultBlockEnd(combination.season_id, dates.birthDate)
      : addDays(dates.birthDate!, length);
  return buildCalendar({
    setup: {
      enterprise: { id: combination.enterprise_id },
      season: { id: combination.season_id },
      animal,
      ...dates,
      birthEndDate,
    },
    diseases: offeredDiseases(animal.id),
    vaccines: referenceData.vaccines,
    shotTemplates: referenceData.shotTemplates,
    today,
  });
}

function listBirthTemplates(combination: Combination): ShotTemplateInput[] {
  const scopeOf = (template: ShotTemplateInput) => ({
    seasonId: combination.season_id,
    herdStatus: findHerdStatusDefault(
      referenceData.diseases,
      template.animal_id,
      template.vaccine_id,
    ),
    lungwormRisk: true,
  });
  return referenceData.shotTemplates.filter(
    (template) =>
      template.animal_id === combination.animal_id &&
      template.birth_days !== null &&
      template.earliest_days != null &&
      template.latest_days != null &&
      isTemplateInScope(template, scopeOf(template)),
  );
}

/** The plan says in words that some animals are not covered: its name, or missed this season. */
function saysSoInWords(shots: readonly Shot[]): boolean {
  return shots.some(
    (shot) =>
      (shot.custom_name ?? "").includes("ask your vet") || shot.seasonTiming?.state === "missed",
  );
}

function findBlockFaults(combination: Combination, calendar: Calendar): string[] {
  const block = resolveBirthBlock(calendar.setup);
  if (block === null) return ["no block"];
  const faults: string[] = [];
  const { today } = calendar;
  const shots = calendar.diseases.flatMap((column) => column.shots);
  for (const template of listBirthTemplates(combination)) {
    const doses = shots.filter((shot) => shot.templateId === template.id && shot.date !== null);
    if (doses.length === 0) continue; // Its disease is not offered for the animal.
    const earliest = Math.min(template.earliest_days!, template.birth_days!);
    const latest = Math.max(template.latest_days!, template.birth_days!);
    if (earliest > 0) {
      // After the birth: no dose of this season inside the exclusion of the block's last birth.
      const inExclusion = doses.filter(
        (shot) => shot.date! >= block.from && shot.date! < addDays(block.to, earliest),
      );
      if (inExclusion.length > 0) {
        faults.push(`template ${template.id}: ${inExclusion.map((s) => s.date).join(", ")}`);
      }
      continue;
    }
    if (saysSoInWords(doses)) continue;
    for (let birth = block.from; birth <= block.to; birth = addDays(birth, 1)) {
      const from = addDays(birth, earliest);
      const to = addDays(birth, latest);
      if (to < today) continue; // That animal's window closed before today.
      if (!doses.some((shot) => shot.date! >= from && shot.date! <= to)) {
        const planned = doses.map((shot) => `${shot.id} ${shot.date}`).join(", ");
        faults.push(`template ${template.id}: birth ${birth} has no dose (${planned})`);
        break;
      }
    }
  }
  return faults;
}

/**
 * The rule checks' warnings a grouped dose must not draw (decision 417): a dose outside its
 * product or booster window, or more shots a year than allowed (the plan puts each dose inside its window for
 * its group, one a year for each animal, or says in words it cannot), and a spacing warning
 * between doses of different groups, given to different cows or ewes.
 */
function findFalseGroupWarnings(calendar: Calendar): string[] {
  const groupById = new Map<string, BirthGroup>();
  for (const shot of calendar.diseases.flatMap((column) => column.shots)) {
    if (shot.birthGroup !== undefined) groupById.set(shot.id, shot.birthGroup);
  }
  const groupOf = (id: string) => groupById.get(id.replace(/~\d+$/, ""));
  const isOtherGroup = ([left, right]: readonly string[]) => {
    const [one, other] = [groupOf(left ?? ""), groupOf(right ?? "")];
    return one !== undefined && other !== undefined && (one.to < other.from || other.to < one.from);
  };
  return listAvoidableWarnings(calendar)
    .filter(
      ({ rule, shotIds }) =>
        rule === ProtocolRule.productWindow ||
        rule === ProtocolRule.boosterWindow ||
        rule === ProtocolRule.maxShots ||
        (rule === ProtocolRule.spacing && isOtherGroup(shotIds)),
    )
    .map(({ rule, shotIds }) => `${rule} ${shotIds.join(",")}`);
}

describe("doses around the birth cover the whole calving or lambing block", () => {
  const todays = listTodays();
  const lengths: BlockLength[] = ["default", 84, birthBlockMaxDays];
  const cases = adultCombinations.flatMap((combination) =>
    lengths.map((length) => [combination.id, length, combination] as const),
  );

  it.each(cases)("combination %i, block %s", (_id, length, combination) => {
    const faults: string[] = [];
    for (const today of todays) {
      const calendar = buildWithBlock(combination, today, length);
      for (const fault of findBlockFaults(combination, calendar)) faults.push(`${today}: ${fault}`);
      for (const fault of findFalseGroupWarnings(calendar)) faults.push(`${today}: ${fault}`);
      for (const shot of calendar.diseases.flatMap((column) => column.shots)) {
        if (shot.date !== null && shot.date < today) faults.push(`${today}: ${shot.id} is past`);
        if ((shot.custom_name ?? "").length > 100) faults.push(`${shot.custom_name} is too long`);
      }
    }
    expect(faults.slice(0, 10), `${faults.length} faults`).toEqual([]);
  });

  it("reads every cows', heifers', ewes' and hoggets' combination, and no other", () => {
    const { cows, replacementHeifers, ewes, hoggets } = AnimalId;
    const animalIds = new Set(adultCombinations.map((combination) => combination.animal_id));
    expect(adultCombinations).toHaveLength(14);
    expect([...animalIds].sort()).toEqual([cows, replacementHeifers, ewes, hoggets].sort());
  });
});

describe("spring-calving dairy cows calving 1 February to 12 April 2027", () => {
  const cows = referenceData.combinations.find((combination) => combination.id === 1)!;
  const calendar = buildWithBlock(cows, "2026-11-01", "default");
  const firstDoses = (templateId: number) =>
    calendar.diseases
      .flatMap((column) => column.shots)
      .filter((shot) => shot.templateId === templateId && !shot.isMirroredCopy)
      .map((shot) => ({ date: shot.date, name: shot.custom_name }));

  it("has the season's default block of 10 weeks", () => {
    expect(calendar.setup.birthDate).toBe("2027-02-01");
    expect(resolveBirthBlock(calendar.setup)).toEqual({ from: "2027-02-01", to: "2027-04-12" });
  });

  it("splits Covexin 10 into an early and a late group, each inside 8 to 2 weeks before calving", () => {
    // 10 weeks of calving do not fit the 6 weeks from 8 to 2 weeks before calving (S12): the
    // early group gets its dose when the last of it is 8 weeks off, the late group likewise.
    expect(firstDoses(4)).toEqual([
      { date: "2027-01-11", name: "Covexin 10, for those calving 1 Feb – 8 Mar" },
      { date: "2027-02-15", name: "Covexin 10, for those calving 9 Mar – 12 Apr" },
    ]);
  });

  it("says in words that one date cannot cover the calving for Bovivac S's 1-week window", () => {
    expect(firstDoses(6)).toEqual([
      {
        date: "2027-01-11",
        name: "Bovivac S (before calving): one date can't cover calving 1 Feb – 12 Apr, ask your vet",
      },
    ]);
  });

  it("raises no false warning on the default calendar: a late-group dose is judged for the late group", () => {
    // Rotavec Corona's late-group dose on 19 January is inside 12 to 3 weeks before calving for
    // every cow calving 9 March to 12 April, is the one dose of the year those cows get, and goes
    // to other cows than the early group's Covexin 10 on 11 January (decision 417). Bovivac S's one
    // date ("ask your vet") goes to every cow, so beside the early group's Covexin 10 on the same
    // day and the late group's Rotavec 8 days later it is a real spacing warning: the plan could
    // give it on 4 January, the first day of its window (left for the planner).
    expect(
      listAvoidableWarnings(calendar).map(({ rule, shotIds }) => `${rule} ${shotIds}`),
    ).toEqual(["spacing 4-4,6-6", "spacing 6-6,5-5-late"]);
  });
});

describe("Footvax after lambing counts from the block's end", () => {
  const ewes = referenceData.combinations.find((combination) => combination.id === 21)!;
  const footvax = (calendar: Calendar) =>
    calendar.diseases
      .flatMap((column) => column.shots)
      .filter((shot) => shot.templateId === 28 && !shot.isMirroredCopy)
      .map((shot) => shot.date);

  it("keeps 10 weeks after the start for the default 5-week lambing (4 weeks after the last ewe is earlier)", () => {
    expect(footvax(buildWithBlock(ewes, "2026-11-24", "default"))).toEqual(["2027-05-10"]);
  });

  it("moves to 4 weeks after the last ewe of an 8-week lambing", () => {
    // Lambing 1 March to 26 April 2027: the last ewe is 4 weeks past lambing on 24 May.
    expect(footvax(buildWithBlock(ewes, "2026-11-24", 56))).toEqual(["2027-05-24"]);
  });
});

describe("young stock and calendars saved before blocks", () => {
  const calves = referenceData.combinations.find((combination) => combination.id === 4)!;
  const cows = referenceData.combinations.find((combination) => combination.id === 1)!;
  const withoutEnd = (combination: Combination, today: IsoDate) => {
    const calendar = buildWithBlock(combination, today, "default");
    return buildCalendar({
      setup: { ...calendar.setup, birthEndDate: null },
      diseases: offeredDiseases(combination.animal_id),
      vaccines: referenceData.vaccines,
      shotTemplates: referenceData.shotTemplates,
      today,
    });
  };

  it("plans calves from their own birth: an end date changes nothing", () => {
    const calendar = buildWithBlock(calves, "2027-01-10", 70);
    expect(resolveBirthBlock(calendar.setup)).toBeNull();
    expect(calendar.diseases).toEqual(withoutEnd(calves, "2027-01-10").diseases);
  });

  it("plans cows without an end from the first calving alone, as before blocks", () => {
    const calendar = withoutEnd(cows, "2026-11-01");
    expect(resolveBirthBlock(calendar.setup)).toBeNull();
    const covexin = calendar.diseases
      .flatMap((column) => column.shots)
      .filter((shot) => shot.templateId === 4 && !shot.isMirroredCopy);
    expect(covexin.map((shot) => [shot.date, shot.custom_name])).toEqual([["2026-12-28", null]]);
  });
});
