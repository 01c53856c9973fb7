import { sql } from "drizzle-orm";
import {
  boolean,
  check,
  index,
  integer,
  pgTable,
  primaryKey,
  text,
  uniqueIndex,
} from "drizzle-orm/pg-core";
import { auditColumns, idColumn, timestampColumn } from "./columns.ts";
import { animals, enterprises, vetPractices } from "./reference.ts";

/*
 * Accounts: users, their roles and farm profile, sessions, one-time secrets, throttles, and the
 * vets who belong to a practice.
 * Secrets (session and reset tokens, mobile codes) are stored only as hashes.
 */

export const users = pgTable(
  "users",
  {
    id: idColumn(),
    /** Lower case; unique among users. */
    email: text("email"),
    emailVerifiedAt: timestampColumn("email_verified_at"),
    /**
     * A new e-mail asked for in the settings, lower case, until the link sent to it moves it into
     * `email` (docs/product.md D21).
     */
    pendingEmail: text("pending_email"),
    /** E.164, e.g. `+353871234567`; unique among users, so it can be a login name. */
    phone: text("phone"),
    phoneVerifiedAt: timestampColumn("phone_verified_at"),
    /** A new mobile asked for in the settings, E.164, until the code sent to it moves it into `phone`. */
    pendingPhone: text("pending_phone"),
    passwordHash: text("password_hash").notNull(),
    name: text("name").notNull(),
    surname: text("surname").notNull(),
    farmerName: text("farmer_name"),
    /** The postal address is optional (decision 429): null until the farmer adds it. */
    address1: text("address1"),
    address2: text("address2"),
    town: text("town"),
    eircode: text("eircode"),
    county: text("county"),
    country: text("country").notNull(),
    /** Marketing consent (spec's product_notifications). */
    productNotifications: boolean("product_notifications").notNull().default(false),
    notifyEmail: boolean("notify_email").notNull().default(false),
    notifyPhone: boolean("notify_phone").notNull().default(false),
    /** When the terms and privacy notice were accepted: the record GDPR asks for. */
    termsAcceptedAt: timestampColumn("terms_accepted_at").notNull(),
    /** Which version of the terms was agreed at `terms_accepted_at` (docs/product.md D18). */
    termsVersion: text("terms_version"),
    herdSize: text("herd_size"),
    flockSize: text("flock_size"),
    vetPracticeId: integer("vet_practice_id").references(() => vetPractices.id, {
      onDelete: "set null",
    }),
    ...auditColumns(),
  },
  (table) => [
    uniqueIndex("users_email_unique").on(table.email),
    uniqueIndex("users_phone_unique").on(table.phone),
    check("users_email_or_phone", sql`${table.email} IS NOT NULL OR ${table.phone} IS NOT NULL`),
    check("users_email_lower_case", sql`${table.email} = lower(${table.email})`),
    index("users_vet_practice_id").on(table.vetPracticeId),
    check("users_herd_size_band", sql`${table.herdSize} IN ('1-50', '51-100', '101-200', '200+')`),
    check(
      "users_flock_size_band",
      sql`${table.flockSize} IN ('1-50', '51-100', '101-200', '200+')`,
    ),
  ],
);

/** The user a row belongs to; the row is deleted with the user. */
const ownerColumn = () =>
  integer("user_id")
    .notNull()
    .references(() => users.id, { onDelete: "cascade" });

export const userRoles = pgTable(
  "user_roles",
  {
    userId: ownerColumn(),
    role: text("role").notNull(),
  },
  (table) => [
    primaryKey({ columns: [table.userId, table.role] }),
    check("user_roles_role", sql`${table.role} IN ('FARMER', 'VET_MANAGER', 'VET', 'ADMIN')`),
  ],
);

export const userEnterprises = pgTable(
  "user_enterprises",
  {
    userId: ownerColumn(),
    enterpriseId: integer("enterprise_id")
      .notNull()
      .references(() => enterprises.id, { onDelete: "cascade" }),
  },
  (table) => [primaryKey({ columns: [table.userId, table.enterpriseId] })],
);

export const userAnimals = pgTable(
  "user_animals",
  {
    userId: ownerColumn(),
    animalId: integer("animal_id")
      .notNull()
      .references(() => animals.id, { onDelete: "cascade" }),
  },
  (table) => [primaryKey({ columns: [table.userId, table.animalId] })],
);

/** A login: an opaque bearer token, stored as its SHA-256, with idle and absolute expiry. */
export const sessions = pgTable(
  "sessions",
  {
    id: idColumn(),
    userId: ownerColumn(),
    tokenHash: text("token_hash").notNull(),
    createdAt: timestampColumn("created_at").notNull(),
    lastUsedAt: timestampColumn("last_used_at").notNull(),
    /** The absolute end, however active the session is. */
    expiresAt: timestampColumn("expires_at").notNull(),
  },
  (table) => [
    uniqueIndex("sessions_token_hash_unique").on(table.tokenHash),
    index("sessions_user_id").on(table.userId),
  ],
);

