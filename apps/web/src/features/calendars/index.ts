/*
 * The saved calendars' public entry: My Calendars, a saved calendar's page (/calendar/{id}) with
 * its given shots and protocol updates, and the final page a save ends on. Other features import
 * only what is exported here.
 */
export { calendarsQueryKeys } from "./query-keys.ts";
