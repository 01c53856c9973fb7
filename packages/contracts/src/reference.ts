import { z } from "zod";

/**
 * The reference model of docs/product.md §3. Field names follow the spec exactly, which mixes
 * snake_case (desc_name, size_info, …) and camelCase (footnoteNumber, isAdult, animalArray).
 */

/** `yearOffset.MM.DD`, e.g. `0.03.01` or `-1.10.05`: a date relative to the current year. */
export const SeasonOffsetDateSchema = z
  .string()
  .regex(/^-?\d+\.(0[1-9]|1[0-2])\.(0[1-9]|[12]\d|3[01])$/, "Expected yearOffset.MM.DD");
export type SeasonOffsetDate = z.infer<typeof SeasonOffsetDateSchema>;

/** A calendar date as it travels everywhere: `YYYY-MM-DD`, never a Date object. */
export const IsoDateSchema = z.iso.date({ message: "Expected a date as YYYY-MM-DD" });
export type IsoDate = z.infer<typeof IsoDateSchema>;

/** Ids are PostgreSQL integers (int4): a bigger number names nothing and is refused as input. */
export const largestId = 2_147_483_647;

export const Id = z.number().int().positive().max(largestId);

/** What a caller is told about an id that is not one: `0x1`, `1e3`, `+1`, `01`, 2^31, … */
export const idInvalidMessage = `Expected an id: a whole number from 1 to ${largestId}, written in plain digits.`;

/**
 * The one parser of ids a caller writes: plain decimal digits, no sign, no leading zero, no hex or
 * exponent, at most `largestId`. Null for anything else.
 */
export function parseIdText(text: string): number | null {
  if (!/^[1-9]\d{0,9}$/.test(text)) return null;
  const id = Number(text);
  return id <= largestId ? id : null;
}

/**
 * Every id in a request, in a path (text) or a body (a JSON number), parsed by `parseIdText`, so
 * `0x1` or 2^31 is a 400 naming the field, never a 500 or id 1.
 */
export const IdSchema = z
  .union([z.number(), z.string()], { error: idInvalidMessage })
  .transform((value, context) => {
    const id =
      typeof value === "number"
        ? Number.isSafeInteger(value)
          ? parseIdText(String(value))
          : null
        : parseIdText(value);
    if (id === null) {
      context.addIssue({ code: "custom", message: idInvalidMessage });
      return z.NEVER;
    }
    return id;
  });

export const AnimalSummarySchema = z.object({ id: Id, name: z.string() });

export const EnterpriseSchema = z.object({
  id: Id,
  name: z.string(),
  /** Ids of the enterprise's animals, in display order. */
  animalArray: z.array(Id),
  animals: z.array(AnimalSummarySchema),
  /** Season preselected for this enterprise (enterprise 3, Sheep, defaults to season 4). */
  defaultSeasonId: Id.nullable(),
});
export type Enterprise = z.infer<typeof EnterpriseSchema>;

export const AnimalSchema = z.object({
  id: Id,
  name: z.string(),
  /** Adults need a breeding date. */
  isAdult: z.boolean(),
  /** Whether the animal has a birth (calving, lambing or own birth) date at all: Ram (8) has none. */
  hasBirthDate: z.boolean(),
  sortOrder: z.number().int(),
  seasons: z.array(Id),
  diseases: z.array(Id),
});
export type Animal = z.infer<typeof AnimalSchema>;

/** One season's default dates for one animal in one enterprise (the spec's pivot). */
export const SeasonPivotSchema = z.object({
  enterprise_id: Id,
  birth_date: SeasonOffsetDateSchema.nullable(),
  breeding_date: SeasonOffsetDateSchema.nullable(),
});

export const SeasonSchema = z.object({
  id: Id,
  name: z.string(),
  animals: z.array(z.object({ id: Id, name: z.string(), pivot: SeasonPivotSchema })),
});
export type Season = z.infer<typeof SeasonSchema>;

