import { ErrorCode, securityMessages, securityTimings } from "@vaxcal/contracts";
import type { Executor } from "../../db/database.ts";
import { AppError } from "../../errors/app-error.ts";
import { createSessionsRepository } from "../../auth/sessions.repository.ts";
import { generateOpaqueToken, hashToken } from "../../lib/tokens.ts";
import type { AccountsContext } from "./accounts.context.ts";
import {
  buildUndoContactChangeUrl,
  renderContactChangedEmail,
  renderContactChangedText,
} from "./account-notifications.ts";
import { createOneTimeSecretsRepository } from "./one-time-secrets.repository.ts";
import { createUsersRepository, findTakenContact, type UserRow } from "./users.repository.ts";

const lifetimeMs = securityTimings.contactUndoLinkDays * 24 * 60 * 60_000;

/**
 * Before a settings change moves the e-mail or mobile: keeps the old contacts behind a new undo
 * link and queues the notice to the old e-mail (the old mobile when there was none). Returns the
 * outbox id, or undefined when the account had no contact to tell.
 */
export async function queueContactChangeNotice(
  context: AccountsContext,
  transaction: Executor,
  user: UserRow,
): Promise<number | undefined> {
  if (!user.email && !user.phone) return undefined;
  const token = generateOpaqueToken();
  const now = context.clock();
  await createOneTimeSecretsRepository(transaction).insertContactUndoToken({
    userId: user.id,
    tokenHash: hashToken(token),
    previousEmail: user.email,
    previousEmailVerifiedAt: user.emailVerifiedAt,
    previousPhone: user.phone,
    previousPhoneVerifiedAt: user.phoneVerifiedAt,
    createdAt: now,
    expiresAt: new Date(now.getTime() + lifetimeMs),
  });
  const url = buildUndoContactChangeUrl(context.publicUrl, token);
  return user.email
    ? context.outbox.queueEmail(
        transaction,
        { to: user.email, ...renderContactChangedEmail(user.name, url) },
        user.id,
      )
    : context.outbox.queueText(
        transaction,
        { to: user.phone ?? "", body: renderContactChangedText(url) },
        user.id,
      );
}

/**
 * POST /api/account/undo-contact-change: puts back the contacts (verified as they were) that the
 * link's change replaced, drops any new one still waiting for confirmation, uses up every undo link of the account, and ends all its sessions,
 * since whoever made the change may hold one. The owner is then asked to reset the password.
 */
export async function undoContactChange(context: AccountsContext, token: string): Promise<string> {
  const now = context.clock();
  try {
    const isUndone = await context.db.transaction(async (transaction) => {
      const secrets = createOneTimeSecretsRepository(transaction);
      const row = await secrets.findContactUndoTokenForUpdate(hashToken(token));
      if (!row || row.usedAt !== null || now.getTime() >= row.expiresAt.getTime()) return false;
      await secrets.useUpContactUndoTokens(row.userId, now);
      await secrets.deleteMobileCode(row.userId);
      await createUsersRepository(transaction).updateUser(row.userId, {
        email: row.previousEmail,
        emailVerifiedAt: row.previousEmailVerifiedAt,
        phone: row.previousPhone,
        phoneVerifiedAt: row.previousPhoneVerifiedAt,
        pendingEmail: null,
        pendingPhone: null,
        updatedAt: now,
      });
      await createSessionsRepository(transaction).deleteOtherSessions(row.userId);
      return true;
    });
    if (!isUndone) throw new AppError(ErrorCode.validation, securityMessages.contactUndoInvalid);
  } catch (error) {
    if (findTakenContact(error)) {
      throw new AppError(ErrorCode.conflict, securityMessages.contactUndoConflict);
    }
    throw error;
  }
  return securityMessages.contactChangeUndone;
}
