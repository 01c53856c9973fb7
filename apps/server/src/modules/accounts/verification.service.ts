import { ErrorCode, accountMessages, parseIdText } from "@vaxcal/contracts";
import type { Executor } from "../../db/database.ts";
import { AppError } from "../../errors/app-error.ts";
import type { AccountsContext } from "./accounts.context.ts";
import {
  buildMobileVerificationUrl,
  renderEmailVerificationEmail,
  renderMobileCodeText,
} from "./account-notifications.ts";
import {
  buildEmailVerificationHash,
  buildEmailVerificationUrl,
  isValidEmailVerificationHash,
} from "./email-verification-link.ts";
import {
  MobileCodeOutcome,
  computeMobileCodeExpiry,
  generateMobileCode,
  hashMobileCode,
  judgeMobileCode,
} from "./mobile-codes.ts";
import { createOneTimeSecretsRepository } from "./one-time-secrets.repository.ts";
import { ContactField, createUsersRepository, findTakenContact } from "./users.repository.ts";

/* Verifying a user's contacts: the e-mail by a signed link, the mobile by a texted code. */

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
  const userId = parseIdText(idText);
  if (userId === null) throw invalidLink();
  const users = createUsersRepository(context.db);
  const user = await users.findUserById(userId);
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
    await context.onEmailVerified?.(user.id);
    return accountMessages.emailVerified;
  }
  if (!user || !isLinkFor(user.email)) throw invalidLink();
  if (user.emailVerifiedAt) return accountMessages.emailAlreadyVerified;
  await users.updateUser(user.id, { emailVerifiedAt: now, updatedAt: now });
  await context.onEmailVerified?.(user.id);
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

/** Stores a new code for the user's phone and queues the text; returns the outbox id. */
export async function queueMobileCode(
  context: AccountsContext,
  executor: Executor,
  userId: number,
  phone: string,
): Promise<number> {
  const code = generateMobileCode();
  const now = context.clock();
  await createOneTimeSecretsRepository(executor).replaceMobileCode({
    userId,
    phone,
    codeHash: hashMobileCode(context.secret, userId, phone, code),
    createdAt: now,
    expiresAt: computeMobileCodeExpiry(now),
  });
  const url = buildMobileVerificationUrl(context.publicUrl, code);
  return context.outbox.queueText(
    executor,
    { to: phone, body: renderMobileCodeText(code, url) },
    userId,
  );
}

/**
 * POST /api/mobile/verify for the logged-in user. A wrong code counts against the code's five
 * attempts; after that only a new code helps. A code sent to a pending mobile (docs/product.md D21)
 * makes it the account's mobile, verified.
 */
export async function verifyMobile(
  context: AccountsContext,
  userId: number,
  code: string,
): Promise<string> {
  const now = context.clock();
  return context.db
    .transaction(async (transaction) => {
      const users = createUsersRepository(transaction);
      const secrets = createOneTimeSecretsRepository(transaction);
      const user = await users.findUserById(userId);
      const stored = await secrets.findMobileCodeForUpdate(userId);
      const isForPending = !!user?.pendingPhone && stored?.phone === user.pendingPhone;
      const phone = isForPending ? user?.pendingPhone : user?.phone;
      if (!user || !phone) {
        throw new AppError(ErrorCode.validation, accountMessages.noMobileOnAccount);
      }
      const outcome = judgeMobileCode(context.secret, userId, phone, stored, code, now);
      if (outcome === MobileCodeOutcome.accepted) {
        await secrets.consumeMobileCode(userId, now);
        if (isForPending && (await users.isContactTaken(ContactField.phone, phone, userId))) {
          return null;
        }
        await users.updateUser(userId, {
          phone,
          phoneVerifiedAt: now,
          ...(isForPending ? { pendingPhone: null } : {}),
          updatedAt: now,
        });
        return accountMessages.mobileVerified;
      }
      if (!isForPending && user.phoneVerifiedAt) return accountMessages.mobileAlreadyVerified;
      if (outcome === MobileCodeOutcome.wrong) await secrets.countWrongMobileCode(userId);
      return null;
    })
    .then((message) => {
      // Thrown outside the transaction, so that the counted attempt is committed.
      if (message === null)
        throw new AppError(ErrorCode.validation, accountMessages.mobileCodeInvalid);
      return message;
    });
}

/** POST /api/mobile/verify/resend for the logged-in user. */
export async function resendMobileCode(context: AccountsContext, userId: number): Promise<string> {
  const user = await createUsersRepository(context.db).findUserById(userId);
  if (!user?.phone) throw new AppError(ErrorCode.validation, accountMessages.noMobileOnAccount);
  if (user.phoneVerifiedAt) return accountMessages.mobileAlreadyVerified;
  const messageId = await context.db.transaction((transaction) =>
    queueMobileCode(context, transaction, user.id, user.phone ?? ""),
  );
  context.outbox.deliverSoon([messageId]);
  return accountMessages.mobileCodeSent;
}
