import { sql } from "drizzle-orm";
import {
  bigint,
  boolean,
  check,
  integer,
  pgTable,
  primaryKey,
  text,
  unique,
  uniqueIndex,
} from "drizzle-orm/pg-core";
import { auditColumns, idColumn, timestampColumn } from "./columns.ts";

/*
 * The reference model of docs/product.md §3. SQL is snake_case; only the repositories map rows to
 * the JSON of the contracts, through `db/reference-rows.ts` where the admin area and the seeder
 * write the same fields. Ids are identity columns that also accept the explicit ids the spec
 * fixes (enterprise 3, animal 8, season 4, …), so the seeder can keep them.
 */

export const seasons = pgTable("seasons", {
  id: idColumn(),
  name: text("name").notNull(),
  ...auditColumns(),
});

export const animals = pgTable("animals", {
  id: idColumn(),
  name: text("name").notNull(),
  isAdult: boolean("is_adult").notNull(),
  hasBirthDate: boolean("has_birth_date").notNull(),
  sortOrder: integer("sort_order").notNull(),
  ...auditColumns(),
});

export const enterprises = pgTable("enterprises", {
  id: idColumn(),
  name: text("name").notNull(),
  defaultSeasonId: integer("default_season_id").references(() => seasons.id),
  ...auditColumns(),
});

export const enterpriseAnimals = pgTable(
  "enterprise_animals",
  {
    enterpriseId: integer("enterprise_id")
      .notNull()
      .references(() => enterprises.id, { onDelete: "cascade" }),
    animalId: integer("animal_id")
      .notNull()
      .references(() => animals.id, { onDelete: "cascade" }),
    /** Display order of the animal within the enterprise (the spec's `animalArray`). */
    position: integer("position").notNull(),
  },
  (table) => [primaryKey({ columns: [table.enterpriseId, table.animalId] })],
);

/**
 * A valid animal–enterprise–season choice, carrying the season's default dates for it: they sit
 * here rather than on the season because dairy and beef spring calving differ (decision 102).
 */
export const animalEnterpriseSeasonCombinations = pgTable(
  "animal_enterprise_season_combinations",
  {
    id: idColumn(),
    animalId: integer("animal_id")
      .notNull()
      .references(() => animals.id, { onDelete: "cascade" }),
    enterpriseId: integer("enterprise_id")
      .notNull()
      .references(() => enterprises.id, { onDelete: "cascade" }),
    seasonId: integer("season_id")
      .notNull()
      .references(() => seasons.id, { onDelete: "cascade" }),
    /** `yearOffset.MM.DD`, relative to the current year. */
    birthDate: text("birth_date"),
    breedingDate: text("breeding_date"),
    ...auditColumns(),
  },
  (table) => [unique().on(table.animalId, table.enterpriseId, table.seasonId)],
);

export const vaccines = pgTable("vaccines", {
  id: idColumn(),
  name: text("name").notNull(),
  sizeInfo: text("size_info").notNull(),
  vaccineType: text("vaccine_type").notNull(),
  logoUrl: text("logo_url").notNull(),
  productSpcUrl: text("product_spc_url").notNull(),
  accentColor: text("accent_color").notNull(),
  information: text("information").notNull(),
  warningMessage: text("warning_message").notNull(),
  /** Source ids and confidence (e.g. `S16 (H)`), so a vet or admin can check the facts. */
  sourceNote: text("source_note").notNull(),
  /**
   * When an admin retired the product: saved calendars keep it, new calendars stop offering it.
   * Null while it is offered.
   */
  retiredAt: timestampColumn("retired_at"),
  ...auditColumns(),
});

