import { ErrorCode, accountMessages, accountTimings, type AuthResponse } from "@vaxcal/contracts";
import { AppError } from "../../errors/app-error.ts";
import { createFieldErrors, type AccountsContext } from "./accounts.context.ts";
import {
  buildPasswordResetUrl,
  renderPasswordChangedEmail,
  renderPasswordChangedText,
  renderPasswordResetEmail,
  renderPasswordResetText,
} from "./account-notifications.ts";
import { findMobileCandidates } from "./phone.ts";
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
import { createUsersRepository, type UserRow } from "./users.repository.ts";

const lifetimeMs = accountTimings.passwordResetLinkMinutes * 60_000;

/**
 * POST /password/reset, with the e-mail or the mobile the account was registered with (decision 202).
 * The request only hands the work to a background task, so the answer is the same, and takes the
 * same time, whether or not an account uses the address or number: the look-up, the token and
 * the message all happen after it has gone.
 */
export function requestPasswordReset(context: AccountsContext, contact: string): string {
  context.tasks.run("password reset link", () => sendPasswordResetLink(context, contact));
  return accountMessages.resetLinkSent;
}

/**
 * The one account an e-mail or a mobile names, or none. A mobile is read as login reads it (Irish,
 * UK or international); a number that could name two accounts names none.
 */
async function findUserByResetContact(
  users: ReturnType<typeof createUsersRepository>,
  contact: string,
): Promise<UserRow | undefined> {
  if (contact.includes("@")) return users.findUserByEmail(contact);
  const found = await users.findUsersByPhones(findMobileCandidates(contact));
  return found.length === 1 ? found[0] : undefined;
}

async function sendPasswordResetLink(context: AccountsContext, contact: string): Promise<void> {
  const user = await findUserByResetContact(createUsersRepository(context.db), contact);
  // The link goes to the contact that was typed: an e-mail to the e-mail, a text to the mobile.
  const recipient = contact.includes("@") ? user?.email : user?.phone;
  if (!user || !recipient) return;
  const token = generateOpaqueToken();
  const now = context.clock();
  const url = buildPasswordResetUrl(context.publicUrl, token, recipient);
  try {
    const messageId = await context.db.transaction(async (transaction) => {
      await createOneTimeSecretsRepository(transaction).replacePasswordResetToken({
        userId: user.id,
        tokenHash: hashToken(token),
        createdAt: now,
        expiresAt: new Date(now.getTime() + lifetimeMs),
      });
      return recipient.includes("@")
        ? context.outbox.queueEmail(
            transaction,
            { to: recipient, ...renderPasswordResetEmail(user.name, url) },
            user.id,
          )
        : context.outbox.queueText(
            transaction,
            { to: recipient, body: renderPasswordResetText(url) },
            user.id,
          );
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
  contact: string,
  token: string,
): Promise<boolean> {
  const user = await findUserByResetContact(createUsersRepository(context.db), contact);
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
  const isMobile = !input.email.includes("@");
  const passwordProblem = findPasswordProblem(
    input.password,
    isMobile ? { phone: input.email } : { email: input.email },
  );
  if (passwordProblem) throw createFieldErrors([{ field: "password", message: passwordProblem }]);
  const passwordHash = await hashPassword(input.password);
  const now = context.clock();
  const result = await context.db.transaction(async (transaction) => {
    const users = createUsersRepository(transaction);
    const user = await findUserByResetContact(users, input.email);
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
    // The link proves the contact it was sent to, so that one counts as verified.
    await users.updateUser(user.id, {
      passwordHash,
      ...(isMobile
        ? { phoneVerifiedAt: user.phoneVerifiedAt ?? now }
        : { emailVerifiedAt: user.emailVerifiedAt ?? now }),
      updatedAt: now,
    });
    await createSessionsRepository(transaction).deleteOtherSessions(user.id);
    const session = await startSession(transaction, user.id, now);
    // Whoever asked, the owner hears of it where the link went.
    const noticeId =
      isMobile && user.phone
        ? await context.outbox.queueText(
            transaction,
            { to: user.phone, body: renderPasswordChangedText() },
            user.id,
          )
        : await context.outbox.queueEmail(
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
