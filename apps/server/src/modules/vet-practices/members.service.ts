import {
  ErrorCode,
  RoleName,
  VetInviteStatus,
  parseIdText,
  vetPracticeMessages,
  type UserProfile,
  type VetInviteDetails,
  type VetPracticeMembers,
} from "@vaxcal/contracts";
import type { VetMembership } from "./vet-membership.ts";
import { startSession } from "../../auth/sessions.ts";
import type { Executor } from "../../db/database.ts";
import { AppError } from "../../errors/app-error.ts";
import { hashToken } from "../../lib/tokens.ts";
import {
  createFieldErrors,
  type AccountsContext,
  hashPassword,
  findPasswordProblem,
  ContactField,
  createUsersRepository,
  findTakenContact,
} from "../accounts/index.ts";
import { addVetInvites, queueInviteEmail } from "./vet-practices.service.ts";
import { createVetPracticesRepository } from "./vet-practices.repository.ts";

/*
 * A practice's members (decision 501): the manager invites vets by e-mail, re-sends or cancels an
 * invite, and removes a vet; an invited vet sets a password and joins through the link.
 */

const invalidInvite = () => new AppError(ErrorCode.validation, vetPracticeMessages.inviteInvalid);

function parseId(text: string, notFoundMessage: string): number {
  const id = parseIdText(text);
  if (id === null) throw new AppError(ErrorCode.notFound, notFoundMessage);
  return id;
}

/** GET /api/vet/members: the vets and the invites not yet used or cancelled. */
export async function listPracticeMembers(
  context: AccountsContext,
  membership: VetMembership,
): Promise<VetPracticeMembers> {
  const repository = createVetPracticesRepository(context.db);
  const [members, invites, isVerified] = await Promise.all([
    repository.listMembers(membership.practiceId),
    repository.listOpenInvites(membership.practiceId),
    repository.isEmailVerified(membership.practiceId),
  ]);
  const now = context.clock().getTime();
  return {
    email_verified: isVerified,
    members: members.map((member) => ({
      id: member.id,
      name: member.name,
      surname: member.surname,
      email: member.email,
      role: member.role === RoleName.vetManager ? RoleName.vetManager : RoleName.vet,
      joined_at: member.joinedAt.toISOString(),
    })),
    invites: invites.map((invite) => ({
      id: invite.id,
      email: invite.email,
      created_at: invite.createdAt.toISOString(),
      expires_at: invite.expiresAt.toISOString(),
      status: invite.expiresAt.getTime() > now ? VetInviteStatus.pending : VetInviteStatus.expired,
    })),
  };
}

/** A practice whose e-mail nobody proved sends no invite (decision 503): a 409 that says why. */
async function requireVerifiedPractice(executor: Executor, practiceId: number): Promise<void> {
  if (!(await createVetPracticesRepository(executor).isEmailVerified(practiceId))) {
    throw new AppError(ErrorCode.conflict, vetPracticeMessages.practiceEmailUnverified);
  }
}

/** POST /api/vet/invites: one e-mail per address, all or none (message budgets, daily limit). */
export async function inviteVets(
  context: AccountsContext,
  membership: VetMembership,
  emails: readonly string[],
): Promise<string> {
  const messageIds = await context.db.transaction(async (transaction) => {
    await requireVerifiedPractice(transaction, membership.practiceId);
    return addVetInvites(
      context,
      transaction,
      { id: membership.practiceId, name: membership.practice.name },
      emails,
      membership.userId,
    );
  });
  context.outbox.deliverSoon(messageIds);
  return vetPracticeMessages.invitesSent;
}

/** POST /api/vet/invites/:id/resend: a new link and 7 more days; the old link stops working. */
export async function resendVetInvite(
  context: AccountsContext,
  membership: VetMembership,
  idText: string,
): Promise<string> {
  const inviteId = parseId(idText, vetPracticeMessages.inviteNotFound);
  const messageId = await context.db.transaction(async (transaction) => {
    await requireVerifiedPractice(transaction, membership.practiceId);
    const repository = createVetPracticesRepository(transaction);
    const invite = await repository.findOpenInvite(membership.practiceId, inviteId);
    if (!invite) throw new AppError(ErrorCode.notFound, vetPracticeMessages.inviteNotFound);
    return queueInviteEmail(
      context,
      transaction,
      { id: membership.practiceId, name: membership.practice.name },
      invite,
      membership.userId,
    );
  });
  context.outbox.deliverSoon([messageId]);
  return vetPracticeMessages.inviteResent;
}

