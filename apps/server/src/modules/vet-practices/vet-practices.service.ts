import {
  currentTermsVersion,
  RoleName,
  vetPracticeLimits,
  vetPracticeMessages,
  type ParsedVetRegisterRequest,
  type UserProfile,
} from "@vaxcal/contracts";
import type { Executor } from "../../db/database.ts";
import { changeReferenceData } from "../../db/reference-changes.ts";
import { MessageKind } from "../../outbox/outbox.repository.ts";
import { enforceRateLimit } from "../../rate-limits/rate-limit.ts";
import type { RateLimitRule } from "../../rate-limits/rate-limits.repository.ts";
import { startSession } from "../../auth/sessions.ts";
import { generateOpaqueToken, hashToken } from "../../lib/tokens.ts";
import {
  createFieldErrors,
  type AccountsContext,
  type FieldProblem,
  queueEmailVerification,
  hashPassword,
  findPasswordProblem,
  parseMobile,
  type Mobile,
  ContactField,
  createUsersRepository,
  findTakenContact,
} from "../accounts/index.ts";
import { buildVetInviteUrl, renderVetInviteEmail } from "./vet-practice-notifications.ts";
import { createVetPracticesRepository, isPracticeEmailTaken } from "./vet-practices.repository.ts";

const dayMs = 86_400_000;

/** A practice's mobile as typed: `+353…`/`+44…`, or national, read as Irish first, then UK. */
export function parsePracticeMobile(typed: string): Mobile | null {
  if (typed.startsWith("+44")) return parseMobile("+44", typed.slice(3));
  if (typed.startsWith("+353")) return parseMobile("+353", typed.slice(4));
  return parseMobile("+353", typed) ?? parseMobile("+44", typed);
}

const invitesPerPractice: RateLimitRule = {
  name: "vet-invites-practice",
  limit: vetPracticeLimits.invitesPerDay,
  windowMs: dayMs,
};

/**
 * Queues one invite e-mail (a notification) with a new link for an invite row, in the caller's
 * transaction. Each one counts against the practice's invites of the day (re-sent ones too), so
 * over the limit the transaction rolls back with a 429 and nothing is sent (issue 23, M4).
 */
export async function queueInviteEmail(
  context: AccountsContext,
  transaction: Executor,
  practice: { id: number; name: string },
  invite: { id: number; email: string },
  invitedByUserId: number,
): Promise<number> {
  await enforceRateLimit(
    { db: transaction, clock: context.clock },
    invitesPerPractice,
    String(practice.id),
  );
  const now = context.clock();
  const token = generateOpaqueToken();
  const expiresAt = new Date(now.getTime() + vetPracticeLimits.inviteLinkDays * dayMs);
  await createVetPracticesRepository(transaction).renewInvite(
    invite.id,
    hashToken(token),
    now,
    expiresAt,
  );
  const url = buildVetInviteUrl(context.publicUrl, token);
  return context.outbox.queueEmail(
    transaction,
    { to: invite.email, ...renderVetInviteEmail(practice.name, url) },
    invitedByUserId,
    MessageKind.notification,
  );
}

/**
 * Records one invite per address in the caller's transaction. A practice whose e-mail is proved
 * also has them e-mailed (returns the outbox ids); an unproved one keeps them, unsent, until its
 * e-mail is verified (decision 503).
 */
export async function addVetInvites(
  context: AccountsContext,
  transaction: Executor,
  practice: { id: number; name: string },
  emails: readonly string[],
  invitedByUserId: number,
): Promise<number[]> {
  const repository = createVetPracticesRepository(transaction);
  const isVerified = await repository.isEmailVerified(practice.id);
  const now = context.clock();
  const ids: number[] = [];
  for (const email of emails) {
    const invite = await repository.insertInvite({
      vetPracticeId: practice.id,
      email,
      // No link exists until the e-mail is sent: this hash belongs to no token anyone has.
      tokenHash: hashToken(generateOpaqueToken()),
      invitedByUserId,
      createdAt: now,
      expiresAt: new Date(now.getTime() + vetPracticeLimits.inviteLinkDays * dayMs),
    });
    if (isVerified) {
      ids.push(await queueInviteEmail(context, transaction, practice, invite, invitedByUserId));
    }
  }
  return ids;
}

/**
 * After a user's e-mail is verified: when it is their practice's e-mail, the practice joins the
 * farmers' picker on every node at once, and the invites it listed while unproved are sent
 * (decision 503). Run before the verification's answer; the sending is a background task.
 */