export const AnimalEnterpriseSeasonCombinationSchema = z.object({
  id: Id,
  animal_id: Id,
  enterprise_id: Id,
  season_id: Id,
  birth_date: SeasonOffsetDateSchema.nullable(),
  breeding_date: SeasonOffsetDateSchema.nullable(),
});
export type AnimalEnterpriseSeasonCombination = z.infer<
  typeof AnimalEnterpriseSeasonCombinationSchema
>;

export const VaccineRoute = {
  IN: "Intranasal",
  IM: "Intramuscular",
  SC: "Subcutaneous",
  ORAL: "Oral",
  SCARIFICATION: "Skin scarification",
} as const;
export type VaccineRouteCode = keyof typeof VaccineRoute;

function isVaccineRouteCode(code: string): code is VaccineRouteCode {
  return Object.hasOwn(VaccineRoute, code);
}

/** A vaccine's `vaccine_type` (`IN,IM`) as route names (`Intranasal`, `Intramuscular`). */
export function listRouteNames(vaccineType: string): string[] {
  return vaccineType
    .split(",")
    .map((code) => code.trim())
    .filter((code) => code !== "")
    .map((code) => (isVaccineRouteCode(code) ? VaccineRoute[code] : code));
}

/** The routes as one choice for a printed line: `IN,IM` → `Intranasal or intramuscular`. */
export function describeRouteChoice(vaccineType: string): string {
  return listRouteNames(vaccineType)
    .map((name, index) => (index === 0 ? name : name.charAt(0).toLowerCase() + name.slice(1)))
    .join(" or ");
}

/** An inclusive window of days relative to the birth or breeding date. */
export const DayWindowSchema = z.object({ from: z.number().int(), to: z.number().int() });
export type DayWindow = z.infer<typeof DayWindowSchema>;

export const VaccineRulesSchema = z.object({
  /** Most shots of this vaccine in one calendar year, yearly copies included (decision 415). */
  max_shots: z.number().int().positive().nullable(),
  /** No shot before this age, for young stock. */
  min_age_days: z.number().int().nonnegative().nullable(),
  live: z.boolean(),
  /** Not between the breeding date and the birth date. */
  not_in_pregnancy: z.boolean(),
  /** Not within this many days before the breeding date (Enzovax 28, Toxovax 21). */
  min_days_before_breeding: z.number().int().nonnegative().nullable(),
  /** No shot in this window around the birth date (Footvax: −28…+28). */
  blackout_birth_days: DayWindowSchema.nullable(),
  /** Shots belong in this window around the birth date (Rotavec Corona: −84…−21). */
  window_birth_days: DayWindowSchema.nullable(),
  /** Vaccines that may be given within 14 days of this one (Enzovax with Toxovax). */
  compatible_vaccine_ids: z.array(Id),
  /**
   * The primary course's gap between two doses, in days (Bovilis BVD 28…28, Leptavoid-H 28…42):
   * a second dose sooner than `from` is too soon; a first dose of an unvaccinated herd with no
   * second dose within `to` leaves the course unfinished.
   */
  course_interval_days: DayWindowSchema.nullable().default(null),
  /**
   * Adults: the last dose before calving or lambing belongs in this window, so that the newborn
   * gets protection through colostrum (Covexin 10: −56…−14, Heptavac P Plus: −42…−28).
   */
  booster_window_birth_days: DayWindowSchema.nullable().default(null),
  /** Not earlier than this many days before the breeding date (Enzovax: 4 months). */
  max_days_before_breeding: z.number().int().positive().nullable().default(null),
  /** Adults: not within this many days before the birth date (Scabivax Forte: 7 weeks). */
  min_days_before_birth: z.number().int().positive().nullable().default(null),
  /** An inactivated vaccine that gives no protection when given in pregnancy (Bovilis BVD). */
  not_protective_in_pregnancy: z.boolean().default(false),
  /**
   * A live vaccine whose virus can cross to the unborn calf when given in pregnancy, so that the
   * calf's ear-notch test can come back positive (Bovela, NOAH SPC). Absent: false. Stored since
   * migration 0021 (docs/decisions/415).
   */
  crosses_placenta: z.boolean().optional(),
  /**
   * What the person giving the vaccine must know, in farm words (Scabivax Forte: a live orf
   * vaccine that spreads to people). Absent or null: nothing. Stored since migration 0021
   * (docs/decisions/415).
   */
  handler_warning: z.string().max(500).nullable().optional(),
});
export type VaccineRules = z.infer<typeof VaccineRulesSchema>;

