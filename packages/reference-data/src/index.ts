import type {
  AnimalEnterpriseSeasonCombination,
  Disease,
  ShotTemplate,
  TerritoryManager,
  Vaccine,
  Warning,
} from "@vaxcal/contracts";
import { combinations } from "./combinations.ts";
import type { DemoVetPractice } from "./demo.ts";
import { territoryManagers, vetPractices } from "./demo.ts";
import { diseases } from "./diseases.ts";
import type { ReferenceAnimal, ReferenceEnterprise } from "./enterprises-animals.ts";
import { animals, enterprises } from "./enterprises-animals.ts";
import type { ReferenceSeason } from "./seasons.ts";
import { seasons } from "./seasons.ts";
import { shotTemplates, windowedShotTemplates } from "./shot-templates.ts";
import { vaccines, withVaccineRuleExtras } from "./vaccines.ts";
import { warnings } from "./warnings.ts";

export type ReferenceData = {
  enterprises: ReferenceEnterprise[];
  animals: ReferenceAnimal[];
  seasons: ReferenceSeason[];
  /** Each carries its season's default birth and breeding dates (`yearOffset.MM.DD`). */
  combinations: AnimalEnterpriseSeasonCombination[];
  vaccines: Vaccine[];
  diseases: Disease[];
  shotTemplates: ShotTemplate[];
  warnings: Warning[];
};

/** The vaccine reference dataset that seeds the database; each vaccine names its sources. */
export const referenceData: ReferenceData = {
  enterprises,
  animals,
  seasons,
  combinations,
  vaccines,
  diseases,
  shotTemplates,
  warnings,
};

/**
 * The reference dataset with every shot template's window and source (decision 411), calves'
 * Huskvac's lungworm scope and the vaccines' rule facts of decision 415, for the schedule engine.
 * The database stores them (migrations 0020 and 0021) and the server seeds this set.
 */
export const referenceDataWithWindows: ReferenceData = {
  ...referenceData,
  vaccines: withVaccineRuleExtras(vaccines),
  shotTemplates: windowedShotTemplates,
};

export type DemoData = {
  vetPractices: DemoVetPractice[];
  territoryManagers: TerritoryManager[];
};

/** Fictional vet practices and territory managers, seeded only outside production. */
export const demoData: DemoData = { vetPractices, territoryManagers };

export type { DemoVetPractice } from "./demo.ts";
export type { ReferenceAnimal, ReferenceEnterprise } from "./enterprises-animals.ts";
export { AnimalId, EnterpriseId, enterpriseSeasonIds } from "./enterprises-animals.ts";
export type { ReferenceSeason } from "./seasons.ts";
export { SeasonId } from "./seasons.ts";
export { VaccineId, withVaccineRuleExtras } from "./vaccines.ts";
export { DiseaseId, Footnote, HerdStatusQuestion } from "./diseases.ts";
export { Recurrence, withTemplateWindows, type ShotTemplateWindow } from "./shot-templates.ts";
export { WarningSlug, warningPlaceholders } from "./warnings.ts";
export {
  buildVaccineBadgePath,
  buildVaccineInitials,
  renderVaccineBadgeSvg,
  slugifyVaccineName,
} from "./vaccine-badge.ts";
