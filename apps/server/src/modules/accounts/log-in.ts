import {
  ErrorCode,
  accountMessages,
  type AuthResponse,
  type LoginRequest,
} from "@vaxcal/contracts";
import { AppError } from "../../errors/app-error.ts";
import type { AccountsContext } from "./accounts.context.ts";
import { verifyAgainstDummyHash, verifyPassword } from "./password-hashing.ts";
import { findMobileCandidates } from "./phone.ts";
import {
  createRateLimitsRepository,
  type RateLimitRule,
} from "../../lib/rate-limits.repository.ts";
import { startSession } from "../../auth/sessions.ts";
import { createUsersRepository, type UserRow } from "./users.repository.ts";

/** Five tries a minute per username and client address; a success clears the count. */
export const loginRule: RateLimitRule = { name: "login", limit: 5, windowMs: 60_000 };

export class LoginThrottledError extends AppError {
  readonly retryAfterSeconds: number;

  constructor(retryAfterSeconds: number) {
    super(ErrorCode.rateLimited, accountMessages.loginThrottled);
    this.retryAfterSeconds = retryAfterSeconds;
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
 * POST /api/login with the e-mail or the mobile in any common form. Every failure says the same
 * and takes about as long, whether or not the account exists.
 */
export async function logIn(
  context: AccountsContext,
  { username, password }: LoginRequest,
  clientAddress: string,
): Promise<AuthResponse> {
  const limits = createRateLimitsRepository(context.db);
  const subject = `${normaliseUsername(username)}\n${clientAddress}`;
  const attempt = await limits.consumeHit(loginRule, subject, context.clock());
  if (!attempt.isAllowed) throw new LoginThrottledError(attempt.retryAfterSeconds);

  const candidates = await findUsersForUsername(context, username);
  let matched: UserRow | undefined;
  for (const candidate of candidates) {
    if (await verifyPassword(candidate.passwordHash, password)) {
      matched = candidate;
      break;
    }
  }
  if (candidates.length === 0) await verifyAgainstDummyHash(password);
  if (!matched) throw new AppError(ErrorCode.unauthorized, accountMessages.loginFailed);

  await limits.clearHits(loginRule, subject);
  const { token } = await startSession(context.db, matched.id, context.clock());
  const user = await createUsersRepository(context.db).loadProfile(matched.id);
  if (!user) throw new Error("the user vanished during login");
  return { user, token };
}