/** A vaccine without restrictions: every rule off. Products list only what their literature imposes. */
export const noVaccineRules: VaccineRules = Object.freeze({
  max_shots: null,
  min_age_days: null,
  live: false,
  not_in_pregnancy: false,
  min_days_before_breeding: null,
  blackout_birth_days: null,
  window_birth_days: null,
  compatible_vaccine_ids: [],
  course_interval_days: null,
  booster_window_birth_days: null,
  max_days_before_breeding: null,
  min_days_before_birth: null,
  not_protective_in_pregnancy: false,
});

export const VaccineSchema = z.object({
  id: Id,
  name: z.string(),
  size_info: z.string(),
  /** Comma list of route codes, e.g. `IN,IM`. */
  vaccine_type: z.string(),
  logo_url: z.string(),
  product_spc_url: z.string(),
  /** An rgb triple, `r,g,b`. */
  accent_color: z.string().regex(/^\d{1,3},\d{1,3},\d{1,3}$/),
  information: z.string(),
  warning_message: z.string(),
  /** Source ids and confidence, e.g. `S16 (H)`, so a vet or admin can check the facts. */
  source_note: z.string(),
  rules: VaccineRulesSchema,
});
export type Vaccine = z.infer<typeof VaccineSchema>;

/**
 * Whether the animals have had a disease's primary course (docs/product.md §3 "Herd status"):
 * `primed` herds get the boosters alone, `unprimed` herds the course first. For lambs it is the
 * ewes' status: did they get their pre-lambing booster.
 */
export const HerdStatus = { primed: "primed", unprimed: "unprimed" } as const;
export type HerdStatus = (typeof HerdStatus)[keyof typeof HerdStatus];
export const HerdStatusSchema = z.enum([HerdStatus.primed, HerdStatus.unprimed]);

/**
 * The setup's answers, by disease id (JSON keys are text): `{ "1": "unprimed" }`. A disease left
 * out takes its offer's `herd_status_default` (decision 421): primed unless the offer says
 * otherwise, which is what the default calendars assume.
 */
export const HerdStatusMapSchema = z.record(
  z.string().regex(/^[1-9]\d{0,9}$/, "Expected a disease id"),
  HerdStatusSchema,
);
export type HerdStatusMap = z.infer<typeof HerdStatusMapSchema>;

export const ShotTemplateSchema = z.object({
  id: Id,
  vaccine_id: Id,
  animal_id: Id,
  /** Days from the birth date; exactly one of birth_days and breeding_days is set. */
  birth_days: z.number().int().nullable(),
  breeding_days: z.number().int().nullable(),
  custom_name: z.string().nullable(),
  /** 0 once, 1 every year, N every N years. */
  is_recurrent: z.number().int().nonnegative(),
  /** Used only for this herd status of the disease; null: always. */
  herd_status: HerdStatusSchema.nullable(),
  /** Used only in this season (autumn-born calves' lungworm in spring); null: every season. */
  season_id: Id.nullable(),
  /**
   * Used only when the animals graze where lungworm is a risk (calves' Huskvac: by default on
   * dairy farms, on suckler farms when the farmer says so; decision 415). Absent: always. Not
   * stored by the database yet.
   */
  lungworm_risk_only: z.boolean().nullable().optional(),
  /**
   * The dose's window, in days from the same date as the preferred day (birth_days or
   * breeding_days, which lies inside it): the earliest and the latest day its product literature
   * allows. Absent: the window is not known, and the engine plans the preferred day alone.
   */
  earliest_days: z.number().int().nullable().optional(),
  latest_days: z.number().int().nullable().optional(),
  /** Where the window and the preferred day come from (SPC, AHI, Teagasc, DAFM). */
  source_note: z.string().nullable().optional(),
});
export type ShotTemplate = z.infer<typeof ShotTemplateSchema>;

