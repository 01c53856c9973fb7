import {
  ErrorCode,
  accountMessages,
  flockEnterprises,
  securityMessages,
  securityTimings,
  herdEnterprises,
  type EnterpriseName,
  type ParsedUpdateSettingsRequest,
  type UserProfile,
} from "@vaxcal/contracts";
import { createFieldErrors, type AccountsContext, type FieldProblem } from "./accounts.context.ts";
import {
  buildUndoContactChangeUrl,
  renderContactChangedEmail,
  renderContactChangedText,
  renderContactInUseEmail,
  renderContactInUseText,
  renderPasswordChangedEmail,
} from "./account-notifications.ts";
import { queueEmailVerification, queueMobileCode } from "./verification.service.ts";
import { createOneTimeSecretsRepository } from "./one-time-secrets.repository.ts";
import { hashPassword, verifyPassword } from "./password-hashing.ts";
import { findPasswordProblem } from "./password-policy.ts";
import { parseMobile } from "./phone.ts";
import { createSessionsRepository } from "../../auth/sessions.repository.ts";
import type { Executor } from "../../db/database.ts";
import { AppError } from "../../errors/app-error.ts";
import { generateOpaqueToken, hashToken } from "../../lib/tokens.ts";
import { enforceRateLimit } from "../../rate-limits/rate-limit.ts";
import { MessageBudgetError, checkMessageBudget } from "../../outbox/message-budget.ts";
import { OutboxChannel } from "../../outbox/outbox.repository.ts";
import { accountRules } from "./throttle.ts";
import {
  ContactField,
  createUsersRepository,
  findTakenContact,
  mapProfileFields,
  type UserChanges,
  type UserRow,
} from "./users.repository.ts";

type Session = { userId: number; sessionId: number };

/** The phone the request asks for: unchanged (undefined), removed (null), or a new E.164. */
function readRequestedPhone(
  input: ParsedUpdateSettingsRequest,
  user: UserRow,
  problems: FieldProblem[],
): string | null | undefined {
  if (input.phone_number === undefined) return undefined;
  if (input.phone_number === null) return null;
  const countryCode = input.country_code ?? (user.phone?.startsWith("+44") ? "+44" : "+353");
  const mobile = parseMobile(countryCode, input.phone_number);
  if (!mobile) problems.push({ field: "phone_number", message: accountMessages.mobileInvalid });
  return mobile?.e164;
}

/**
 * PUT /api/user/settings. Absent fields keep their value. A new password needs the current one
 * and ends the user's other sessions. A new e-mail or mobile waits as pending until the link or
 * code sent to it is used; the old address is told at once. Nothing is saved unless everything
 * is valid.
 */
