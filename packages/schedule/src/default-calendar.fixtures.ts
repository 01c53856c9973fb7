/*
 * The seeded dataset's default calendar for a combination, as step 1 and step 2 build it with
 * every offered disease ticked: for the golden calendars and the due-now table test.
 */
import { referenceDataWithWindows as referenceData } from "@vaxcal/reference-data";
import { resolveDefaultBlockEnd } from "./birth-block.ts";
import { buildCalendar } from "./build-calendar.ts";
import { checkProtocol, ProtocolRule, type ProtocolWarning } from "./check-protocol.ts";
import type { IsoDate } from "./iso-date.ts";
import type { Calendar, HerdStatus } from "./schedule.types.ts";
import { resolveSeasonDefaults } from "./season-defaults.ts";

export type Combination = (typeof referenceData.combinations)[number];

export function offeredDiseases(animalId: number) {
  return referenceData.diseases.filter((disease) =>
    disease.animals.some((offer) => offer.animal_id === animalId),
  );
}

export function buildDefault(
  combination: Combination,
  today: IsoDate,
  herdStatus?: Record<string, HerdStatus>,
  /** "default": the season's usual calving or lambing block, as step 1 and the server fill in. */
  block: "default" | "none" = "none",
) {
  const animal = referenceData.animals.find((candidate) => candidate.id === combination.animal_id);
  if (animal === undefined) throw new Error(`No seeded animal ${combination.animal_id}`);
  const dates = resolveSeasonDefaults(combination, today, animal, referenceData);
  const birthEndDate =
    block === "default" && animal.isAdult && dates.birthDate !== null
      ? resolveDefaultBlockEnd(combination.season_id, dates.birthDate)
      : null;
  return buildCalendar({
    setup: {
      enterprise: { id: combination.enterprise_id },
      season: { id: combination.season_id },
      animal,
      ...dates,
      ...(birthEndDate === null ? {} : { birthEndDate }),
      ...(herdStatus === undefined ? {} : { herdStatus }),
    },
    diseases: offeredDiseases(animal.id),
    vaccines: referenceData.vaccines,
    shotTemplates: referenceData.shotTemplates,
    today,
  });
}

/**
 * Calves' Bovivac S at 3 and 6 weeks of age (templates 56 and 57): the SPC's age, not pushed later
 * to clear the calves' other courses (S11, issue 24), so on a farm that ticks every calf disease
 * they fall within 14 days of the nasal IBR dose and the first Covexin 10 dose, and the spacing
 * check says so.
 */
const PINNED_BY_SPC_TEMPLATE_IDS: ReadonlySet<number> = new Set([56, 57]);

/**
 * A calendar's warnings but those a due-now dose cannot avoid (decision 411): several doses falling
 * due together whose windows leave no day 14 days clear of the others get a spacing warning, which
 * is the calendar telling the truth; and a dose due now for this season's birth shares a calendar
 * year with next season's, which the most-shots rule still counts by calendar year (issue 24,
 * item 7). The orf handler note is on every calendar with a live orf vaccine, by design (decision
 * 415), and calves' Bovivac S keeps its SPC age beside their other courses. A dose given to a
 * group of the calving or lambing block (decision 416) is judged for that group's animals
 * (decision 417), so its warnings are kept like any other. Every other warning on a default
 * calendar is a defect.
 */
export function listAvoidableWarnings(calendar: Calendar): ProtocolWarning[] {
  const shots = calendar.diseases.flatMap((column) => column.shots);
  const dueNow = new Set(
    shots.filter((shot) => shot.seasonTiming?.state === "dueNow").map((shot) => shot.id),
  );
  const pinned = new Set(
    shots
      .filter((shot) => shot.templateId !== null && PINNED_BY_SPC_TEMPLATE_IDS.has(shot.templateId))
      .map((shot) => shot.id),
  );
  return checkProtocol(calendar, {
    shotTemplates: referenceData.shotTemplates,
    diseases: referenceData.diseases,
  }).filter(
    (warning) =>
      warning.rule !== ProtocolRule.handlerSafety &&
      !(warning.rule === ProtocolRule.spacing && warning.shotIds.some((id) => pinned.has(id))) &&
      ((warning.rule !== ProtocolRule.spacing && warning.rule !== ProtocolRule.maxShots) ||
        !warning.shotIds.some((id) => dueNow.has(id))),
  );
}