/** The protocol checks' facts for one vaccine; windows are days around the birth date. */
export const vaccineRules = pgTable(
  "vaccine_rules",
  {
    vaccineId: integer("vaccine_id")
      .primaryKey()
      .references(() => vaccines.id, { onDelete: "cascade" }),
    maxShots: integer("max_shots"),
    minAgeDays: integer("min_age_days"),
    live: boolean("live").notNull(),
    notInPregnancy: boolean("not_in_pregnancy").notNull(),
    minDaysBeforeBreeding: integer("min_days_before_breeding"),
    blackoutBirthFromDays: integer("blackout_birth_from_days"),
    blackoutBirthToDays: integer("blackout_birth_to_days"),
    windowBirthFromDays: integer("window_birth_from_days"),
    windowBirthToDays: integer("window_birth_to_days"),
    /** The primary course's gap between doses, shortest and longest (days). */
    courseIntervalFromDays: integer("course_interval_from_days"),
    courseIntervalToDays: integer("course_interval_to_days"),
    /** Adults: the last dose before each birth belongs in this window (days from the birth). */
    boosterWindowBirthFromDays: integer("booster_window_birth_from_days"),
    boosterWindowBirthToDays: integer("booster_window_birth_to_days"),
    maxDaysBeforeBreeding: integer("max_days_before_breeding"),
    minDaysBeforeBirth: integer("min_days_before_birth"),
    notProtectiveInPregnancy: boolean("not_protective_in_pregnancy").notNull().default(false),
    /** The vaccine virus reaches the calf in the womb (Bovela; decision 415). */
    crossesPlacenta: boolean("crosses_placenta").notNull().default(false),
    /** What the person giving it must know, in farm words (live orf vaccines); null: nothing. */
    handlerWarning: text("handler_warning"),
    ...auditColumns(),
  },
  (table) => [
    check(
      "vaccine_rules_blackout_complete",
      sql`(${table.blackoutBirthFromDays} IS NULL) = (${table.blackoutBirthToDays} IS NULL)`,
    ),
    check(
      "vaccine_rules_window_complete",
      sql`(${table.windowBirthFromDays} IS NULL) = (${table.windowBirthToDays} IS NULL)`,
    ),
    check(
      "vaccine_rules_course_interval_complete",
      sql`(${table.courseIntervalFromDays} IS NULL) = (${table.courseIntervalToDays} IS NULL)`,
    ),
    check(
      "vaccine_rules_booster_window_complete",
      sql`(${table.boosterWindowBirthFromDays} IS NULL) = (${table.boosterWindowBirthToDays} IS NULL)`,
    ),
  ],
);

/** Pairs of vaccines that may be given within 14 days of each other (Enzovax with Toxovax). */
export const vaccineCompatibilities = pgTable(
  "vaccine_compatibilities",
  {
    vaccineId: integer("vaccine_id")
      .notNull()
      .references(() => vaccines.id, { onDelete: "cascade" }),
    compatibleVaccineId: integer("compatible_vaccine_id")
      .notNull()
      .references(() => vaccines.id, { onDelete: "cascade" }),
  },
  (table) => [primaryKey({ columns: [table.vaccineId, table.compatibleVaccineId] })],
);

export const diseases = pgTable("diseases", {
  id: idColumn(),
  name: text("name").notNull(),
  descName: text("desc_name").notNull(),
  footnote: text("footnote"),
  footnoteNumber: integer("footnote_number"),
  ...auditColumns(),
});

/** The animals a disease is offered for, each with its default vaccine. */
export const diseaseAnimals = pgTable(
  "disease_animals",
  {
    diseaseId: integer("disease_id")
      .notNull()
      .references(() => diseases.id, { onDelete: "cascade" }),
    animalId: integer("animal_id")
      .notNull()
      .references(() => animals.id, { onDelete: "cascade" }),
    vaccineId: integer("vaccine_id")
      .notNull()
      .references(() => vaccines.id),
    /** Step 1's herd status question for this animal; null when it is not asked. */
    herdStatusQuestion: text("herd_status_question"),
    /**
     * The answer an unanswered question takes (decision 421): `unprimed` where the protocol lays
     * out the course for every group of the animal (heifers' BVD), else `primed`.
     */
    herdStatusDefault: text("herd_status_default", { enum: ["primed", "unprimed"] })
      .notNull()
      .default("primed"),
  },
  (table) => [
    primaryKey({ columns: [table.diseaseId, table.animalId] }),
    check(
      "disease_animals_herd_status_default_check",
      sql`${table.herdStatusDefault} IN ('primed', 'unprimed')`,
    ),
  ],
);

