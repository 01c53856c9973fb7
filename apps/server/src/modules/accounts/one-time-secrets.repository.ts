import { and, eq, isNull, sql } from "drizzle-orm";
import type { Executor } from "../../db/database.ts";
import {
  contactChangeUndoTokens,
  mobileVerificationCodes,
  passwordResetTokens,
} from "../../db/schema/accounts.ts";

export type MobileCodeRow = typeof mobileVerificationCodes.$inferSelect;
export type PasswordResetTokenRow = typeof passwordResetTokens.$inferSelect;
export type ContactUndoTokenRow = typeof contactChangeUndoTokens.$inferSelect;

/** Mobile codes, password reset tokens and contact-change undo links: stored as hashes, used once. */
export function createOneTimeSecretsRepository(db: Executor) {
  return {
    /** A new code replaces the user's previous one, used or not. */
    async replaceMobileCode(code: Omit<MobileCodeRow, "attempts" | "consumedAt">): Promise<void> {
      await db
        .insert(mobileVerificationCodes)
        .values({ ...code, attempts: 0, consumedAt: null })
        .onConflictDoUpdate({
          target: mobileVerificationCodes.userId,
          set: {
            phone: code.phone,
            codeHash: code.codeHash,
            createdAt: code.createdAt,
            expiresAt: code.expiresAt,
            attempts: 0,
            consumedAt: null,
          },
        });
    },

    /** Locks the row, so two guesses at once are counted one after the other. */
    async findMobileCodeForUpdate(userId: number): Promise<MobileCodeRow | undefined> {
      const [row] = await db
        .select()
        .from(mobileVerificationCodes)
        .where(eq(mobileVerificationCodes.userId, userId))
        .for("update");
      return row;
    },

    async countWrongMobileCode(userId: number): Promise<void> {
      await db
        .update(mobileVerificationCodes)
        .set({ attempts: sql`${mobileVerificationCodes.attempts} + 1` })
        .where(eq(mobileVerificationCodes.userId, userId));
    },

    async consumeMobileCode(userId: number, now: Date): Promise<void> {
      await db
        .update(mobileVerificationCodes)
        .set({ consumedAt: now })
        .where(eq(mobileVerificationCodes.userId, userId));
    },

    async deleteMobileCode(userId: number): Promise<void> {
      await db.delete(mobileVerificationCodes).where(eq(mobileVerificationCodes.userId, userId));
    },

    /** Only the newest reset link works: asking again retires the unused older ones. */
    async replacePasswordResetToken(token: Omit<PasswordResetTokenRow, "id" | "usedAt">) {
      await db
        .delete(passwordResetTokens)
        .where(
          and(eq(passwordResetTokens.userId, token.userId), isNull(passwordResetTokens.usedAt)),
        );
      await db.insert(passwordResetTokens).values(token);
    },

    async findPasswordResetToken(
      tokenHash: string,
      { forUpdate }: { forUpdate: boolean },
    ): Promise<PasswordResetTokenRow | undefined> {
      const query = db
        .select()
        .from(passwordResetTokens)
        .where(eq(passwordResetTokens.tokenHash, tokenHash));
      const [row] = forUpdate ? await query.for("update") : await query;
      return row;
    },

    async markPasswordResetTokenUsed(id: number, now: Date): Promise<void> {
      await db
        .update(passwordResetTokens)
        .set({ usedAt: now })
        .where(eq(passwordResetTokens.id, id));
    },

    async insertContactUndoToken(token: Omit<ContactUndoTokenRow, "id" | "usedAt">): Promise<void> {
      await db.insert(contactChangeUndoTokens).values(token);
    },

    async findContactUndoTokenForUpdate(
      tokenHash: string,
    ): Promise<ContactUndoTokenRow | undefined> {
      const [row] = await db
        .select()
        .from(contactChangeUndoTokens)
        .where(eq(contactChangeUndoTokens.tokenHash, tokenHash))
        .for("update");
      return row;
    },

    /** An undo uses up every undo link of the account: a later change's link would undo it. */
    async useUpContactUndoTokens(userId: number, now: Date): Promise<void> {
      await db
        .update(contactChangeUndoTokens)
        .set({ usedAt: now })
        .where(
          and(eq(contactChangeUndoTokens.userId, userId), isNull(contactChangeUndoTokens.usedAt)),
        );
    },
  };
}
