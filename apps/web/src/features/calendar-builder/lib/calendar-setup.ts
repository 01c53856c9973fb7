import {
  checkBirthEndDate,
  checkYoungestBirthDate,
  type Animal,
  type AnimalEnterpriseSeasonCombination,
  type CalendarForm,
  type HerdStatus,
  type ReferenceLists,
  type Season,
} from "@vaxcal/contracts";
import {
  resolveDefaultBlockEnd,
  resolveDefaultSeasonId,
  resolveLungwormRisk,
  resolveSeasonDefaults,
  type CalendarSetup,
  type IsoDate,
} from "@vaxcal/schedule";

/*
 * Step 1's choices (docs/product.md §2 'Setup your calendar', §5 'Calendar'): what each radio
 * offers and what choosing one does to the rest of the draft. Pure functions over the reference
 * lists, so the page, the quick-start modal and the tests share one set of rules.
 */

export type SetupReference = Pick<
  ReferenceLists,
  | "enterprises"
  | "animals"
  | "seasons"
  | "diseases"
  | "animalEnterpriseSeasonCombinations"
  | "shotTemplates"
>;

/**
 * docs/product.md §2: the enterprise's animals, in the order Cows, Replacement Heifers, Weanlings,
 * Calves.
 */
export function listEnterpriseAnimals(reference: SetupReference, enterpriseId: number | null) {
  const enterprise = reference.enterprises.find((candidate) => candidate.id === enterpriseId);
  if (!enterprise) return [];
  return reference.animals
    .filter((animal) => enterprise.animalArray.includes(animal.id))
    .sort((left, right) => left.sortOrder - right.sortOrder || left.id - right.id);
}

/** The seasons an animal can be planned for in an enterprise: those with a combination. */
export function listAnimalSeasons(
  reference: SetupReference,
  enterpriseId: number | null,
  animalId: number | null,
): Season[] {
  const seasonIds = new Set(
    reference.animalEnterpriseSeasonCombinations
      .filter((combination) => combination.enterprise_id === enterpriseId)
      .filter((combination) => combination.animal_id === animalId)
      .map((combination) => combination.season_id),
  );
  return reference.seasons.filter((season) => seasonIds.has(season.id));
}

/** The animal's diseases (docs/product.md §2 'Diseases'), in reference order. */
export function listAnimalDiseases(reference: SetupReference, animalId: number | null) {
  const animal = reference.animals.find((candidate) => candidate.id === animalId);
  if (!animal) return [];
  return reference.diseases.filter((disease) => animal.diseases.includes(disease.id));
}

/**
 * Decision 421: the answer a disease's herd status question shows until the farmer answers: the
 * offer's default (heifers' BVD: "No, not yet"), else "Yes".
 */
export function findHerdStatusDefault(
  disease: SetupReference["diseases"][number],
  animalId: number,
): HerdStatus {
  return (
    disease.animals.find((offer) => offer.animal_id === animalId)?.herd_status_default ?? "primed"
  );
}

/** The herd status question a disease asks for an animal (docs/product.md §3), or null. */
export function findHerdStatusQuestion(
  disease: SetupReference["diseases"][number],
  animalId: number,
): string | null {
  return (
    disease.animals.find((offer) => offer.animal_id === animalId)?.herd_status_question ?? null
  );
}

/**
 * Decision 419: whether a disease asks if the animals graze where lungworm is a risk: its
 * default vaccine has a dose for the animal that only such animals get (calves' Huskvac).
 */
export function asksLungwormRisk(
  reference: Pick<SetupReference, "shotTemplates">,
  disease: SetupReference["diseases"][number],
  animalId: number,
): boolean {
  const vaccineId = disease.animals.find((offer) => offer.animal_id === animalId)?.vaccine_id;
  return reference.shotTemplates.some(
    (template) =>
      template.animal_id === animalId &&
      template.vaccine_id === vaccineId &&
      template.lungworm_risk_only === true,
  );
}

/** Decision 419: the lungworm answer step 1 shows: the farmer's, else the enterprise's default. */
export function resolveLungwormAnswer(form: Pick<CalendarForm, "lungwormRisk" | "enterpriseID">) {
  return resolveLungwormRisk({
    ...(form.lungwormRisk == null ? {} : { lungwormRisk: form.lungwormRisk }),
    enterprise: { id: form.enterpriseID ?? 0 },
  });
}

/** docs/product.md §3: the form's combination matches all three ids. */
export function findCombination(
  combinations: readonly AnimalEnterpriseSeasonCombination[],
  ids: Pick<CalendarForm, "enterpriseID" | "animalID" | "seasonID">,
): AnimalEnterpriseSeasonCombination | null {
  return (
    combinations.find(
      (combination) =>
        combination.enterprise_id === ids.enterpriseID &&
        combination.animal_id === ids.animalID &&
        combination.season_id === ids.seasonID,
    ) ?? null
  );
}

