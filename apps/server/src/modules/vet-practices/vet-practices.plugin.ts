import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import type { WatchCache } from "../../lib/cache-report.ts";
import type { AccountsContext } from "../accounts/index.ts";
import { practiceDigestRoutes } from "./practice-digest.routes.ts";
import { vetDashboardRoutes } from "./vet-dashboard.routes.ts";
import { vetPracticeAccountRoutes } from "./vet-practices.routes.ts";

/**
 * Vet practices (decision 501): registration, invites and members; the dashboard of linked
 * farmers and doses due; the weekly digest's one-click unsubscribe (decision 602).
 */
export const vetPracticesRoutes: FastifyPluginAsyncZod<
  AccountsContext & { watchCache?: WatchCache }
> = async (app, { watchCache, ...context }) => {
  await app.register(vetPracticeAccountRoutes, context);
  await app.register(vetDashboardRoutes, {
    db: context.db,
    clock: context.clock,
    ...(watchCache ? { watchCache } : {}),
  });
  await app.register(practiceDigestRoutes, {
    db: context.db,
    clock: context.clock,
    secret: context.secret,
  });
};
