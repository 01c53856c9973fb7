import { and, asc, eq, inArray, lte, sql } from "drizzle-orm";
import type { Executor } from "../../../db/database.ts";
import { vetChangeNotices, type NoticeShot } from "../../../db/schema/vet-change-notices.ts";

export type { NoticeShot };

/** A vet's change not yet told to the farmer (decisions 425, 427). */
export type VetChangeNotice = typeof vetChangeNotices.$inferSelect;

/** The SQL of the notices a vet's run of saves leaves for the farmer. */
export function createVetChangeNoticesRepository(db: Executor) {
  return {
    /** The open notice of this calendar and vet, or null when no run is open. */
    async findOpen(calendarId: number, vetUserId: number): Promise<VetChangeNotice | null> {
      const [row] = await db
        .select()
        .from(vetChangeNotices)
        .where(
          and(
            eq(vetChangeNotices.calendarId, calendarId),
            eq(vetChangeNotices.vetUserId, vetUserId),
          ),
        );
      return row ?? null;
    },

    /** Opens a run with the plan before its first save, or moves an open run's after and time. */
    async write(notice: Omit<VetChangeNotice, "id">): Promise<void> {
      await db
        .insert(vetChangeNotices)
        .values(notice)
        .onConflictDoUpdate({
          target: [vetChangeNotices.calendarId, vetChangeNotices.vetUserId],
          set: {
            after: sql`excluded.after_shots`,
            lastChangeAt: sql`excluded.last_change_at`,
            vetName: sql`excluded.vet_name`,
            practiceName: sql`excluded.practice_name`,
          },
        });
    },

    /**
     * Takes the notices whose last save is at or before `quietSince`, oldest first, for this
     * transaction: another worker skips them, and they are deleted in it once sent.
     */
    async claimQuiet(quietSince: Date, limit: number): Promise<VetChangeNotice[]> {
      return db
        .select()
        .from(vetChangeNotices)
        .where(lte(vetChangeNotices.lastChangeAt, quietSince))
        .orderBy(asc(vetChangeNotices.lastChangeAt))
        .limit(limit)
        .for("update", { skipLocked: true });
    },

    async delete(ids: readonly number[]): Promise<void> {
      if (ids.length === 0) return;
      await db.delete(vetChangeNotices).where(inArray(vetChangeNotices.id, [...ids]));
    },
  };
}
