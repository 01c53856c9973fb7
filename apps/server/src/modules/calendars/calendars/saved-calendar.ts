import { expandSavedPlan, type CalendarSetup as EngineSetup, type IsoDate } from "@vaxcal/schedule";
import { runReads, type Db, type Executor } from "../../../db/database.ts";
import type { Clock } from "../../../lib/clock.ts";
import { requireAccessibleCalendar } from "./calendar-access.ts";
import type { StoredSeed } from "./calendar-plans.repository.ts";
import {
  createCalendarsRepository,
  type CalendarKey,
  type CalendarRow,
  type OwnerFarm,
} from "./calendars.repository.ts";

/** What every saved-calendar operation needs, passed in by buildApp (or a test). */
export type CalendarsContext = {
  db: Db;
  clock: Clock;
  /** Today in Ireland as `YYYY-MM-DD`, for the engine. */
  readToday: () => IsoDate;
  /** The signing key (APP_SECRET, else the per-install key): derives the feed tokens. */
  secret: string;
  /** Feed links start with it, never with the request's Host header. */
  publicUrl: string;
};

/** A calendar the caller may see, with its names, its columns and its animal: what every page shows. */
export async function loadSavedCalendar(
  context: CalendarsContext,
  key: CalendarKey,
  executor: Executor = context.db,
) {
  const { calendar, owner } = await requireAccessibleCalendar(executor, key);
  const repository = createCalendarsRepository(executor);
  const [names, columns, animal] = await runReads(executor, [
    () => repository.readNames(calendar.id),
    () => repository.readColumns(calendar.id),
    () => repository.readAnimal(calendar.animalId),
  ]);
  return { calendar, owner, names, columns, isAdult: animal.isAdult };
}

/** The setup the engine reads, from the calendar's columns. */
export function toEngineSetup(
  calendar: Pick<CalendarRow, "enterpriseId" | "animalId" | "birthDate" | "breedingDate">,
  isAdult: boolean,
): EngineSetup {
  return {
    enterprise: { id: calendar.enterpriseId },
    animal: { id: calendar.animalId, isAdult },
    birthDate: calendar.birthDate,
    breedingDate: calendar.breedingDate,
  };
}

/** A saved plan laid out by the engine: each first occurrence as saved, its copies up to `through`. */
export function expandStoredPlan(
  setup: EngineSetup,
  columns: readonly { diseaseId: number; vaccineId: number | null; seeds: readonly StoredSeed[] }[],
  today: IsoDate,
  through: IsoDate,
) {
  return expandSavedPlan({
    setup,
    diseases: columns.map((column) => ({
      id: column.diseaseId,
      vaccineId: column.vaccineId,
      shots: column.seeds.map((seed) => ({ ...seed, cycle: 1 })),
    })),
    vaccines: [],
    today,
    through,
  });
}

/** Sheep count in flocks, cattle in herds (docs/product.md §3 herd_size, flock_size). */
export function pickFarmSize(enterprise: string, farm: OwnerFarm): string | null {
  return /sheep/i.test(enterprise) ? farm.flockSize : farm.herdSize;
}
