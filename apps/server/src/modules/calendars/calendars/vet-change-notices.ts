import { addDays, type IsoDate } from "@vaxcal/schedule";
import { sql } from "drizzle-orm";
import type { Executor } from "../../../db/database.ts";
import { listCalendarOccurrences } from "./calendar-occurrences.ts";
import {
  createVetChangeNoticesRepository,
  type NoticeShot,
  type VetChangeNotice,
} from "./vet-change-notices.repository.ts";

/*
 * Decision 427: what a vet's save of a farmer's calendar records for the farmer's message, in the
 * save's transaction. The first save of a run keeps the plan before it; each save keeps the plan
 * after it and its time, so the message (sent a quiet period after the last save) says the net
 * change of the run, and nothing of the farmer's own saves.
 */

// The shots a message speaks of: from a month back (a shot just passed, whose reminder went) to
// a year ahead, as the first save of the run found them.
const daysBack = 31;
const daysAhead = 366;

/** The calendar's shots in the window, each named as the farmer knows it. */
async function readNoticeShots(
  executor: Executor,
  calendarId: number,
  window: { from: IsoDate; to: IsoDate },
): Promise<NoticeShot[]> {
  const occurrences = await listCalendarOccurrences(executor, calendarId, window.from, window.to);
  if (occurrences.length === 0) return [];
  const { rows } = await executor.execute(sql`
    SELECT 'vaccine' AS kind, id, name FROM vaccines
    WHERE id = ANY(${`{${occurrences.map((shot) => shot.vaccineId ?? 0).join(",")}}`}::int[])
    UNION ALL
    SELECT 'disease', id, name FROM diseases
    WHERE id = ANY(${`{${occurrences.map((shot) => shot.diseaseId).join(",")}}`}::int[])`);
  const names = new Map(
    rows.map((row) => [`${String(row.kind)}:${Number(row.id)}`, String(row.name)]),
  );
  return occurrences.map((shot) => ({
    key: shot.shotId,
    name:
      shot.customName ??
      names.get(`vaccine:${shot.vaccineId}`) ??
      names.get(`disease:${shot.diseaseId}`) ??
      "Vaccination",
    date: shot.date,
  }));
}

/** A vet's run as its save found it: the open notice, or the plan before this first save. */
export type VetChangeRun = {
  calendarId: number;
  vetUserId: number;
  open: VetChangeNotice | null;
  window: { from: IsoDate; to: IsoDate };
  before: NoticeShot[];
};

/** Before a vet's save writes: the run it belongs to, with the plan before it when it opens one. */
export async function beginVetChangeRun(
  executor: Executor,
  calendarId: number,
  vetUserId: number,
  today: IsoDate,
): Promise<VetChangeRun> {
  const open = await createVetChangeNoticesRepository(executor).findOpen(calendarId, vetUserId);
  if (open) {
    const window = { from: open.windowFrom, to: open.windowTo };
    return { calendarId, vetUserId, open, window, before: open.before };
  }
  const window = { from: addDays(today, -daysBack), to: addDays(today, daysAhead) };
  const before = await readNoticeShots(executor, calendarId, window);
  return { calendarId, vetUserId, open, window, before };
}

/** After the save wrote: the plan after it, and its time, on the run's notice. */
export async function recordVetChange(
  executor: Executor,
  run: VetChangeRun,
  vet: { name: string; practice: string },
  now: Date,
): Promise<void> {
  await createVetChangeNoticesRepository(executor).write({
    calendarId: run.calendarId,
    vetUserId: run.vetUserId,
    vetName: vet.name,
    practiceName: vet.practice,
    windowFrom: run.window.from,
    windowTo: run.window.to,
    before: run.before,
    after: await readNoticeShots(executor, run.calendarId, run.window),
    firstChangeAt: run.open?.firstChangeAt ?? now,
    lastChangeAt: now,
  });
}
