/*
 * Small hand-made reference data for the engine's tests: one vaccine per rule, so each test reads
 * on its own. The seeded dataset (@vaxcal/reference-data) drives the table tests.
 */
import type {
  CalendarSetup,
  DiseaseInput,
  ShotTemplateInput,
  VaccineInput,
  VaccineRulesInput,
} from "./schedule.types.ts";

export const noRules: VaccineRulesInput = {
  max_shots: null,
  min_age_days: null,
  not_in_pregnancy: false,
  min_days_before_breeding: null,
  blackout_birth_days: null,
  window_birth_days: null,
  compatible_vaccine_ids: [],
};

export function createVaccine(
  id: number,
  name: string,
  rules: Partial<VaccineRulesInput> = {},
): VaccineInput {
  return { id, name, source_note: `S${id} (H)`, rules: { ...noRules, ...rules } };
}

export function createTemplate(
  id: number,
  vaccineId: number,
  anchor: { birth_days: number } | { breeding_days: number },
  isRecurrent = 0,
  animalId = 1,
): ShotTemplateInput {
  return {
    id,
    vaccine_id: vaccineId,
    animal_id: animalId,
    birth_days: "birth_days" in anchor ? anchor.birth_days : null,
    breeding_days: "breeding_days" in anchor ? anchor.breeding_days : null,
    custom_name: null,
    is_recurrent: isRecurrent,
  };
}

export function createDisease(id: number, vaccineId: number, animalIds = [1]): DiseaseInput {
  return { id, animals: animalIds.map((animal_id) => ({ animal_id, vaccine_id: vaccineId })) };
}

/** Dairy cows calving from 1 February 2027 and bred from 25 April 2027. */
export function createSetup(overrides: Partial<CalendarSetup> = {}): CalendarSetup {
  return {
    enterprise: { id: 1 },
    animal: { id: 1, isAdult: true },
    birthDate: "2027-02-01",
    breedingDate: "2027-04-25",
    ...overrides,
  };
}
