// The operations module's public entry: readiness, metrics and their routes, for app.ts and the worker.
export { createMetrics, type Metrics } from "./metrics.ts";
export { operationsRoutes } from "./operations.routes.ts";
