import { and, eq, ne } from "drizzle-orm";
import { PgTransaction } from "drizzle-orm/pg-core";
import { createBatcher, type Batcher } from "../db/batcher.ts";
import { definePreparedStatement, pickClient, type Executor } from "../db/database.ts";
import { sessions } from "../db/schema/accounts.ts";

export type SessionRow = typeof sessions.$inferSelect;
/** What a request's session check reads. */
export type LiveSessionRow = Pick<SessionRow, "id" | "userId" | "lastUsedAt" | "expiresAt">;

type SessionLookupRow = {
  id: number;
  user_id: number;
  token_hash: string;
  last_used_at: Date;
  expires_at: Date;
};

// Every authenticated request asks this: fixed text, planned once per connection.
const selectSessionsByTokenHashes = definePreparedStatement<SessionLookupRow>(
  "sessions-by-token-hashes",
  `SELECT id, user_id, token_hash, last_used_at, expires_at FROM sessions
   WHERE token_hash = ANY($1::text[])`,
);

function toLiveSession(row: SessionLookupRow): LiveSessionRow {
  return {
    id: row.id,
    userId: row.user_id,
    lastUsedAt: row.last_used_at,
    expiresAt: row.expires_at,
  };
}

/**
 * Session look-ups of requests that arrive together go to the database as one statement
 * (decision 702). Not a cache: every request still reads its session from the database after it
 * arrived, so a logout or a revoked session takes effect with the next request, on every node.
 */
const lookupBatchers = new WeakMap<object, Batcher<string, LiveSessionRow | undefined>>();

function findLookupBatcher(executor: Executor) {
  const client = pickClient(executor);
  let batcher = lookupBatchers.get(client);
  if (!batcher) {
    batcher = createBatcher({
      maxInFlight: 2,
      maxBatch: 200,
      runBatch: async (hashes) => {
        const rows = await selectSessionsByTokenHashes(executor, [[...new Set(hashes)]]);
        const byHash = new Map(rows.map((row) => [row.token_hash, toLiveSession(row)]));
        return hashes.map((hash) => byHash.get(hash));
      },
    });
    lookupBatchers.set(client, batcher);
  }
  return batcher;
}

export function createSessionsRepository(db: Executor) {
  return {
    async insertSession(session: Omit<SessionRow, "id">): Promise<SessionRow> {
      const [row] = await db.insert(sessions).values(session).returning();
      if (!row) throw new Error("insert into sessions returned no row");
      return row;
    },

    /** Every authenticated request asks this; inside a transaction it runs on its own. */
    async findSessionByTokenHash(tokenHash: string): Promise<LiveSessionRow | undefined> {
      if (db instanceof PgTransaction) {
        const [row] = await selectSessionsByTokenHashes(db, [[tokenHash]]);
        return row && toLiveSession(row);
      }
      return findLookupBatcher(db).run(tokenHash);
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
