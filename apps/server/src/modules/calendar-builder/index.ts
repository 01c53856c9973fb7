// The calendar-builder module's public entry: its routes, for app.ts.
export { calendarBuilderRoutes } from "./calendar-builder.routes.ts";