export async function openVerifiedPractice(
  context: AccountsContext,
  userId: number,
): Promise<void> {
  const practice = await createVetPracticesRepository(context.db).findPracticeVerifiedBy(userId);
  if (!practice) return;
  await changeReferenceData(context.db, async () => undefined);
  context.tasks.run("held vet invites", async () => {
    const ids = await context.db.transaction(async (transaction) => {
      const repository = createVetPracticesRepository(transaction);
      const messageIds: number[] = [];
      for (const invite of await repository.listOpenInvites(practice.id)) {
        const target = { id: practice.id, name: practice.vetPracticeName };
        messageIds.push(await queueInviteEmail(context, transaction, target, invite, userId));
      }
      return messageIds;
    });
    context.outbox.deliverSoon(ids);
  });
}

/**
 * POST /api/vet/register (docs/product.md §7): creates the practice and its manager (role
 * VET_MANAGER, logging in with the practice's e-mail), logs them in, sends the e-mail
 * verification a farmer gets, and records the invites of step 3, which are sent once the
 * practice's e-mail is verified (decision 503). All or nothing.
 */
export async function registerVetPractice(
  context: AccountsContext,
  input: ParsedVetRegisterRequest,
): Promise<{ user: UserProfile; token: string }> {
  const users = createUsersRepository(context.db);
  const practices = createVetPracticesRepository(context.db);
  const problems: FieldProblem[] = [];
  const mobile = parsePracticeMobile(input.mobile_number);
  if (!mobile)
    problems.push({ field: "mobile_number", message: vetPracticeMessages.mobileInvalid });
  const passwordProblem = findPasswordProblem(input.password, {
    email: input.vet_practice_email,
    phone: mobile?.e164,
    names: [input.veterinarian_name, input.veterinarian_surname, input.vet_practice_name],
  });
  if (passwordProblem) problems.push({ field: "password", message: passwordProblem });
  if (
    input.territoryManagerId !== null &&
    !(await practices.doesTerritoryManagerExist(input.territoryManagerId))
  ) {
    problems.push({
      field: "territoryManagerId",
      message: vetPracticeMessages.territoryManagerInvalid,
    });
  }
  const email = input.vet_practice_email;
  if (
    (await users.isContactTaken(ContactField.email, email)) ||
    (await practices.isPracticeEmailTaken(email))
  ) {
    problems.push({ field: "vet_practice_email", message: vetPracticeMessages.practiceEmailTaken });
  }
  const invites = input.skip_inviting ? [] : input.vets.filter((vet) => vet !== email);
  if (problems.length > 0) throw createFieldErrors(problems);

  const passwordHash = await hashPassword(input.password);
  const now = context.clock();
  try {
    const { userId, token, messageIds } = await context.db.transaction(async (transaction) => {
      const repository = createVetPracticesRepository(transaction);
      const practice = await repository.insertPractice({
        vetPracticeName: input.vet_practice_name,
        address1: input.address1,
        address2: input.address2,
        town: input.town,
        county: input.county,
        country: input.country,
        eircode: input.eircode,
        email,
        mobile: mobile?.e164 ?? null,
        landline: input.vet_practice_landline,
        vciNumber: input.vci_number,
        territoryManagerId: input.territoryManagerId,
        createdAt: now,
        updatedAt: now,
      });
      const manager = await createUsersRepository(transaction).insertUser(
        {
          email,
          phone: null,
          passwordHash,
          name: input.veterinarian_name,
          surname: input.veterinarian_surname,
          farmerName: input.vet_practice_name,
          address1: input.address1,
          address2: input.address2,
          town: input.town,
          eircode: input.eircode,
          county: input.county,
          country: input.country,
          // The manager agreed to the terms in step 1 (docs/product.md D18).
          termsVersion: currentTermsVersion,
          termsAcceptedAt: now,
          createdAt: now,
          updatedAt: now,
        },
        [RoleName.vetManager],
      );
      await repository.addMember(manager.id, practice.id, now);
      const ids = [
        await queueEmailVerification(context, transaction, {
          id: manager.id,
          email,
          name: manager.name,
        }),
        ...(await addVetInvites(
          context,
          transaction,
          { id: practice.id, name: practice.vetPracticeName },
          invites,
          manager.id,
        )),
      ];
      const session = await startSession(transaction, manager.id, now);
      return { userId: manager.id, token: session.token, messageIds: ids };
    });
    context.outbox.deliverSoon(messageIds);
    const profile = await users.loadProfile(userId);
    if (!profile) throw new Error("the new vet vanished");
    return { user: profile, token };
  } catch (error) {
    // Two registrations with one address at the same moment: the database decides.
    if (findTakenContact(error) === ContactField.email || isPracticeEmailTaken(error)) {
      throw createFieldErrors([
        { field: "vet_practice_email", message: vetPracticeMessages.practiceEmailTaken },
      ]);
    }
    throw error;
  }
}
