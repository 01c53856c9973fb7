export * from "./errors.ts";
export * from "./reference.ts";
export * from "./accounts.ts";
export * from "./calendar-builder.ts";
export * from "./calendars.ts";
export * from "./security.ts";
export * from "./given-shots.ts";
export * from "./reminders.ts";