/** A protocol shot, as days from the birth date or from the breeding date. */
export const shotTemplates = pgTable(
  "shot_templates",
  {
    id: idColumn(),
    vaccineId: integer("vaccine_id")
      .notNull()
      .references(() => vaccines.id, { onDelete: "cascade" }),
    animalId: integer("animal_id")
      .notNull()
      .references(() => animals.id, { onDelete: "cascade" }),
    birthDays: integer("birth_days"),
    breedingDays: integer("breeding_days"),
    customName: text("custom_name"),
    /** 0 once, 1 every year, N every N years. */
    isRecurrent: integer("is_recurrent").notNull().default(0),
    /** Used only for this herd status of the disease (`primed`, `unprimed`); null: always. */
    herdStatus: text("herd_status", { enum: ["primed", "unprimed"] }),
    /** Used only in this season; null: every season. */
    seasonId: integer("season_id").references(() => seasons.id, { onDelete: "cascade" }),
    /**
     * The dose's window in days from the same anchor as its preferred day (decision 414): the
     * earliest and the latest day its product literature allows; null where none is known.
     */
    earliestDays: integer("earliest_days"),
    latestDays: integer("latest_days"),
    /** Where the window and the preferred day come from (SPC, AHI, Teagasc, DAFM). */
    sourceNote: text("source_note"),
    /**
     * Used only where the animals graze with lungworm risk (calves' Huskvac: by default on dairy
     * farms, on suckler farms when the farmer says so; decision 415).
     */
    lungwormRiskOnly: boolean("lungworm_risk_only").notNull().default(false),
    ...auditColumns(),
  },
  (table) => [
    check(
      "shot_templates_window_order",
      sql`${table.earliestDays} IS NULL OR ${table.latestDays} IS NULL OR ${table.earliestDays} <= ${table.latestDays}`,
    ),
    check(
      "shot_templates_one_anchor",
      sql`(${table.birthDays} IS NULL) <> (${table.breedingDays} IS NULL)`,
    ),
    check("shot_templates_recurrence", sql`${table.isRecurrent} >= 0`),
    check(
      "shot_templates_herd_status",
      sql`${table.herdStatus} IS NULL OR ${table.herdStatus} IN ('primed', 'unprimed')`,
    ),
  ],
);

export const warnings = pgTable(
  "warnings",
  {
    id: idColumn(),
    slug: text("slug").notNull().unique(),
    title: text("title").notNull(),
    body: text("body").notNull(),
    buttonConfirm: text("button_confirm"),
    buttonCancel: text("button_cancel"),
    severity: text("severity", { enum: ["alert", "attention"] }).notNull(),
    ...auditColumns(),
  },
  (table) => [check("warnings_severity", sql`${table.severity} IN ('alert', 'attention')`)],
);

export const territoryManagers = pgTable("territory_managers", {
  id: idColumn(),
  territoryManagerName: text("territory_manager_name").notNull(),
  territoryManagerEmail: text("territory_manager_email").notNull(),
  ...auditColumns(),
});

/**
 * A vet practice. The demo practices seeded outside production have no contact details; a
 * practice registered through POST /api/vet/register has its e-mail (also its manager's login,
 * verified like a farmer's), mobile, optional landline and VCI number (decision 501).
 */
export const vetPractices = pgTable(
  "vet_practices",
  {
    id: idColumn(),
    vetPracticeName: text("vet_practice_name").notNull(),
    address1: text("address1").notNull(),
    address2: text("address2"),
    town: text("town").notNull(),
    county: text("county").notNull(),
    country: text("country").notNull(),
    eircode: text("eircode"),
    /** Lower case; where link and unlink notices go. Null for the demo practices. */
    email: text("email"),
    mobile: text("mobile"),
    landline: text("landline"),
    vciNumber: text("vci_number"),
    territoryManagerId: integer("territory_manager_id").references(() => territoryManagers.id, {
      onDelete: "set null",
    }),
    /**
     * Bumped by triggers (migration 0009) whenever a linked farmer or one of their calendars
     * changes, or a farmer links or unlinks: the doses due cache's key, read with the membership.
     */
    clientsVersion: bigint("clients_version", { mode: "number" }).notNull().default(0),
    /**
     * The weekly digest of doses due (decision 602), on unless the manager turns it off or the
     * e-mail's one-click link does.
     */
    digestEmails: boolean("digest_emails").notNull().default(true),
    ...auditColumns(),
  },
  (table) => [uniqueIndex("vet_practices_email_unique").on(table.email)],
);
