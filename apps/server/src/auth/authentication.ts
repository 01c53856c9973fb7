import { ErrorCode, accountMessages } from "@vaxcal/contracts";
import type { FastifyRequest } from "fastify";
import type { Executor } from "../db/database.ts";
import { AppError } from "../errors/app-error.ts";
import type { Clock } from "../lib/clock.ts";
import { findActiveSession, type ActiveSession } from "./sessions.ts";

const activeSessions = new WeakMap<FastifyRequest, ActiveSession>();

/**
 * An onRequest hook that lets a request through only with a live `Authorization: Bearer` token.
 * Other modules use it the same way: `{ onRequest: requireUser }`, then `readSession(request)`.
 * It runs before the body is read and validated, so a caller without a session costs no parsing
 * and learns nothing about what the body should be.
 * Only the header is read, never a cookie, so a cross-site form cannot act as the user (CSRF).
 */
export function createRequireUser({ db, clock }: { db: Executor; clock: Clock }) {
  return async function requireUser(request: FastifyRequest): Promise<void> {
    const match = /^Bearer ([^\s]+)$/i.exec(request.headers.authorization ?? "");
    const session = match?.[1] ? await findActiveSession(db, match[1], clock()) : null;
    if (!session) throw new AppError(ErrorCode.unauthorized, accountMessages.unauthenticated);
    activeSessions.set(request, session);
  };
}

/** The session `requireUser` found; calling it on a route without `requireUser` is a bug. */
export function readSession(request: FastifyRequest): ActiveSession {
  const session = activeSessions.get(request);
  if (!session) throw new Error("readSession called on a route without requireUser");
  return session;
}
