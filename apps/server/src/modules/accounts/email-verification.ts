import { ErrorCode, accountMessages, largestId } from "@vaxcal/contracts";
import type { Executor } from "../../db/database.ts";
import { AppError } from "../../errors/app-error.ts";
import type { AccountsContext } from "./accounts.context.ts";
import { renderEmailVerificationEmail } from "./account-notifications.ts";
import {
  buildEmailVerificationHash,
  buildEmailVerificationUrl,
  isValidEmailVerificationHash,
} from "./email-verification-link.ts";
import { ContactField, createUsersRepository, findTakenContact } from "./users.repository.ts";

type Recipient = { id: number; email: string; name: string };

/** Queues the verification e-mail in the caller's transaction; returns the outbox id. */
export function queueEmailVerification(
  context: AccountsContext,
  executor: Executor,
  user: Recipient,
): Promise<number> {
  const subject = { userId: user.id, email: user.email };
  const hash = buildEmailVerificationHash(context.secret, subject, context.clock());
  const url = buildEmailVerificationUrl(context.publicUrl, user.id, hash);
  return context.outbox.queueEmail(
    executor,
    { to: user.email, ...renderEmailVerificationEmail(user.name, url) },
    user.id,
  );
}

const invalidLink = () =>
  new AppError(ErrorCode.validation, accountMessages.emailVerificationInvalid);

/**
 * GET /api/email/verify/:id/:hash. A link sent to a pending e-mail (docs/product.md D21) makes
 * it the account's e-mail, verified; one sent to the current e-mail verifies it. Every kind of bad
 * link gets the same answer, also one for an address another account confirmed in the meantime.
 */
export async function verifyEmail(
  context: AccountsContext,
  idText: string,
  hash: string,
): Promise<string> {
  if (!/^[1-9]\d{0,9}$/.test(idText) || Number(idText) > largestId) throw invalidLink();
  const users = createUsersRepository(context.db);
  const user = await users.findUserById(Number(idText));
  const now = context.clock();
  const isLinkFor = (email: string | null | undefined): email is string =>
    !!user &&
    !!email &&
    isValidEmailVerificationHash(context.secret, { userId: user.id, email }, hash, now);
  if (user && isLinkFor(user.pendingEmail)) {
    try {
      await users.updateUser(user.id, {
        email: user.pendingEmail,
        emailVerifiedAt: now,
        pendingEmail: null,
        updatedAt: now,
      });
    } catch (error) {
      if (findTakenContact(error) === ContactField.email) throw invalidLink();
      throw error;
    }
    return accountMessages.emailVerified;
  }
  if (!user || !isLinkFor(user.email)) throw invalidLink();
  if (user.emailVerifiedAt) return accountMessages.emailAlreadyVerified;
  await users.updateUser(user.id, { emailVerifiedAt: now, updatedAt: now });
  return accountMessages.emailVerified;
}

/** POST /api/email/verification-notification for the logged-in user. */
export async function resendEmailVerification(
  context: AccountsContext,
  userId: number,
): Promise<string> {
  const user = await createUsersRepository(context.db).findUserById(userId);
  if (!user?.email) throw new AppError(ErrorCode.validation, accountMessages.noEmailOnAccount);
  if (user.emailVerifiedAt) return accountMessages.emailAlreadyVerified;
  const recipient = { id: user.id, email: user.email, name: user.name };
  const messageId = await context.db.transaction((transaction) =>
    queueEmailVerification(context, transaction, recipient),
  );
  context.outbox.deliverSoon([messageId]);
  return accountMessages.emailVerificationSent;
}
