import type {
  DayWindow,
  Disease,
  ShotTemplate,
  Vaccine,
  VaccineRules,
  Warning,
} from "@vaxcal/contracts";
import type * as schema from "./schema.ts";

/*
 * The reference tables' rows as the contracts name their fields, and the contracts' fields as
 * columns: one mapping for each, shared by the reference lists, the engine's inputs, the admin
 * area and the seeder, so that they cannot disagree on a field.
 */

type VaccineRow = typeof schema.vaccines.$inferSelect;
type VaccineRulesRow = typeof schema.vaccineRules.$inferSelect;
type ShotTemplateRow = typeof schema.shotTemplates.$inferSelect;

/** A vaccine's own fields, without its rules (`toVaccineRules`). */
export function toVaccineFields(row: VaccineRow): Omit<Vaccine, "rules"> {
  return {
    id: row.id,
    name: row.name,
    size_info: row.sizeInfo,
    vaccine_type: row.vaccineType,
    logo_url: row.logoUrl,
    product_spc_url: row.productSpcUrl,
    accent_color: row.accentColor,
    information: row.information,
    warning_message: row.warningMessage,
    source_note: row.sourceNote,
  };
}

/** The vaccine columns a dataset or an admin fills: all but the id and `retired_at`. */
export function toVaccineColumns(vaccine: Omit<Vaccine, "id" | "rules">) {
  return {
    name: vaccine.name,
    sizeInfo: vaccine.size_info,
    vaccineType: vaccine.vaccine_type,
    logoUrl: vaccine.logo_url,
    productSpcUrl: vaccine.product_spc_url,
    accentColor: vaccine.accent_color,
    information: vaccine.information,
    warningMessage: vaccine.warning_message,
    sourceNote: vaccine.source_note,
  } satisfies Partial<typeof schema.vaccines.$inferInsert>;
}

/** A vaccine's rules; a vaccine without a rules row has every rule off. */
export function toVaccineRules(
  rules: VaccineRulesRow | null | undefined,
  compatibleVaccineIds: number[],
): VaccineRules & { crosses_placenta: boolean; handler_warning: string | null } {
  return {
    max_shots: rules?.maxShots ?? null,
    min_age_days: rules?.minAgeDays ?? null,
    live: rules?.live ?? false,
    not_in_pregnancy: rules?.notInPregnancy ?? false,
    min_days_before_breeding: rules?.minDaysBeforeBreeding ?? null,
    blackout_birth_days: toWindow(rules?.blackoutBirthFromDays, rules?.blackoutBirthToDays),
    window_birth_days: toWindow(rules?.windowBirthFromDays, rules?.windowBirthToDays),
    compatible_vaccine_ids: compatibleVaccineIds,
    course_interval_days: toWindow(rules?.courseIntervalFromDays, rules?.courseIntervalToDays),
    booster_window_birth_days: toWindow(
      rules?.boosterWindowBirthFromDays,
      rules?.boosterWindowBirthToDays,
    ),
    max_days_before_breeding: rules?.maxDaysBeforeBreeding ?? null,
    min_days_before_birth: rules?.minDaysBeforeBirth ?? null,
    not_protective_in_pregnancy: rules?.notProtectiveInPregnancy ?? false,
    crosses_placenta: rules?.crossesPlacenta ?? false,
    handler_warning: rules?.handlerWarning ?? null,
  };
}

/**
 * The `vaccine_rules` columns of a vaccine's rules, without `vaccine_id`; the compatible
 * vaccines are rows of `vaccine_compatibilities`.
 */
export function toVaccineRulesColumns(rules: VaccineRules) {
  return {
    maxShots: rules.max_shots,
    minAgeDays: rules.min_age_days,
    live: rules.live,
    notInPregnancy: rules.not_in_pregnancy,
    minDaysBeforeBreeding: rules.min_days_before_breeding,
    blackoutBirthFromDays: rules.blackout_birth_days?.from ?? null,
    blackoutBirthToDays: rules.blackout_birth_days?.to ?? null,
    windowBirthFromDays: rules.window_birth_days?.from ?? null,
    windowBirthToDays: rules.window_birth_days?.to ?? null,
    courseIntervalFromDays: rules.course_interval_days?.from ?? null,
    courseIntervalToDays: rules.course_interval_days?.to ?? null,
    boosterWindowBirthFromDays: rules.booster_window_birth_days?.from ?? null,
    boosterWindowBirthToDays: rules.booster_window_birth_days?.to ?? null,
    maxDaysBeforeBreeding: rules.max_days_before_breeding,
    minDaysBeforeBirth: rules.min_days_before_birth,
    notProtectiveInPregnancy: rules.not_protective_in_pregnancy,
    crossesPlacenta: rules.crosses_placenta ?? false,
    handlerWarning: rules.handler_warning ?? null,
  } satisfies Partial<typeof schema.vaccineRules.$inferInsert>;
}

/** A window stored as two columns: null unless both ends are set. */
function toWindow(
  from: number | null | undefined,
  to: number | null | undefined,
): DayWindow | null {
  return from === null || from === undefined || to === null || to === undefined
    ? null
    : { from, to };
}

/** A shot template row as the contracts name its fields. */
export function toShotTemplate(row: ShotTemplateRow): ShotTemplate {
  return {
    id: row.id,
    vaccine_id: row.vaccineId,
    animal_id: row.animalId,
    birth_days: row.birthDays,
    breeding_days: row.breedingDays,
    custom_name: row.customName,
    is_recurrent: row.isRecurrent,
    herd_status: row.herdStatus,
    season_id: row.seasonId,
    earliest_days: row.earliestDays,
    latest_days: row.latestDays,
    source_note: row.sourceNote,
    lungworm_risk_only: row.lungwormRiskOnly,
  };
}

/** The shot template columns a dataset or an admin fills: all but the id. */
export function toShotTemplateColumns(template: Omit<ShotTemplate, "id">) {
  return {
    vaccineId: template.vaccine_id,
    animalId: template.animal_id,
    birthDays: template.birth_days,
    breedingDays: template.breeding_days,
    customName: template.custom_name,
    isRecurrent: template.is_recurrent,
    herdStatus: template.herd_status,
    seasonId: template.season_id,
    // Decision 414: a template without a window stores none.
    earliestDays: template.earliest_days ?? null,
    latestDays: template.latest_days ?? null,
    sourceNote: template.source_note ?? null,
    lungwormRiskOnly: template.lungworm_risk_only ?? false,
  } satisfies Partial<typeof schema.shotTemplates.$inferInsert>;
}

/** A disease row as the contracts name its fields, without the animals it is offered for. */
export function toDisease(row: typeof schema.diseases.$inferSelect): Omit<Disease, "animals"> {
  return {
    id: row.id,
    name: row.name,
    desc_name: row.descName,
    footnote: row.footnote,
    footnoteNumber: row.footnoteNumber,
  };
}

/** A popup message row as the contracts name its fields. */
export function toWarning(row: typeof schema.warnings.$inferSelect): Warning {
  return {
    id: row.id,
    slug: row.slug,
    title: row.title,
    body: row.body,
    button_confirm: row.buttonConfirm,
    button_cancel: row.buttonCancel,
    severity: row.severity,
  };
}

/** The popup message columns a dataset or an admin fills: all but the id and the slug. */
export function toWarningColumns(warning: Omit<Warning, "id" | "slug">) {
  return {
    title: warning.title,
    body: warning.body,
    buttonConfirm: warning.button_confirm,
    buttonCancel: warning.button_cancel,
    severity: warning.severity,
  } satisfies Partial<typeof schema.warnings.$inferInsert>;
}