export const passwordResetTokens = pgTable(
  "password_reset_tokens",
  {
    id: idColumn(),
    userId: ownerColumn(),
    tokenHash: text("token_hash").notNull(),
    createdAt: timestampColumn("created_at").notNull(),
    expiresAt: timestampColumn("expires_at").notNull(),
    usedAt: timestampColumn("used_at"),
  },
  (table) => [
    uniqueIndex("password_reset_tokens_token_hash_unique").on(table.tokenHash),
    index("password_reset_tokens_user_id").on(table.userId),
  ],
);

/**
 * The contacts an account had before a settings change, and the undo link sent to the old one:
 * following it puts them back, so a stolen session cannot keep an account by moving its e-mail or
 * mobile. Only the link's SHA-256 is kept; it works once, for 7 days.
 */
export const contactChangeUndoTokens = pgTable(
  "contact_change_undo_tokens",
  {
    id: idColumn(),
    userId: ownerColumn(),
    tokenHash: text("token_hash").notNull(),
    previousEmail: text("previous_email"),
    previousEmailVerifiedAt: timestampColumn("previous_email_verified_at"),
    previousPhone: text("previous_phone"),
    previousPhoneVerifiedAt: timestampColumn("previous_phone_verified_at"),
    createdAt: timestampColumn("created_at").notNull(),
    expiresAt: timestampColumn("expires_at").notNull(),
    usedAt: timestampColumn("used_at"),
  },
  (table) => [
    uniqueIndex("contact_change_undo_tokens_token_hash_unique").on(table.tokenHash),
    index("contact_change_undo_tokens_user_id").on(table.userId),
  ],
);

/** At most one live code per user: sending a new one replaces the old. */
export const mobileVerificationCodes = pgTable("mobile_verification_codes", {
  userId: integer("user_id")
    .primaryKey()
    .references(() => users.id, { onDelete: "cascade" }),
  /** The number the code was sent to; a code cannot verify another number. */
  phone: text("phone").notNull(),
  codeHash: text("code_hash").notNull(),
  createdAt: timestampColumn("created_at").notNull(),
  expiresAt: timestampColumn("expires_at").notNull(),
  attempts: integer("attempts").notNull().default(0),
  consumedAt: timestampColumn("consumed_at"),
});

/**
 * Fixed-window counters for throttles (login failures, resends, look-ups). In PostgreSQL, so
 * every API node sees the same counts. Keys are hashes: no e-mail or address is stored here.
 */
export const rateLimits = pgTable(
  "rate_limits",
  {
    key: text("key").primaryKey(),
    windowStartedAt: timestampColumn("window_started_at").notNull(),
    hits: integer("hits").notNull(),
  },
  (table) => [index("rate_limits_window_started_at").on(table.windowStartedAt)],
);

/**
 * The vets of a practice: its manager (role VET_MANAGER, who registered it) and the vets who joined
 * through an invite (role VET). Farmers link a practice with `users.vet_practice_id` (the profile's
 * vet_id); the practice's members may then read and edit that farmer's calendars (decision 501).
 */
export const vetPracticeMembers = pgTable(
  "vet_practice_members",
  {
    userId: integer("user_id")
      .primaryKey()
      .references(() => users.id, { onDelete: "cascade" }),
    vetPracticeId: integer("vet_practice_id")
      .notNull()
      .references(() => vetPractices.id, { onDelete: "cascade" }),
    createdAt: timestampColumn("created_at").notNull().defaultNow(),
  },
  (table) => [index("vet_practice_members_vet_practice_id").on(table.vetPracticeId)],
);

/**
 * An invitation to join a practice, sent by e-mail. Only the link token's SHA-256 is kept; it works
 * once, for 7 days, and not after it is cancelled. Re-sending replaces the token, so an older link
 * stops working.
 */
export const vetPracticeInvites = pgTable(
  "vet_practice_invites",
  {
    id: idColumn(),
    vetPracticeId: integer("vet_practice_id")
      .notNull()
      .references(() => vetPractices.id, { onDelete: "cascade" }),
    /** Lower case. */
    email: text("email").notNull(),
    tokenHash: text("token_hash").notNull(),
    invitedByUserId: integer("invited_by_user_id").references(() => users.id, {
      onDelete: "set null",
    }),
    createdAt: timestampColumn("created_at").notNull(),
    expiresAt: timestampColumn("expires_at").notNull(),
    usedAt: timestampColumn("used_at"),
    cancelledAt: timestampColumn("cancelled_at"),
  },
  (table) => [
    uniqueIndex("vet_practice_invites_token_hash_unique").on(table.tokenHash),
    index("vet_practice_invites_vet_practice_id").on(table.vetPracticeId),
  ],
);
