// The health module's public entry: its routes, for app.ts.
export { healthRoutes } from "./health.routes.ts";