/**
 * The season to preselect: the one already chosen if the animal still has it, else the
 * enterprise's default (docs/product.md §9: Sheep → mid-season lambing), else the only one there
 * is.
 */
function resolveSeasonChoice(
  reference: SetupReference,
  enterpriseId: number | null,
  animalId: number | null,
  currentSeasonId: number | null,
): number | null {
  const seasons = listAnimalSeasons(reference, enterpriseId, animalId);
  const offered = (seasonId: number | null) => seasons.some((season) => season.id === seasonId);
  if (offered(currentSeasonId)) return currentSeasonId;
  const defaultSeasonId = enterpriseId === null ? null : resolveDefaultSeasonId(enterpriseId);
  if (offered(defaultSeasonId)) return defaultSeasonId;
  return seasons.length === 1 ? (seasons[0]?.id ?? null) : null;
}

/**
 * The fields that follow from new enterprise, animal and season ids: the season preselected,
 * the dates prefilled with the engine's season defaults whenever the combination changes, and
 * the diseases the new animal does not have dropped.
 */
function settleChoices(
  form: CalendarForm,
  ids: Pick<CalendarForm, "enterpriseID" | "animalID" | "seasonID">,
  reference: SetupReference,
  today: IsoDate,
): Partial<CalendarForm> {
  const seasonID = resolveSeasonChoice(reference, ids.enterpriseID, ids.animalID, ids.seasonID);
  const next = { enterpriseID: ids.enterpriseID, animalID: ids.animalID, seasonID };
  const combination = findCombination(reference.animalEnterpriseSeasonCombinations, next);
  const animalDiseaseIds = new Set(
    listAnimalDiseases(reference, ids.animalID).map((disease) => disease.id),
  );
  const diseases = form.diseases.filter((diseaseId) => animalDiseaseIds.has(diseaseId));
  // The herd status questions are the animal's own (for lambs they ask about the ewes).
  const herdStatus = ids.animalID === form.animalID ? form.herdStatus : {};
  // Decision 419: the lungworm answer is about these animals on this farm; its default follows
  // the enterprise.
  const lungwormRisk =
    ids.animalID === form.animalID && ids.enterpriseID === form.enterpriseID
      ? (form.lungwormRisk ?? null)
      : null;
  // Decision 422: when the youngest was born is about these animals.
  const youngestBirthDate =
    ids.animalID === form.animalID ? (form.youngestBirthDate ?? null) : null;
  if (combination?.id === form.animalEnterpriseSeasonCombination?.id) {
    return { ...next, diseases, herdStatus, lungwormRisk, youngestBirthDate };
  }
  // docs/product.md §9: the next season whose first shots are still ahead.
  const defaults = combination
    ? resolveSeasonDefaults(
        combination,
        today,
        reference.animals.find((animal) => animal.id === ids.animalID),
        reference,
      )
    : { birthDate: null, breedingDate: null };
  // Decision 416: a new season's block ends on its default until the farmer changes it.
  return {
    ...next,
    diseases,
    herdStatus,
    lungwormRisk,
    youngestBirthDate,
    ...defaults,
    birthEndDate: null,
  };
}

export function chooseEnterprise(
  form: CalendarForm,
  enterpriseId: number,
  reference: SetupReference,
  today: IsoDate,
): Partial<CalendarForm> {
  const animals = listEnterpriseAnimals(reference, enterpriseId);
  // Dairy and Beef share their animals, so switching between them keeps the animal.
  const animalID = animals.some((animal) => animal.id === form.animalID) ? form.animalID : null;
  return settleChoices(
    form,
    { enterpriseID: enterpriseId, animalID, seasonID: form.seasonID },
    reference,
    today,
  );
}

export function chooseAnimal(
  form: CalendarForm,
  animalId: number,
  reference: SetupReference,
  today: IsoDate,
): Partial<CalendarForm> {
  return settleChoices(
    form,
    { enterpriseID: form.enterpriseID, animalID: animalId, seasonID: form.seasonID },
    reference,
    today,
  );
}

export function chooseSeason(
  form: CalendarForm,
  seasonId: number,
  reference: SetupReference,
  today: IsoDate,
): Partial<CalendarForm> {
  return settleChoices(
    form,
    { enterpriseID: form.enterpriseID, animalID: form.animalID, seasonID: seasonId },
    reference,
    today,
  );
}

type AnimalFacts = Pick<Animal, "id" | "isAdult" | "hasBirthDate">;

/** Adults are bred: they need a breeding date (docs/product.md §5). */
export function needsBreedingDate(animal: AnimalFacts | undefined): boolean {
  return animal?.isAdult ?? false;
}

/** Every animal but the ram has a birth, calving or lambing date (docs/product.md §5, §9). */
export function needsBirthDate(animal: AnimalFacts | undefined): boolean {
  return animal?.hasBirthDate ?? false;
}

