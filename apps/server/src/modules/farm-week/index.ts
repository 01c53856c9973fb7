// The farm-week module's public entry: "This week on the farm" (decision 603), built on the
// calendars' occurrences and the reminders' rule.
export { farmWeekRoutes } from "./farm-week.routes.ts";
