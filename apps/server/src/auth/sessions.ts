import { accountTimings } from "@vaxcal/contracts";
import type { Executor } from "../db/database.ts";
import { createSessionsRepository } from "./sessions.repository.ts";
import { generateOpaqueToken, hashToken } from "../lib/tokens.ts";

const dayMs = 86_400_000;
const idleMs = accountTimings.sessionIdleDays * dayMs;
const absoluteMs = accountTimings.sessionAbsoluteDays * dayMs;
// Recording every request's time would write on every call; to the hour is enough for 30 days.
const touchEveryMs = 60 * 60_000;

export type ActiveSession = { sessionId: number; userId: number };

/** Starts a session and returns its bearer token; only the token's hash is stored. */
export async function startSession(executor: Executor, userId: number, now: Date) {
  const token = generateOpaqueToken();
  const session = await createSessionsRepository(executor).insertSession({
    userId,
    tokenHash: hashToken(token),
    createdAt: now,
    lastUsedAt: now,
    expiresAt: new Date(now.getTime() + absoluteMs),
  });
  return { token, sessionId: session.id };
}

/**
 * The session a bearer token belongs to, if it is still alive: used within the last 30 days and
 * started less than 90 days ago. A dead session is deleted when it is seen.
 */
export async function findActiveSession(
  executor: Executor,
  token: string,
  now: Date,
): Promise<ActiveSession | null> {
  if (!/^[A-Za-z0-9_-]{43}$/.test(token)) return null;
  const repository = createSessionsRepository(executor);
  const session = await repository.findSessionByTokenHash(hashToken(token));
  if (!session) return null;
  const nowMs = now.getTime();
  if (nowMs >= session.expiresAt.getTime() || nowMs >= session.lastUsedAt.getTime() + idleMs) {
    await repository.deleteSession(session.id);
    return null;
  }
  if (nowMs - session.lastUsedAt.getTime() >= touchEveryMs) {
    await repository.touchSession(session.id, now);
  }
  return { sessionId: session.id, userId: session.userId };
}
