import { ErrorCode, RoleName, adminMessages } from "@vaxcal/contracts";
import { and, eq } from "drizzle-orm";
import type { FastifyRequest } from "fastify";
import type { Executor } from "../db/database.ts";
import { userRoles } from "../db/schema.ts";
import { AppError } from "../errors/app-error.ts";
import type { Clock } from "../lib/clock.ts";
import { createRequireUser, readSession } from "./authentication.ts";

/**
 * An onRequest hook for the admin calls (docs/product.md D2): a visitor gets the 401 of
 * `requireUser`, a signed-in user without the ADMIN role a 403. The role is read from the
 * database on every call, so a role taken away takes effect at once. Use it on a whole plugin
 * (`app.addHook("onRequest", requireAdmin)`) so no admin route can be registered without it.
 */
export function createRequireAdmin(dependencies: { db: Executor; clock: Clock }) {
  const requireUser = createRequireUser(dependencies);
  return async function requireAdmin(request: FastifyRequest): Promise<void> {
    await requireUser(request);
    const { userId } = readSession(request);
    const held = await dependencies.db
      .select({ role: userRoles.role })
      .from(userRoles)
      .where(and(eq(userRoles.userId, userId), eq(userRoles.role, RoleName.admin)))
      .limit(1);
    if (held.length === 0) throw new AppError(ErrorCode.forbidden, adminMessages.forbidden);
  };
}
