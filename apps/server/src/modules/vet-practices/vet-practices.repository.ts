import { RoleName } from "@vaxcal/contracts";
import { and, asc, eq, gt, isNull, sql } from "drizzle-orm";
import type { Executor } from "../../db/database.ts";
import { announceReferenceChange } from "../../db/reference-changes.ts";
import { isPracticeEmailVerified } from "../../db/linkable-practices.ts";
import {
  userRoles,
  users,
  vetPracticeInvites,
  vetPracticeMembers,
} from "../../db/schema/accounts.ts";
import { territoryManagers, vetPractices } from "../../db/schema/reference.ts";

export type VetPracticeRow = typeof vetPractices.$inferSelect;
export type NewVetPractice = typeof vetPractices.$inferInsert;
export type VetInviteRow = typeof vetPracticeInvites.$inferSelect;

/** Postgres's unique-violation code on the practice's e-mail. */
export function isPracticeEmailTaken(error: unknown): boolean {
  const cause = error instanceof Error && "cause" in error ? error.cause : error;
  const details = (cause ?? {}) as { code?: string; constraint?: string };
  return details.code === "23505" && details.constraint === "vet_practices_email_unique";
}

/** Vet practices, their members and their invites (decision 501). */
export function createVetPracticesRepository(db: Executor) {
  return {
    async insertPractice(practice: NewVetPractice): Promise<VetPracticeRow> {
      const [row] = await db.insert(vetPractices).values(practice).returning();
      if (!row) throw new Error("insert into vet_practices returned no row");
      // A new practice joins the vets reference list on every node (ADR 701).
      await announceReferenceChange(db);
      return row;
    },

    async findPractice(id: number): Promise<VetPracticeRow | undefined> {
      const [row] = await db.select().from(vetPractices).where(eq(vetPractices.id, id));
      return row;
    },

    /** Whether the practice's e-mail is proved (decision 503): it may invite, and be linked. */
    async isEmailVerified(vetPracticeId: number): Promise<boolean> {
      const [row] = await db
        .select({ id: vetPractices.id })
        .from(vetPractices)
        .where(and(eq(vetPractices.id, vetPracticeId), isPracticeEmailVerified));
      return row !== undefined;
    },

    /** The practice the user logs in to with its own, verified e-mail, if any. */
    async findPracticeVerifiedBy(userId: number): Promise<VetPracticeRow | undefined> {
      const [row] = await db
        .select({ practice: vetPractices })
        .from(vetPractices)
        .innerJoin(vetPracticeMembers, eq(vetPracticeMembers.vetPracticeId, vetPractices.id))
        .innerJoin(users, eq(users.id, vetPracticeMembers.userId))
        .where(
          and(eq(users.id, userId), eq(users.email, vetPractices.email), isPracticeEmailVerified),
        );
      return row?.practice;
    },

    async isPracticeEmailTaken(email: string): Promise<boolean> {
      const [row] = await db
        .select({ id: vetPractices.id })
        .from(vetPractices)
        .where(eq(vetPractices.email, email));
      return row !== undefined;
    },

    async doesTerritoryManagerExist(id: number): Promise<boolean> {
      const [row] = await db
        .select({ id: territoryManagers.id })
        .from(territoryManagers)
        .where(eq(territoryManagers.id, id));
      return row !== undefined;
    },

    async addMember(userId: number, vetPracticeId: number, now: Date): Promise<void> {
      await db.insert(vetPracticeMembers).values({ userId, vetPracticeId, createdAt: now });
    },

    listMembers(vetPracticeId: number) {
      return db
        .select({
          id: users.id,
          name: users.name,
          surname: users.surname,
          email: users.email,
          role: userRoles.role,
          joinedAt: vetPracticeMembers.createdAt,
        })
        .from(vetPracticeMembers)
        .innerJoin(users, eq(users.id, vetPracticeMembers.userId))
        .innerJoin(userRoles, eq(userRoles.userId, users.id))
        .where(
          and(
            eq(vetPracticeMembers.vetPracticeId, vetPracticeId),
            sql`${userRoles.role} IN (${RoleName.vetManager}, ${RoleName.vet})`,
          ),
        )
        .orderBy(asc(vetPracticeMembers.createdAt), asc(users.id));
    },

    /** The member's role in this practice, or null when they are not one of its vets. */
    async findMemberRole(vetPracticeId: number, userId: number): Promise<string | null> {
      const [row] = await db
        .select({ role: userRoles.role })
        .from(vetPracticeMembers)
        .innerJoin(userRoles, eq(userRoles.userId, vetPracticeMembers.userId))
        .where(
          and(
            eq(vetPracticeMembers.vetPracticeId, vetPracticeId),
            eq(vetPracticeMembers.userId, userId),
            sql`${userRoles.role} IN (${RoleName.vetManager}, ${RoleName.vet})`,
          ),
        );
      return row?.role ?? null;
    },

    async insertInvite(invite: Omit<VetInviteRow, "id" | "usedAt" | "cancelledAt">) {
      const [row] = await db.insert(vetPracticeInvites).values(invite).returning();
      if (!row) throw new Error("insert into vet_practice_invites returned no row");
      return row;
    },

    /** The practice's invites not yet used or cancelled, newest first. */
    listOpenInvites(vetPracticeId: number): Promise<VetInviteRow[]> {
      return db
        .select()
        .from(vetPracticeInvites)
        .where(
          and(
            eq(vetPracticeInvites.vetPracticeId, vetPracticeId),
            isNull(vetPracticeInvites.usedAt),
            isNull(vetPracticeInvites.cancelledAt),
          ),
        )
        .orderBy(asc(vetPracticeInvites.createdAt), asc(vetPracticeInvites.id));
    },

    async findOpenInvite(vetPracticeId: number, inviteId: number) {
      const [row] = await db
        .select()
        .from(vetPracticeInvites)
        .where(
          and(
            eq(vetPracticeInvites.id, inviteId),
            eq(vetPracticeInvites.vetPracticeId, vetPracticeId),
            isNull(vetPracticeInvites.usedAt),
            isNull(vetPracticeInvites.cancelledAt),
          ),
        )
        .for("update");
      return row;
    },

    /** A live invite by its token's hash, with its practice's name; locked when asked. */
    async findLiveInviteByTokenHash(
      tokenHash: string,
      now: Date,
      { forUpdate }: { forUpdate: boolean },
    ) {
      const query = db
        .select({ invite: vetPracticeInvites, practiceName: vetPractices.vetPracticeName })
        .from(vetPracticeInvites)
        .innerJoin(vetPractices, eq(vetPractices.id, vetPracticeInvites.vetPracticeId))
        .where(
          and(
            eq(vetPracticeInvites.tokenHash, tokenHash),
            isNull(vetPracticeInvites.usedAt),
            isNull(vetPracticeInvites.cancelledAt),
            gt(vetPracticeInvites.expiresAt, now),
          ),
        );
      const [row] = forUpdate ? await query.for("update", { of: vetPracticeInvites }) : await query;
      return row;
    },

    /** A re-send: a new token and a new 7 days; the old link stops working. */
    async renewInvite(id: number, tokenHash: string, now: Date, expiresAt: Date): Promise<void> {
      await db
        .update(vetPracticeInvites)
        .set({ tokenHash, createdAt: now, expiresAt })
        .where(eq(vetPracticeInvites.id, id));
    },

    async cancelInvite(id: number, now: Date): Promise<void> {
      await db
        .update(vetPracticeInvites)
        .set({ cancelledAt: now })
        .where(eq(vetPracticeInvites.id, id));
    },

    async markInviteUsed(id: number, now: Date): Promise<void> {
      await db.update(vetPracticeInvites).set({ usedAt: now }).where(eq(vetPracticeInvites.id, id));
    },

    /**
     * Removes a vet who joined by invite: their account exists for the practice only, so it goes,
     * and with it their sessions and membership (ON DELETE CASCADE).
     */
    async deleteVetAccount(userId: number): Promise<void> {
      await db.delete(users).where(eq(users.id, userId));
    },
  };
}