/** DELETE /api/vet/invites/:id: the link stops working at once. */
export async function cancelVetInvite(
  context: AccountsContext,
  membership: VetMembership,
  idText: string,
): Promise<string> {
  const inviteId = parseId(idText, vetPracticeMessages.inviteNotFound);
  await context.db.transaction(async (transaction) => {
    const repository = createVetPracticesRepository(transaction);
    const invite = await repository.findOpenInvite(membership.practiceId, inviteId);
    if (!invite) throw new AppError(ErrorCode.notFound, vetPracticeMessages.inviteNotFound);
    await repository.cancelInvite(invite.id, context.clock());
  });
  return vetPracticeMessages.inviteCancelled;
}

/**
 * DELETE /api/vet/members/:id: the vet's account, which exists for the practice only, is closed;
 * their sessions go with it, so their next request is refused. The manager cannot be removed.
 */
export async function removePracticeMember(
  context: AccountsContext,
  membership: VetMembership,
  idText: string,
): Promise<string> {
  const userId = parseId(idText, vetPracticeMessages.memberNotFound);
  await context.db.transaction(async (transaction) => {
    const repository = createVetPracticesRepository(transaction);
    const role = await repository.findMemberRole(membership.practiceId, userId);
    if (role === null) throw new AppError(ErrorCode.notFound, vetPracticeMessages.memberNotFound);
    if (role === RoleName.vetManager) {
      throw new AppError(ErrorCode.conflict, vetPracticeMessages.cannotRemoveManager);
    }
    await repository.deleteVetAccount(userId);
  });
  return vetPracticeMessages.memberRemoved;
}

/** POST /api/vet/invites/check: the practice and address a live invite is for. */
export async function checkVetInvite(
  context: AccountsContext,
  token: string,
): Promise<VetInviteDetails> {
  const found = await createVetPracticesRepository(context.db).findLiveInviteByTokenHash(
    hashToken(token),
    context.clock(),
    { forUpdate: false },
  );
  if (!found) return { valid: false, message: vetPracticeMessages.inviteInvalid };
  return { valid: true, vet_practice_name: found.practiceName, email: found.invite.email };
}

type AcceptInput = {
  token: string;
  name: string;
  surname: string;
  password: string;
};

/**
 * POST /api/vet/invites/accept: the invited vet's account (role VET; the link proves the e-mail,
 * so it starts verified), their membership, and a session. The invite is locked and used in the
 * same transaction, so a link works once even when clicked twice at the same moment.
 */
export async function acceptVetInvite(
  context: AccountsContext,
  input: AcceptInput,
): Promise<{ user: UserProfile; token: string }> {
  const passwordProblem = findPasswordProblem(input.password, {
    names: [input.name, input.surname],
  });
  if (passwordProblem) throw createFieldErrors([{ field: "password", message: passwordProblem }]);
  const passwordHash = await hashPassword(input.password);
  const now = context.clock();
  try {
    const { userId, token } = await context.db.transaction(async (transaction) => {
      const repository = createVetPracticesRepository(transaction);
      const found = await repository.findLiveInviteByTokenHash(hashToken(input.token), now, {
        forUpdate: true,
      });
      if (!found) throw invalidInvite();
      const practice = await repository.findPractice(found.invite.vetPracticeId);
      if (!practice) throw invalidInvite();
      const users = createUsersRepository(transaction);
      if (await users.isContactTaken(ContactField.email, found.invite.email)) {
        throw new AppError(ErrorCode.conflict, vetPracticeMessages.inviteEmailTaken);
      }
      const vet = await users.insertUser(
        {
          email: found.invite.email,
          emailVerifiedAt: now,
          phone: null,
          passwordHash,
          name: input.name,
          surname: input.surname,
          farmerName: practice.vetPracticeName,
          address1: practice.address1,
          address2: practice.address2,
          town: practice.town,
          eircode: practice.eircode ?? "",
          county: practice.county,
          country: practice.country,
          termsAcceptedAt: now,
          createdAt: now,
          updatedAt: now,
        },
        [RoleName.vet],
      );
      await repository.addMember(vet.id, practice.id, now);
      await repository.markInviteUsed(found.invite.id, now);
      const session = await startSession(transaction, vet.id, now);
      return { userId: vet.id, token: session.token };
    });
    const profile = await createUsersRepository(context.db).loadProfile(userId);
    if (!profile) throw new Error("the new vet vanished");
    return { user: profile, token };
  } catch (error) {
    if (findTakenContact(error) === ContactField.email) {
      throw new AppError(ErrorCode.conflict, vetPracticeMessages.inviteEmailTaken);
    }
    throw error;
  }
}
