import {
  ErrorCode,
  accountMessages,
  type AuthResponse,
  securityMessages,
  securityTimings,
  type LoginRequest,
} from "@vaxcal/contracts";
import { AppError } from "../../errors/app-error.ts";
import { renderLoginLockedEmail, renderLoginLockedText } from "./account-notifications.ts";
import type { AccountsContext } from "./accounts.context.ts";
import { verifyAgainstDummyHash, verifyPassword } from "./password-hashing.ts";
import { findMobileCandidates } from "./phone.ts";
import {
  createRateLimitsRepository,
  type RateLimitRule,
} from "../../rate-limits/rate-limits.repository.ts";
import { startSession } from "../../auth/sessions.ts";
import { ThrottledError } from "../../errors/throttled-error.ts";
import { MessageBudgetError } from "../../outbox/message-budget.ts";
import { createUsersRepository, type UserRow } from "./users.repository.ts";

/** Five tries a minute per username and client address; a success clears the count. */
export const loginRule: RateLimitRule = { name: "login", limit: 5, windowMs: 60_000 };

/** Failures from one client address, whatever the usernames: a spray across accounts. */
export const loginPerClientRule: RateLimitRule = {
  name: "login-client",
  limit: 20,
  windowMs: 15 * 60_000,
};

/** Failures against one account from anywhere; reaching the limit locks it (below). */
export const loginPerAccountRule: RateLimitRule = {
  name: "login-account",
  limit: 10,
  windowMs: 60 * 60_000,
};

/** The lock: any hit in its window is over the limit, so it holds for the whole window. */
export const loginLockRule: RateLimitRule = {
  name: "login-lock",
  limit: 0,
  windowMs: securityTimings.loginLockMinutes * 60_000,
};

export class LoginThrottledError extends ThrottledError {
  constructor(retryAfterSeconds: number, message: string = accountMessages.loginThrottled) {
    super(retryAfterSeconds, message);
  }
}

async function findUsersForUsername(context: AccountsContext, username: string) {
  const users = createUsersRepository(context.db);
  if (username.includes("@")) {
    const user = await users.findUserByEmail(username.trim().toLowerCase());
    return user ? [user] : [];
  }
  return users.findUsersByPhones(findMobileCandidates(username));
}

/** One spelling per account name, so "Mary@X.ie" and "mary@x.ie" share one throttle. */
function normaliseUsername(username: string): string {
  if (username.includes("@")) return username.trim().toLowerCase();
  return findMobileCandidates(username)[0] ?? username.trim().toLowerCase();
}

/**
 * Who a username's failures count against: the accounts it names, or, for an unknown name, the
 * name itself, so that a lock cannot tell an attacker which accounts exist.
 */
function findAccountSubjects(candidates: readonly UserRow[], username: string): string[] {
  if (candidates.length === 0) return [`name\n${normaliseUsername(username)}`];
  return candidates.map((candidate) => `user\n${candidate.id}`);
}

/**
 * Counts a failed password against each account; at the limit the account's password logins are
 * locked, and its owner is told once per window (a reset link still works meanwhile).
 */
async function countAccountFailure(
  context: AccountsContext,
  candidates: readonly UserRow[],
  subjects: readonly string[],
  now: Date,
): Promise<void> {
  const limits = createRateLimitsRepository(context.db);
  for (const [index, subject] of subjects.entries()) {
    const failures = await limits.consumeHit(loginPerAccountRule, subject, now);
    if (failures.hits < loginPerAccountRule.limit) continue;
    await limits.consumeHit(loginLockRule, subject, now);
    const owner = candidates[index];
    if (owner && failures.hits === loginPerAccountRule.limit) await tellOwnerOfLock(context, owner);
  }
}

async function tellOwnerOfLock(context: AccountsContext, owner: UserRow): Promise<void> {
  const lockMinutes = securityTimings.loginLockMinutes;
  try {
    const messageId = owner.email
      ? await context.outbox.queueEmail(
          context.db,
          {
            to: owner.email,
            ...renderLoginLockedEmail(owner.name, lockMinutes, context.publicUrl),
          },
          owner.id,
        )
      : owner.phone
        ? await context.outbox.queueText(
            context.db,
            { to: owner.phone, body: renderLoginLockedText(lockMinutes) },
            owner.id,
          )
        : undefined;
    if (messageId !== undefined) context.outbox.deliverSoon([messageId]);
  } catch (error) {
    // The owner has been sent enough today; the lock holds without another notice.
    if (!(error instanceof MessageBudgetError)) throw error;
  }
}

/**
 * POST /api/login with the e-mail or the mobile in any common form. Every failure says the same
 * and takes about as long, whether or not the account exists. Three limits apply: per username
 * and address, per address across usernames, and per account across addresses.
 */
export async function logIn(
  context: AccountsContext,
  { username, password }: LoginRequest,
  clientAddress: string,
): Promise<AuthResponse> {
  const limits = createRateLimitsRepository(context.db);
  const now = context.clock();
  const subject = `${normaliseUsername(username)}\n${clientAddress}`;
  const attempt = await limits.consumeHit(loginRule, subject, now);
  if (!attempt.isAllowed) throw new LoginThrottledError(attempt.retryAfterSeconds);
  const fromClient = await limits.consumeHit(loginPerClientRule, clientAddress, now);
  if (!fromClient.isAllowed) throw new LoginThrottledError(fromClient.retryAfterSeconds);

  const candidates = await findUsersForUsername(context, username);
  const accountSubjects = findAccountSubjects(candidates, username);
  for (const accountSubject of accountSubjects) {
    const lock = await limits.peekHits(loginLockRule, accountSubject, now);
    if (!lock.isAllowed) {
      throw new LoginThrottledError(lock.retryAfterSeconds, securityMessages.loginLocked);
    }
  }
  let matched: UserRow | undefined;
  for (const candidate of candidates) {
    if (await verifyPassword(candidate.passwordHash, password)) {
      matched = candidate;
      break;
    }
  }
  if (candidates.length === 0) await verifyAgainstDummyHash(password);
  if (!matched) {
    await countAccountFailure(context, candidates, accountSubjects, now);
    throw new AppError(ErrorCode.unauthorized, accountMessages.loginFailed);
  }

  await limits.clearHits(loginRule, subject);
  await limits.refundHit(loginPerClientRule, clientAddress);
  await limits.clearHits(loginPerAccountRule, `user\n${matched.id}`);
  const { token } = await startSession(context.db, matched.id, context.clock());
  const user = await createUsersRepository(context.db).loadProfile(matched.id);
  if (!user) throw new Error("the user vanished during login");
  return { user, token };
}