/**
 * The engine's setup from the draft, once enterprise, animal and season are chosen (so the
 * combination exists) and the animal's dates are set; null before that. Diseases are not needed.
 */
export function buildCalendarSetup(
  form: CalendarForm,
  animal: AnimalFacts | undefined,
): CalendarSetup | null {
  if (
    form.enterpriseID === null ||
    form.seasonID === null ||
    form.animalEnterpriseSeasonCombination === null ||
    animal === undefined ||
    animal.id !== form.animalID
  ) {
    return null;
  }
  if (needsBreedingDate(animal) && form.breedingDate === null) return null;
  if (needsBirthDate(animal) && form.birthDate === null) return null;
  const birthEndDate = resolveBirthEndDate(form, animal);
  if (checkBirthEndDate(form.birthDate, birthEndDate) !== null) return null;
  return {
    enterprise: { id: form.enterpriseID },
    season: { id: form.seasonID },
    animal: { id: animal.id, isAdult: animal.isAdult, hasBirthDate: animal.hasBirthDate },
    birthDate: needsBirthDate(animal) ? form.birthDate : null,
    ...(birthEndDate === null ? {} : { birthEndDate }),
    breedingDate: needsBreedingDate(animal) ? form.breedingDate : null,
    herdStatus: keepTickedAnswers(form),
    // Decision 419: sent only when the farmer answered; else the enterprise's default.
    ...(form.lungwormRisk == null ? {} : { lungwormRisk: form.lungwormRisk }),
    // Decision 422: sent only when the farmer answered.
    ...(form.youngestBirthDate == null ? {} : { youngestBirthDate: form.youngestBirthDate }),
  };
}

/** Whether step 1 asks when calving or lambing ends: adults with a calving or lambing. */
export function needsBirthEndDate(animal: AnimalFacts): boolean {
  return animal.isAdult && needsBirthDate(animal);
}

/**
 * Decision 416: the last calving or lambing of an adult's block, the farmer's or, left empty, the
 * season's default; null for young stock and the ram.
 */
export function resolveBirthEndDate(form: CalendarForm, animal: AnimalFacts): IsoDate | null {
  if (!needsBirthEndDate(animal) || form.birthDate === null) return null;
  return form.birthEndDate ?? resolveDefaultBlockEnd(form.seasonID, form.birthDate);
}

/** The herd status answers of the ticked diseases: an unticked disease's answer is not sent. */
function keepTickedAnswers(form: CalendarForm): Record<string, HerdStatus> {
  return Object.fromEntries(
    Object.entries(form.herdStatus ?? {}).filter(([diseaseId]) =>
      form.diseases.includes(Number(diseaseId)),
    ),
  );
}

/** The diseases answered with this herd status, by id. */
function listDiseaseIdsAnswered(setup: CalendarSetup, status: HerdStatus): number[] {
  return Object.entries(setup.herdStatus ?? {})
    .filter(([, answer]) => answer === status)
    .map(([diseaseId]) => Number(diseaseId))
    .sort((left, right) => left - right);
}

/** The diseases whose primary course the animals have not had, by id. */
export function listUnprimedDiseaseIds(setup: CalendarSetup): number[] {
  return listDiseaseIdsAnswered(setup, "unprimed");
}

/**
 * Decision 421: the diseases whose primary course the animals have had, by id; sent too, since a
 * question left unanswered takes its offer's default (heifers' BVD: not yet).
 */
export function listPrimedDiseaseIds(setup: CalendarSetup): number[] {
  return listDiseaseIdsAnswered(setup, "primed");
}

/** The herd status answers as one text, `u:1,3|p:2`, for keys that change with any answer. */
export function describeHerdStatusAnswers(setup: CalendarSetup): string {
  return `u:${listUnprimedDiseaseIds(setup).join(",")}|p:${listPrimedDiseaseIds(setup).join(",")}`;
}

/**
 * docs/product.md §5: 'Next step' is enabled only when enterprise, animal and season are chosen, a
 * breeding date is set for adult animals, a birth date is set unless the animal has none, and at
 * least one disease is chosen.
 */
export function canProceedToReview(
  form: CalendarForm,
  animal: AnimalFacts | undefined,
  today?: IsoDate,
): boolean {
  // Decision 422: a youngest born after today, or absurdly long ago, is refused by the server.
  if (today !== undefined && checkYoungestBirthDate(form.youngestBirthDate, today) !== null) {
    return false;
  }
  return buildCalendarSetup(form, animal) !== null && form.diseases.length > 0;
}

/** Identifies what step 2's shots were computed from; a change means computing them again. */
export function describeSetupKey(combinationId: number, setup: CalendarSetup): string {
  return [
    combinationId,
    setup.birthDate ?? "",
    setup.birthEndDate ?? "",
    setup.breedingDate ?? "",
    describeHerdStatusAnswers(setup),
    setup.lungwormRisk ?? "",
    setup.youngestBirthDate ?? "",
  ].join("|");
}
