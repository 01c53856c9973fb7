// The admin module's public entry: its routes, for app.ts.
export { adminRoutes } from "./admin.routes.ts";
