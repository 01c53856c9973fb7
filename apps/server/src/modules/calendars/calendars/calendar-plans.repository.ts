import type { ShotTemplate } from "@vaxcal/contracts";
import { and, asc, gt, gte, inArray, lte, or } from "drizzle-orm";
import { runReads, type Executor } from "../../../db/database.ts";
import { calendarDiseases, calendarShots } from "../../../db/schema/calendars.ts";

/**
 * A first occurrence as a saved calendar stores it (decision 402): the seed its copies are
 * derived from, shaped as the engine's `SavedShot` less the layout it derives.
 */
export type StoredSeed = {
  id: string;
  diseaseId: number;
  templateId: number | null;
  /** `YYYY-MM-DD` */
  date: string;
  custom_name: string | null;
  /** 0 once, 1 every year, N every N years. */
  is_recurrent: number;
  userInitiated: boolean;
};

/** One column of a saved calendar's plan, with its seeds in saved order. */
export type PlanColumn = {
  calendarId: number;
  diseaseId: number;
  vaccineId: number | null;
  seeds: StoredSeed[];
  /** The protocol the column was generated from (decision 405). */
  protocol: ShotTemplate[];
};

/**
 * The one reader of saved calendars' plans: the calendars module reads a calendar's columns
 * through it, and whatever lists occurrences (the reminders) reads every calendar's.
 */
export function createCalendarPlansRepository(db: Executor) {
  return {
    /** The listed calendars' columns in order, each with its seeds in order. */
    async readPlans(calendarIds: readonly number[]): Promise<Map<number, PlanColumn[]>> {
      const plans = new Map<number, PlanColumn[]>();
      if (calendarIds.length === 0) return plans;
      const ids = [...calendarIds];
      const [columns, seeds] = await runReads(db, [
        () =>
          db
            .select({
              calendarId: calendarDiseases.calendarId,
              diseaseId: calendarDiseases.diseaseId,
              vaccineId: calendarDiseases.vaccineId,
              protocol: calendarDiseases.protocol,
            })
            .from(calendarDiseases)
            .where(inArray(calendarDiseases.calendarId, ids))
            .orderBy(asc(calendarDiseases.calendarId), asc(calendarDiseases.position)),
        () =>
          db
            .select()
            .from(calendarShots)
            .where(inArray(calendarShots.calendarId, ids))
            .orderBy(
              asc(calendarShots.calendarId),
              asc(calendarShots.diseaseId),
              asc(calendarShots.position),
            ),
      ]);
      const byColumn = new Map<string, PlanColumn>();
      for (const column of columns) {
        const planColumn: PlanColumn = { ...column, seeds: [] };
        byColumn.set(`${column.calendarId}:${column.diseaseId}`, planColumn);
        const plan = plans.get(column.calendarId) ?? [];
        plan.push(planColumn);
        plans.set(column.calendarId, plan);
      }
      for (const row of seeds) {
        byColumn.get(`${row.calendarId}:${row.diseaseId}`)?.seeds.push({
          id: row.shotKey,
          diseaseId: row.diseaseId,
          templateId: row.templateId,
          date: row.date,
          custom_name: row.customName,
          is_recurrent: row.isRecurrent,
          userInitiated: row.userInitiated,
        });
      }
      return plans;
    },

    /**
     * Up to `limit` calendar ids after `afterCalendarId`, in id order, whose plan may have an
     * occurrence from `from` to `to`: a seed on or before `to` that recurs or is not before
     * `from`. The date index narrows the one-off shots; the caller expands the rest.
     */
    async listCalendarIdsWithSeedsBetween(window: {
      from: string;
      to: string;
      afterCalendarId: number;
      limit: number;
    }): Promise<number[]> {
      const rows = await db
        .selectDistinct({ calendarId: calendarShots.calendarId })
        .from(calendarShots)
        .where(
          and(
            gt(calendarShots.calendarId, window.afterCalendarId),
            lte(calendarShots.date, window.to),
            or(gt(calendarShots.isRecurrent, 0), gte(calendarShots.date, window.from)),
          ),
        )
        .orderBy(asc(calendarShots.calendarId))
        .limit(window.limit);
      return rows.map((row) => row.calendarId);
    },
  };
}

export type CalendarPlansRepository = ReturnType<typeof createCalendarPlansRepository>;