export async function updateSettings(
  context: AccountsContext,
  session: Session,
  input: ParsedUpdateSettingsRequest,
): Promise<UserProfile> {
  const users = createUsersRepository(context.db);
  const user = await users.findUserById(session.userId);
  if (!user) throw new Error("the session's user does not exist");
  const current = await users.loadProfile(user.id);
  const problems: FieldProblem[] = [];

  const email = input.email === undefined ? user.email : input.email;
  const requestedPhone = readRequestedPhone(input, user, problems);
  const phone = requestedPhone === undefined ? user.phone : requestedPhone;
  const isEmailChanged = email !== user.email;
  const isPhoneChanged = phone !== user.phone && requestedPhone !== undefined;
  const isContactChanged = isEmailChanged || isPhoneChanged;
  const vetId = input.vet_id === undefined ? user.vetPracticeId : input.vet_id;
  const isVetChanged = vetId !== user.vetPracticeId;
  // A session alone must not move the addresses a reset goes to: that would make a stolen
  // session a permanent takeover. Nor may it give a practice the calendars, or take them away
  // (decision 503).
  if ((isContactChanged || isVetChanged) && !input.password && !input.current_password) {
    problems.push({
      field: "current_password",
      message: isContactChanged
        ? securityMessages.currentPasswordForContactChange
        : securityMessages.currentPasswordForVetChange,
    });
  } else if (isContactChanged || isVetChanged || input.password) {
    await enforceRateLimit(context, accountRules.currentPassword, String(user.id));
    if (!(await verifyPassword(user.passwordHash, input.current_password ?? ""))) {
      problems.push({ field: "current_password", message: accountMessages.currentPasswordWrong });
    }
  }
  if (input.password) {
    const passwordProblem = findPasswordProblem(input.password, {
      email,
      phone,
      names: [
        input.name ?? user.name,
        input.surname ?? user.surname,
        input.farmer_name === undefined ? user.farmerName : input.farmer_name,
      ],
    });
    if (passwordProblem) problems.push({ field: "password", message: passwordProblem });
  }
  if (!email && !phone && !problems.some((problem) => problem.field === "phone_number")) {
    problems.push({ field: "email", message: accountMessages.contactRequired });
  }

  // A ticked box for a contact that is gone is an error; an untouched one just switches off.
  if (input.notify_email === true && !email) {
    problems.push({ field: "notify_email", message: accountMessages.notifyEmailNeedsEmail });
  }
  if (input.notify_phone === true && !phone) {
    problems.push({ field: "notify_phone", message: accountMessages.notifyPhoneNeedsPhone });
  }

  if (isVetChanged && vetId !== null && !(await users.isVetPracticeLinkable(vetId))) {
    problems.push({ field: "vet_id", message: accountMessages.vetInvalid });
  }

  const enterprises =
    input.enterprises ?? (current?.enterprises.map((item) => item.name) as EnterpriseName[]);
  const herdSize = input.herd_size === undefined ? user.herdSize : input.herd_size;
  const flockSize = input.flock_size === undefined ? user.flockSize : input.flock_size;
  if (enterprises.some((name) => herdEnterprises.includes(name)) && !herdSize) {
    problems.push({ field: "herd_size", message: accountMessages.herdSizeRequired });
  }
  if (enterprises.some((name) => flockEnterprises.includes(name)) && !flockSize) {
    problems.push({ field: "flock_size", message: accountMessages.flockSizeRequired });
  }
  if (problems.length > 0) throw createFieldErrors(problems);

  // A new e-mail or mobile only waits for confirmation from the new address; removing one is
  // immediate. The account must keep a contact it already has while the new one waits.
  const newEmail = isEmailChanged && email ? email : null;
  const newPhone = isPhoneChanged && phone ? phone : null;
  const storedEmail = newEmail ? user.email : email;
  const storedPhone = newPhone ? user.phone : phone;
  if (!storedEmail && !storedPhone) {
    throw createFieldErrors([
      {
        field: newEmail ? "email" : "phone_number",
        message: accountMessages.keepContactUntilConfirmed,
      },
    ]);
  }

  // The answer, and the work done before it, are the same whether or not another account has
  // the new address (docs/product.md D21): that is only looked at by the background task.
  const now = context.clock();
  // Each link or unlink e-mails the practices concerned (decision 503).
  if (isVetChanged) await enforceRateLimit(context, accountRules.vetLinkChange, String(user.id));
  if (newEmail || newPhone) {
    await enforceRateLimit(context, accountRules.contactChange, String(user.id));
    if (newEmail) {
      const message = { channel: OutboxChannel.email, recipient: newEmail, accountId: user.id };
      await checkMessageBudget(context.db, message, now);
    }
    if (newPhone) {
      const message = { channel: OutboxChannel.sms, recipient: newPhone, accountId: user.id };
      await checkMessageBudget(context.db, message, now);
    }
  }

  const changes: UserChanges = {
    name: input.name,
    surname: input.surname,
    email: storedEmail,
    phone: storedPhone,
    ...mapProfileFields(input),
    notifyEmail: storedEmail ? (input.notify_email ?? user.notifyEmail) : false,
    notifyPhone: storedPhone ? (input.notify_phone ?? user.notifyPhone) : false,
    herdSize: herdSize ?? null,
    flockSize: flockSize ?? null,
    vetPracticeId: vetId,
    updatedAt: now,
  };
  if (isEmailChanged) changes.pendingEmail = newEmail;
  if (isPhoneChanged) changes.pendingPhone = newPhone;
  if (isEmailChanged && !newEmail) changes.emailVerifiedAt = null;
  if (isPhoneChanged && !newPhone) changes.phoneVerifiedAt = null;
  if (input.password) changes.passwordHash = await hashPassword(input.password);

  const messageIds = await context.db.transaction(async (transaction) => {
    const repository = createUsersRepository(transaction);
    await repository.updateUser(user.id, changes);
    if (input.enterprises) await repository.replaceEnterprises(user.id, input.enterprises);
    if (input.animals) await repository.replaceAnimals(user.id, input.animals);
    const ids: number[] = [];
    if (isPhoneChanged) await createOneTimeSecretsRepository(transaction).deleteMobileCode(user.id);
    if (isEmailChanged || isPhoneChanged) {
      const noticeId = await queueContactChangeNotice(context, transaction, user);
      if (noticeId !== undefined) ids.push(noticeId);
    }
    if (input.password) {
      await createSessionsRepository(transaction).deleteOtherSessions(user.id, session.sessionId);
      // Told at the address the account had, so a thief who changed both is still reported.
      const noticeTo = user.email ?? email;
      if (noticeTo) {
        ids.push(
          await context.outbox.queueEmail(
            transaction,
            {
              to: noticeTo,
              ...renderPasswordChangedEmail(input.name ?? user.name, context.publicUrl),
            },
            user.id,
          ),
        );
      }
    }
    return ids;
  });
  context.outbox.deliverSoon(messageIds);
  context.onVetLinkChanged?.(user.id, user.vetPracticeId, vetId);
  if (newEmail || newPhone) {
    const recipient = { id: user.id, name: input.name ?? user.name };
    context.tasks.run("contact change confirmation", () =>
      sendContactConfirmations(context, recipient, newEmail, newPhone),
    );
  }
  const updated = await users.loadProfile(user.id);
  if (!updated) throw new Error("the user vanished during the update");
  return updated;
}

