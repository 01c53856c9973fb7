import { and, eq, ne, sql } from "drizzle-orm";
import type { Executor } from "../db/database.ts";
import { sessions } from "../db/schema/accounts.ts";

export type SessionRow = typeof sessions.$inferSelect;

export function createSessionsRepository(db: Executor) {
  return {
    async insertSession(session: Omit<SessionRow, "id">): Promise<SessionRow> {
      const [row] = await db.insert(sessions).values(session).returning();
      if (!row) throw new Error("insert into sessions returned no row");
      return row;
    },

    /** Every authenticated request asks this: a named statement, planned once per connection. */
    async findSessionByTokenHash(tokenHash: string): Promise<SessionRow | undefined> {
      const [row] = await db
        .select()
        .from(sessions)
        .where(eq(sessions.tokenHash, sql.placeholder("tokenHash")))
        .prepare("session_by_token_hash")
        .execute({ tokenHash });
      return row;
    },

    async touchSession(id: number, now: Date): Promise<void> {
      await db.update(sessions).set({ lastUsedAt: now }).where(eq(sessions.id, id));
    },

    async deleteSession(id: number): Promise<void> {
      await db.delete(sessions).where(eq(sessions.id, id));
    },

    /** Ends every session of the user, except the one given (the caller's own). */
    async deleteOtherSessions(userId: number, keepSessionId?: number): Promise<void> {
      await db
        .delete(sessions)
        .where(
          and(
            eq(sessions.userId, userId),
            keepSessionId === undefined ? undefined : ne(sessions.id, keepSessionId),
          ),
        );
    },
  };
}
