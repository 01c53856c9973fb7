import {
  ScopedDiseaseInclude,
  calendarBuilderMessages,
  checkBirthEndDate,
  checkYoungestBirthDate,
  type ErrorIssue,
  type ScopedDisease,
  type ScopedDiseasesQuery,
  type ScopedVaccine,
} from "@vaxcal/contracts";
import {
  buildCalendar,
  resolveDefaultBlockEnd,
  selectColumnProtocol,
  type CalendarSetup,
  type IsoDate,
} from "@vaxcal/schedule";
import { createProtocolStamp } from "../calendars/index.ts";
import { createValidationError } from "../../errors/validation-error.ts";
import { toEngineDiseases, type VaccinesRepository } from "../reference/index.ts";
import type {
  CalendarBuilderRepository,
  ScopedCombination,
} from "./calendar-builder.repository.ts";

export type ScopedDiseasesContext = {
  calendarBuilderRepository: CalendarBuilderRepository;
  vaccinesRepository: VaccinesRepository;
  /** Today as `YYYY-MM-DD`, the engine's only notion of time. */
  today: IsoDate;
  /** Signs each column's protocol stamp (decision 405). */
  secret: string;
};

/**
 * docs/product.md §7, GET /api/diseases with a query: the diseases offered for the combination's
 * animal, each with its default vaccine, and (as `include` asks) the vaccine's rules and the shots
 * the schedule engine computes from the given season dates, mirrored copies included.
 */
export async function listScopedDiseases(
  query: ScopedDiseasesQuery,
  context: ScopedDiseasesContext,
): Promise<ScopedDisease[]> {
  const combination = await context.calendarBuilderRepository.findCombination(query.seasonComboId);
  if (combination === null) {
    throw invalidQuery([
      { path: "query.seasonComboId", message: calendarBuilderMessages.seasonComboIdUnknown },
    ]);
  }
  const setup = resolveSetup(query, combination, context.today);
  const { offers, shotTemplates } = await context.vaccinesRepository.readAnimalVaccineInputs(
    combination.animal.id,
  );
  const calendar = query.include.includes(ScopedDiseaseInclude.vaccineShots)
    ? buildCalendar({
        setup,
        diseases: toEngineDiseases(offers, combination.animal.id),
        vaccines: offers.map((offer) => offer.vaccine),
        shotTemplates,
        today: context.today,
      })
    : null;

  return offers.map(({ disease, vaccine, retired }) => {
    if (!query.include.includes(ScopedDiseaseInclude.vaccine)) return disease;
    const { rules, ...vaccineFields } = vaccine;
    // A retired product is still described, for a saved calendar that has it; the browser
    // never offers it to a new one, and the save check refuses it there.
    const scopedVaccine: ScopedVaccine = { ...vaccineFields, ...(retired ? { retired } : {}) };
    if (query.include.includes(ScopedDiseaseInclude.vaccineRules)) scopedVaccine.rules = rules;
    if (calendar !== null) {
      const column = calendar.diseases.find((candidate) => candidate.diseaseId === disease.id);
      scopedVaccine.shots = [...(column?.shots ?? [])];
      // Decision 405: what these shots came from, for the save to keep.
      scopedVaccine.protocolStamp = createProtocolStamp(context.secret, {
        diseaseId: disease.id,
        vaccineId: vaccine.id,
        protocol: selectColumnProtocol(shotTemplates, vaccine.id, combination.animal.id),
      });
    }
    return { ...disease, vaccine: scopedVaccine };
  });
}

/**
 * The engine's setup from the query, or a 400 naming each missing date. Adults need a breeding
 * date (docs/product.md §5); every animal but the ram needs a birth date, and the ram's is ignored
 * (§9).
 */
function resolveSetup(
  query: ScopedDiseasesQuery,
  combination: ScopedCombination,
  today: IsoDate,
): CalendarSetup {
  const { animal } = combination;
  const issues: ErrorIssue[] = [];
  if (animal.hasBirthDate && query.birthDate === undefined) {
    issues.push({ path: "query.birthDate", message: calendarBuilderMessages.birthDateRequired });
  }
  if (animal.isAdult && query.breedingDate === undefined) {
    issues.push({
      path: "query.breedingDate",
      message: calendarBuilderMessages.breedingDateRequired,
    });
  }
  const birthDate = animal.hasBirthDate ? (query.birthDate ?? null) : null;
  // Decision 416: an adult's calving or lambing block, to the season's default end when left out.
  const blockIssue = animal.isAdult ? checkBirthEndDate(birthDate, query.birthEndDate) : null;
  if (blockIssue !== null) issues.push({ path: "query.birthEndDate", message: blockIssue });
  // Decision 422: the youngest was born on a real day, not after today nor absurdly long ago.
  const youngestIssue = checkYoungestBirthDate(query.youngestBirthDate, today);
  if (youngestIssue !== null) {
    issues.push({ path: "query.youngestBirthDate", message: youngestIssue });
  }
  // Decision 421: a disease is answered one way or the other, never both.
  if ((query.primed ?? []).some((diseaseId) => (query.unprimed ?? []).includes(diseaseId))) {
    issues.push({ path: "query.primed", message: calendarBuilderMessages.herdStatusBoth });
  }
  if (issues.length > 0) throw invalidQuery(issues);
  const birthEndDate = animal.isAdult
    ? (query.birthEndDate ?? resolveDefaultBlockEnd(combination.seasonId, birthDate))
    : null;
  return {
    enterprise: { id: combination.enterpriseId },
    season: { id: combination.seasonId },
    animal: { id: animal.id, isAdult: animal.isAdult, hasBirthDate: animal.hasBirthDate },
    birthDate,
    birthEndDate,
    breedingDate: query.breedingDate ?? null,
    // docs/product.md §3 "Herd status": the diseases whose primary course the animals have had
    // and have not had; a disease in neither list takes its offer's default (decision 421).
    herdStatus: Object.fromEntries([
      ...(query.primed ?? []).map((diseaseId) => [String(diseaseId), "primed" as const]),
      ...(query.unprimed ?? []).map((diseaseId) => [String(diseaseId), "unprimed" as const]),
    ]),
    // Decision 419: the farmer's lungworm answer; left out, the enterprise's default.
    ...(query.lungwormRisk === undefined ? {} : { lungwormRisk: query.lungwormRisk }),
    // Decision 422: a dose with a minimum age waits for the youngest.
    ...(query.youngestBirthDate === undefined
      ? {}
      : { youngestBirthDate: query.youngestBirthDate }),
  };
}

function invalidQuery(issues: ErrorIssue[]) {
  return createValidationError(issues, { summarise: true });
}
