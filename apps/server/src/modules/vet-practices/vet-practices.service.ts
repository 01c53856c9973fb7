import {
  currentTermsVersion,
  RoleName,
  vetPracticeLimits,
  vetPracticeMessages,
  type ParsedVetRegisterRequest,
  type UserProfile,
} from "@vaxcal/contracts";
import type { Executor } from "../../db/database.ts";
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

/**
 * Queues one invite e-mail per address in the caller's transaction (each counted against the
 * message budgets of the address and of the inviting account); returns the outbox ids.
 */
export async function queueVetInvites(
  context: AccountsContext,
  executor: Executor,
  practice: { id: number; name: string },
  emails: readonly string[],
  invitedByUserId: number,
): Promise<number[]> {
  const repository = createVetPracticesRepository(executor);
  const now = context.clock();
  const expiresAt = new Date(now.getTime() + vetPracticeLimits.inviteLinkDays * dayMs);
  const ids: number[] = [];
  for (const email of emails) {
    const token = generateOpaqueToken();
    await repository.insertInvite({
      vetPracticeId: practice.id,
      email,
      tokenHash: hashToken(token),
      invitedByUserId,
      createdAt: now,
      expiresAt,
    });
    const url = buildVetInviteUrl(context.publicUrl, token);
    ids.push(
      await context.outbox.queueEmail(
        executor,
        { to: email, ...renderVetInviteEmail(practice.name, url) },
        invitedByUserId,
      ),
    );
  }
  return ids;
}

/**
 * POST /api/vet/register (docs/product.md §7): creates the practice and its manager (role
 * VET_MANAGER, logging in with the practice's e-mail), logs them in, sends the e-mail
 * verification a farmer gets, and the invites of step 3. All or nothing: an invite over a message
 * budget rolls the whole registration back.
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
        ...(await queueVetInvites(
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
