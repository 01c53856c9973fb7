import { sql } from "drizzle-orm";
import type { ShotTemplate } from "@vaxcal/contracts";
import {
  boolean,
  check,
  foreignKey,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  text,
  uniqueIndex,
} from "drizzle-orm/pg-core";
import { users } from "./accounts.ts";
import { auditColumns, dateColumn, idColumn, timestampColumn } from "./columns.ts";
import {
  animalEnterpriseSeasonCombinations,
  animals,
  diseases,
  enterprises,
  seasons,
  vaccines,
} from "./reference.ts";

/*
 * Saved calendars (docs/product.md §3) store their plan (decision 402): the setup, the disease
 * columns in order, and each column's first occurrences with their recurrence. Mirrored copies
 * are never stored: the engine's `listOccurrences` derives them on read, to any horizon, so a
 * calendar never runs out. Shots are rows with a real `date` column, so a reminders sweep can
 * narrow the seeds it expands with an index instead of opening every calendar.
 */

export const calendars = pgTable(
  "calendars",
  {
    id: idColumn(),
    /** The farmer who owns it; a vet practice the farmer links may read and edit it too. */
    userId: integer("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    combinationId: integer("combination_id")
      .notNull()
      .references(() => animalEnterpriseSeasonCombinations.id),
    enterpriseId: integer("enterprise_id")
      .notNull()
      .references(() => enterprises.id),
    animalId: integer("animal_id")
      .notNull()
      .references(() => animals.id),
    seasonId: integer("season_id")
      .notNull()
      .references(() => seasons.id),
    birthDate: dateColumn("birth_date"),
    breedingDate: dateColumn("breeding_date"),
    /** docs/product.md §4's calendar year: the later of the birth and breeding years. */
    calendarYear: integer("calendar_year").notNull(),
    /**
     * The save payload's `setup` as a whole, with the reference data's names: read back through
     * the contracts' `CalendarSetupSchema`, so a setup field added later is kept without a
     * migration (give such a field a default in the schema, so older setups still read). The
     * columns above repeat what queries filter and join on.
     */
    setup: jsonb("setup").notNull(),
    /**
     * docs/product.md §3's contact details, as confirmed in the popup at the last save. Kept apart
     * from the owner's profile, which they never change. Null on calendars saved before they were
     * kept.
     */
    contactName: text("contact_name"),
    contactSurname: text("contact_surname"),
    contactPhoneNumber: text("contact_phone_number"),
    contactEmail: text("contact_email"),
    /** The vet the farmer names for this calendar; the PDF prints it. */
    vetEmailAddress: text("vet_email_address"),
    /** When the farmer last ticked the terms box for this calendar (agree_to_terms). */
    termsAcceptedAt: timestampColumn("terms_accepted_at"),
    /**
     * The feed token is HMAC(APP_SECRET, nonce): only the random nonce and the token's SHA-256
     * are stored (decision 401). A new nonce is a new token; the old one then finds nothing.
     */
    feedNonce: text("feed_nonce").notNull(),
    feedTokenHash: text("feed_token_hash").notNull(),
    /**
     * The last save by a vet of the linked practice rather than the owner: who (name and practice
     * as they were then, so the record outlives the vet's account) and when. Shown to the farmer.
     */
    vetEditedAt: timestampColumn("vet_edited_at"),
    vetEditedBy: text("vet_edited_by"),
    vetEditedByPractice: text("vet_edited_by_practice"),
    ...auditColumns(),
  },
  (table) => [
    uniqueIndex("calendars_feed_token_hash_unique").on(table.feedTokenHash),
    // My Calendars pages newest first by (created_at, id): one index range scan, read backwards,
    // no sort. Ascending on purpose: read backwards it gives exactly ORDER BY … DESC (NULLS FIRST),
    // which an index built DESC NULLS LAST cannot (decision 703).
    index("calendars_user_id_created_at_id").on(table.userId, table.createdAt, table.id),
  ],
);

/** A calendar's columns, in order, each with the vaccine the engine gave it for the animal. */
export const calendarDiseases = pgTable(
  "calendar_diseases",
  {
    calendarId: integer("calendar_id")
      .notNull()
      .references(() => calendars.id, { onDelete: "cascade" }),
    diseaseId: integer("disease_id")
      .notNull()
      .references(() => diseases.id),
    position: integer("position").notNull(),
    vaccineId: integer("vaccine_id").references(() => vaccines.id),
    /**
     * The protocol the column's shots were generated from: its vaccine's shot templates for the
     * calendar's animal, as they were (decision 405). Today's templates differing from these is a
     * protocol change the farmer is told about.
     */
    protocol: jsonb("protocol").$type<ShotTemplate[]>().notNull().default([]),
  },
  (table) => [primaryKey({ columns: [table.calendarId, table.diseaseId] })],
);

/**
 * One first occurrence (a seed) of a column's plan: a template's shot or one the user added, with
 * its recurrence. Its copies are derived, never stored.
 */
export const calendarShots = pgTable(
  "calendar_shots",
  {
    calendarId: integer("calendar_id").notNull(),
    diseaseId: integer("disease_id").notNull(),
    /** The engine's shot id: `{disease}-{template}` or `{disease}-u{n}`; copies add `~{cycle}`. */
    shotKey: text("shot_key").notNull(),
    /** Its order among the column's first occurrences as saved (by date). */
    position: integer("position").notNull(),
    /** Not a foreign key: an admin may retire a template without touching saved calendars. */
    templateId: integer("template_id"),
    /** The first occurrence's date. */
    date: dateColumn("date").notNull(),
    customName: text("custom_name"),
    /** 0 once, 1 every year, N every N years, for ever. */
    isRecurrent: integer("is_recurrent").notNull(),
    userInitiated: boolean("user_initiated").notNull(),
  },
  (table) => [
    primaryKey({ columns: [table.calendarId, table.shotKey] }),
    foreignKey({
      columns: [table.calendarId, table.diseaseId],
      foreignColumns: [calendarDiseases.calendarId, calendarDiseases.diseaseId],
    }).onDelete("cascade"),
    index("calendar_shots_date").on(table.date),
    check("calendar_shots_is_recurrent", sql`${table.isRecurrent} >= 0`),
  ],
);
