import { ErrorCode, accountMessages, accountTimings, type AuthResponse } from "@vaxcal/contracts";
import { AppError } from "../../errors/app-error.ts";
import { createFieldErrors, type AccountsContext } from "./accounts.context.ts";
import {
  buildPasswordResetUrl,
  renderPasswordChangedEmail,
  renderPasswordResetEmail,
} from "./account-notifications.ts";
import {
  createOneTimeSecretsRepository,
  type PasswordResetTokenRow,
} from "./one-time-secrets.repository.ts";
import { hashPassword } from "./password-hashing.ts";
import { findPasswordProblem } from "./password-policy.ts";
import { startSession } from "../../auth/sessions.ts";
import { createSessionsRepository } from "../../auth/sessions.repository.ts";
import { generateOpaqueToken, hashToken } from "../../lib/tokens.ts";
import { MessageBudgetError } from "../../outbox/message-budget.ts";
import { createUsersRepository } from "./users.repository.ts";

const lifetimeMs = accountTimings.passwordResetLinkMinutes * 60_000;

/**
 * POST /password/reset. The request only hands the work to a background task, so the answer is
 * the same, and takes the same time, whether or not an account uses the address: the look-up,
 * the token and the e-mail all happen after it has gone.
 */
export function requestPasswordReset(context: AccountsContext, email: string): string {
  context.tasks.run("password reset e-mail", () => sendPasswordResetLink(context, email));
  return accountMessages.resetLinkSent;
}

async function sendPasswordResetLink(context: AccountsContext, email: string): Promise<void> {
  const user = await createUsersRepository(context.db).findUserByEmail(email);
  if (!user?.email) return;
  const token = generateOpaqueToken();
  const recipient = user.email;
  const now = context.clock();
  const url = buildPasswordResetUrl(context.publicUrl, token, recipient);
  const message = { to: recipient, ...renderPasswordResetEmail(user.name, url) };
  try {
    const messageId = await context.db.transaction(async (transaction) => {
      await createOneTimeSecretsRepository(transaction).replacePasswordResetToken({
        userId: user.id,
        tokenHash: hashToken(token),
        createdAt: now,
        expiresAt: new Date(now.getTime() + lifetimeMs),
      });
      return context.outbox.queueEmail(transaction, message, user.id);
    });
    context.outbox.deliverSoon([messageId]);
  } catch (error) {
    // Over budget nothing is sent; the caller already had the usual answer.
    if (!(error instanceof MessageBudgetError)) throw error;
  }
}

function isUsable(row: PasswordResetTokenRow | undefined, userId: number, now: Date) {
  return (
    row !== undefined &&
    row.userId === userId &&
    row.usedAt === null &&
    now.getTime() < row.expiresAt.getTime()
  );
}

/** POST /api/password/verify-token: whether the link can still be used. It is not used up. */
export async function checkPasswordResetToken(
  context: AccountsContext,
  email: string,
  token: string,
): Promise<boolean> {
  const user = await createUsersRepository(context.db).findUserByEmail(email);
  if (!user) return false;
  const row = await createOneTimeSecretsRepository(context.db).findPasswordResetToken(
    hashToken(token),
    { forUpdate: false },
  );
  return isUsable(row, user.id, context.clock());
}

type ConfirmInput = { email: string; token: string; password: string };

/**
 * POST /api/password/reset/confirm: sets the new password, uses the token up, ends every other
 * session of the user and logs this one in. The link proves the address, so it counts as
 * verified too.
 */
export async function confirmPasswordReset(
  context: AccountsContext,
  input: ConfirmInput,
): Promise<AuthResponse> {
  // The address is the request's own; the account's other details are compared only once the
  // link has proved the account, so this answer cannot tell whether an account exists.
  const passwordProblem = findPasswordProblem(input.password, { email: input.email });
  if (passwordProblem) throw createFieldErrors([{ field: "password", message: passwordProblem }]);
  const passwordHash = await hashPassword(input.password);
  const now = context.clock();
  const result = await context.db.transaction(async (transaction) => {
    const users = createUsersRepository(transaction);
    const user = await users.findUserByEmail(input.email);
    const secrets = createOneTimeSecretsRepository(transaction);
    const row = await secrets.findPasswordResetToken(hashToken(input.token), { forUpdate: true });
    if (!user || !row || !isUsable(row, user.id, now)) return null;
    const ownerProblem = findPasswordProblem(input.password, {
      email: user.email,
      phone: user.phone,
      names: [user.name, user.surname, user.farmerName],
    });
    if (ownerProblem) return { passwordProblem: ownerProblem };
    await secrets.markPasswordResetTokenUsed(row.id, now);
    await users.updateUser(user.id, {
      passwordHash,
      emailVerifiedAt: user.emailVerifiedAt ?? now,
      updatedAt: now,
    });
    await createSessionsRepository(transaction).deleteOtherSessions(user.id);
    const session = await startSession(transaction, user.id, now);
    // Whoever asked, the owner hears of it at the address the link went to.
    const noticeId = await context.outbox.queueEmail(
      transaction,
      {
        to: user.email ?? input.email,
        ...renderPasswordChangedEmail(user.name, context.publicUrl),
      },
      user.id,
    );
    return { userId: user.id, token: session.token, noticeId };
  });
  if (!result) throw new AppError(ErrorCode.validation, accountMessages.resetTokenInvalid);
  if (result.passwordProblem !== undefined) {
    throw createFieldErrors([{ field: "password", message: result.passwordProblem }]);
  }
  context.outbox.deliverSoon([result.noticeId]);
  const user = await createUsersRepository(context.db).loadProfile(result.userId);
  if (!user) throw new Error("the user vanished during the reset");
  return { user, token: result.token };
}