export const DiseaseSchema = z.object({
  id: Id,
  name: z.string(),
  desc_name: z.string(),
  footnote: z.string().nullable(),
  footnoteNumber: z.number().int().positive().nullable(),
  /**
   * The animals the disease is offered for, each with its default vaccine and, where the animal
   * may or may not have had the primary course, the question step 1 asks about it.
   */
  animals: z.array(
    z.object({
      animal_id: Id,
      vaccine_id: Id,
      herd_status_question: z.string().nullable(),
      /**
       * The answer when the farmer gives none (decision 421): `unprimed` where the protocol lays
       * out the course for every group of the animal (heifers' BVD). Absent: primed.
       */
      herd_status_default: HerdStatusSchema.optional(),
    }),
  ),
});
export type Disease = z.infer<typeof DiseaseSchema>;

export const WarningSeverity = { alert: "alert", attention: "attention" } as const;
export type WarningSeverity = (typeof WarningSeverity)[keyof typeof WarningSeverity];

/** A preset popup message, found by slug; `body` may hold `{placeholders}`. */
export const WarningSchema = z.object({
  id: Id,
  slug: z.string(),
  title: z.string(),
  body: z.string(),
  button_confirm: z.string().nullable(),
  button_cancel: z.string().nullable(),
  severity: z.enum([WarningSeverity.alert, WarningSeverity.attention]),
});
export type Warning = z.infer<typeof WarningSchema>;

export const TerritoryManagerSchema = z.object({
  id: Id,
  territory_manager_name: z.string(),
  territory_manager_email: z.string(),
});
export type TerritoryManager = z.infer<typeof TerritoryManagerSchema>;

export const VetSchema = z.object({
  id: Id,
  vet_practice_name: z.string(),
  vet_practice_address_id: Id.nullable(),
  /** The practice's town, shown beside its name in the vet picker. */
  town: z.string(),
});
export type Vet = z.infer<typeof VetSchema>;

export const HealthSchema = z.object({
  status: z.enum(["ok", "degraded"]),
  database: z.enum(["up", "down"]),
});
export type Health = z.infer<typeof HealthSchema>;

/**
 * The reference lists, by their docs/product.md §9 localStorage key, with the call that loads each.
 */
export const referenceLists = {
  enterprises: { path: "/api/enterprises-animals", schema: z.array(EnterpriseSchema) },
  animals: { path: "/api/animals", schema: z.array(AnimalSchema) },
  diseases: { path: "/api/diseases", schema: z.array(DiseaseSchema) },
  vaccines: { path: "/api/vaccines", schema: z.array(VaccineSchema) },
  seasons: { path: "/api/seasons", schema: z.array(SeasonSchema) },
  animalEnterpriseSeasonCombinations: {
    path: "/api/animal-enterprise-season-combinations",
    schema: z.array(AnimalEnterpriseSeasonCombinationSchema),
  },
  warnings: { path: "/api/warnings", schema: z.array(WarningSchema) },
  /** Step 1 dates its season defaults by the season's shots (docs/product.md §9). */
  shotTemplates: { path: "/api/shot-templates", schema: z.array(ShotTemplateSchema) },
  territoryManagers: { path: "/api/territory-managers", schema: z.array(TerritoryManagerSchema) },
  vets: { path: "/api/vets", schema: z.array(VetSchema) },
} as const;
export type ReferenceListKey = keyof typeof referenceLists;
export type ReferenceLists = {
  [K in ReferenceListKey]: z.infer<(typeof referenceLists)[K]["schema"]>;
};
