/*
 * The drizzle schema, one file per area under schema/ (see the server README). This index is what
 * drizzle-kit reads and what repositories import as `schema`.
 */
export * from "./schema/reference.ts";
export * from "./schema/accounts.ts";
export * from "./schema/calendars.ts";
export * from "./schema/outbox.ts";
export * from "./schema/given-shots.ts";
export * from "./schema/admin.ts";
export * from "./schema/reminders.ts";
export * from "./schema/vet-change-notices.ts";
