import { ErrorCode, RoleName, vetPracticeMessages } from "@vaxcal/contracts";
import { and, desc, eq, inArray } from "drizzle-orm";
import type { Executor } from "../../db/database.ts";
import { userRoles, vetPracticeMembers } from "../../db/schema/accounts.ts";
import { vetPractices } from "../../db/schema/reference.ts";
import { AppError } from "../../errors/app-error.ts";

export type VetRole = typeof RoleName.vetManager | typeof RoleName.vet;

/** A signed-in vet's place in their practice (decision 501). */
export type VetMembership = {
  userId: number;
  practiceId: number;
  role: VetRole;
  practice: { id: number; name: string; town: string; email: string | null };
  /** Bumped whenever the practice's clients or their calendars change (migration 0009). */
  clientsVersion: number;
};

/**
 * The caller's practice and role, read on every vet call, so a vet removed from the practice
 * loses access with their next request. Null for anyone who is not a member.
 */
export async function findVetMembership(
  db: Executor,
  userId: number,
): Promise<VetMembership | null> {
  const [row] = await db
    .select({
      practiceId: vetPracticeMembers.vetPracticeId,
      role: userRoles.role,
      name: vetPractices.vetPracticeName,
      town: vetPractices.town,
      email: vetPractices.email,
      clientsVersion: vetPractices.clientsVersion,
    })
    .from(vetPracticeMembers)
    .innerJoin(vetPractices, eq(vetPractices.id, vetPracticeMembers.vetPracticeId))
    .innerJoin(
      userRoles,
      and(
        eq(userRoles.userId, vetPracticeMembers.userId),
        inArray(userRoles.role, [RoleName.vetManager, RoleName.vet]),
      ),
    )
    .where(eq(vetPracticeMembers.userId, userId))
    // A manager's row wins should a user ever hold both roles.
    .orderBy(desc(userRoles.role))
    .limit(2);
  if (!row) return null;
  return {
    userId,
    practiceId: row.practiceId,
    role: row.role as VetRole,
    practice: { id: row.practiceId, name: row.name, town: row.town, email: row.email },
    clientsVersion: row.clientsVersion,
  };
}

/**
 * The caller's membership, or a 404 with a plain message: a farmer, or a vet no longer in a
 * practice, finds no vet pages. `isManagerOnly` also refuses a practice's other vets.
 */
export async function requireVetMembership(
  db: Executor,
  userId: number,
  { isManagerOnly = false }: { isManagerOnly?: boolean } = {},
): Promise<VetMembership> {
  const membership = await findVetMembership(db, userId);
  if (!membership) throw new AppError(ErrorCode.notFound, vetPracticeMessages.notAVet);
  if (isManagerOnly && membership.role !== RoleName.vetManager) {
    throw new AppError(ErrorCode.notFound, vetPracticeMessages.managerOnly);
  }
  return membership;
}
