import type { GivenShot } from "@vaxcal/contracts";
import { listOccurrences, type IsoDate } from "@vaxcal/schedule";
import { runReads, type Executor } from "../../../db/database.ts";
import {
  createCalendarPlansRepository,
  type PlanColumn,
  type StoredSeed,
} from "./calendar-plans.repository.ts";
import { createGivenShotsRepository } from "../given-shots/given-shots.repository.ts";

/**
 * "Every occurrence between D1 and D2" of saved calendars (decision 402), for whatever plans
 * from them (the reminders): derived from each calendar's stored plan by the engine's
 * `listOccurrences`, so the dates are the ones its grid, PDF and feed show, to any horizon.
 */

/** One dated shot of a saved calendar. */
export type CalendarOccurrence = {
  calendarId: number;
  diseaseId: number;
  /** The column's vaccine; null when the reference data offers none. */
  vaccineId: number | null;
  /** The engine's shot id: the first occurrence's, or `{first}~{cycle}` for a copy. */
  shotId: string;
  /** The first occurrence a copy repeats; the shot's own id on the first occurrence. */
  seedId: string;
  cycle: number;
  date: IsoDate;
  templateId: number | null;
  customName: string | null;
  isRecurrent: number;
  /** The record of this shot marked as given (decision 403), or null: reminders skip given shots. */
  given: GivenShot | null;
};

/** A page of every calendar's occurrences; `nextAfterCalendarId` asks for the next page. */
export type OccurrencePage = {
  occurrences: CalendarOccurrence[];
  /** Pass it as `afterCalendarId` for the next page; null when this page was the last. */
  nextAfterCalendarId: number | null;
};

/** Occurrences of one calendar's plan, by date then shot id, each with its given record. */
function expandPlan(
  plan: readonly PlanColumn[],
  given: readonly GivenShot[],
  from: IsoDate,
  to: IsoDate,
) {
  const givenById = new Map(given.map((record) => [record.shotId, record]));
  const vaccines = new Map(plan.map((column) => [column.diseaseId, column.vaccineId]));
  const seeds: StoredSeed[] = plan.flatMap((column) => column.seeds);
  return listOccurrences(seeds, from, to).map(
    (occurrence): Omit<CalendarOccurrence, "calendarId"> => ({
      diseaseId: occurrence.diseaseId,
      vaccineId: vaccines.get(occurrence.diseaseId) ?? null,
      shotId: occurrence.id,
      seedId: occurrence.seed.id,
      cycle: occurrence.cycle,
      date: occurrence.date,
      templateId: occurrence.seed.templateId,
      customName: occurrence.seed.custom_name,
      isRecurrent: occurrence.seed.is_recurrent,
      given: givenById.get(occurrence.id) ?? null,
    }),
  );
}

/** Every occurrence of the listed calendars, each with its given record, in the listed order. */
async function readOccurrences(
  db: Executor,
  calendarIds: readonly number[],
  from: IsoDate,
  to: IsoDate,
): Promise<CalendarOccurrence[]> {
  const [plans, given] = await runReads(db, [
    () => createCalendarPlansRepository(db).readPlans(calendarIds),
    () => createGivenShotsRepository(db).readGivenShots(calendarIds),
  ]);
  return calendarIds.flatMap((calendarId) =>
    expandPlan(plans.get(calendarId) ?? [], given.get(calendarId) ?? [], from, to).map(
      (occurrence) => ({ calendarId, ...occurrence }),
    ),
  );
}

/**
 * Every occurrence of one saved calendar from `from` to `to`, both included, by date then shot
 * id; empty for a calendar that does not exist (or no longer does). Access is the caller's
 * business: this is for the server's own jobs.
 */
export function listCalendarOccurrences(
  db: Executor,
  calendarId: number,
  from: IsoDate,
  to: IsoDate,
): Promise<CalendarOccurrence[]> {
  return readOccurrences(db, [calendarId], from, to);
}

const defaultCalendarsPerPage = 500;

/**
 * Every occurrence of every saved calendar from `from` to `to`, a page of calendars at a time
 * (in calendar id order, each calendar whole in one page), so a sweep's memory stays bounded
 * however many calendars there are. Within a page: by calendar, then date, then shot id.
 */
export async function listOccurrencesOfAllCalendars(
  db: Executor,
  window: { from: IsoDate; to: IsoDate; afterCalendarId?: number; calendarsPerPage?: number },
): Promise<OccurrencePage> {
  const repository = createCalendarPlansRepository(db);
  const limit = window.calendarsPerPage ?? defaultCalendarsPerPage;
  const calendarIds = await repository.listCalendarIdsWithSeedsBetween({
    from: window.from,
    to: window.to,
    afterCalendarId: window.afterCalendarId ?? 0,
    limit,
  });
  const occurrences = await readOccurrences(db, calendarIds, window.from, window.to);
  return {
    occurrences,
    nextAfterCalendarId: calendarIds.length < limit ? null : (calendarIds.at(-1) ?? null),
  };
}

const calendarsPerRead = 1_000;

/**
 * Every occurrence of the listed calendars from `from` to `to`, both included (the vet
 * dashboard's doses due across a practice's clients). Plans are read a thousand calendars at a
 * time. By calendar in the given order, then date, then shot id.
 */
export async function listOccurrencesOfCalendars(
  db: Executor,
  calendarIds: readonly number[],
  from: IsoDate,
  to: IsoDate,
): Promise<CalendarOccurrence[]> {
  const occurrences: CalendarOccurrence[] = [];
  for (let start = 0; start < calendarIds.length; start += calendarsPerRead) {
    const ids = calendarIds.slice(start, start + calendarsPerRead);
    occurrences.push(...(await readOccurrences(db, ids, from, to)));
  }
  return occurrences;
}