type ConfirmationRecipient = { id: number; name: string };

/**
 * After the answer has gone: sends the new e-mail its confirmation link and the new mobile its
 * code, or, when another account already has the address, tells that address's owner instead and
 * leaves the change pending for good. Either message counts against the same budgets.
 */
async function sendContactConfirmations(
  context: AccountsContext,
  recipient: ConfirmationRecipient,
  newEmail: string | null,
  newPhone: string | null,
): Promise<void> {
  const users = createUsersRepository(context.db);
  const ids: number[] = [];
  const queue = async (send: (transaction: Executor) => Promise<number>) => {
    try {
      ids.push(await context.db.transaction(send));
    } catch (error) {
      // Over budget nothing is sent; the caller already had the usual answer.
      if (!(error instanceof MessageBudgetError)) throw error;
    }
  };
  if (newEmail) {
    const isTaken = await users.isContactTaken(ContactField.email, newEmail, recipient.id);
    await queue((transaction) =>
      isTaken
        ? context.outbox.queueEmail(
            transaction,
            { to: newEmail, ...renderContactInUseEmail() },
            recipient.id,
          )
        : queueEmailVerification(context, transaction, { ...recipient, email: newEmail }),
    );
  }
  if (newPhone) {
    const isTaken = await users.isContactTaken(ContactField.phone, newPhone, recipient.id);
    await queue((transaction) =>
      isTaken
        ? context.outbox.queueText(
            transaction,
            { to: newPhone, body: renderContactInUseText() },
            recipient.id,
          )
        : queueMobileCode(context, transaction, recipient.id, newPhone),
    );
  }
  context.outbox.deliverSoon(ids);
}

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
