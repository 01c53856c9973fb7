import type { FarmTimelineWarningBody } from "@vaxcal/contracts";
import { AnimalId } from "@vaxcal/reference-data";
import {
  addDays,
  checkFarmTimeline,
  FarmStage,
  type IsoDate,
  type TimelineCalendar,
} from "@vaxcal/schedule";
import { gt } from "drizzle-orm";
import { runReads, type Executor } from "../../../db/database.ts";
import * as schema from "../../../db/schema.ts";
import { createVaccinesRepository } from "../../reference/index.ts";
import { createCalendarPlansRepository } from "./calendar-plans.repository.ts";
import { createCalendarsRepository } from "./calendars.repository.ts";
import { expandStoredPlan, toEngineSetup } from "./saved-calendar.ts";

/** Each animal's stage in the farm's timeline (decision 420); the ram is in none. */
const stageByAnimal: ReadonlyMap<number, FarmStage> = new Map([
  [AnimalId.calves, FarmStage.calves],
  [AnimalId.weanlings, FarmStage.weanlings],
  [AnimalId.replacementHeifers, FarmStage.heifers],
  [AnimalId.cows, FarmStage.cows],
  [AnimalId.lamb, FarmStage.lambs],
  [AnimalId.hoggets, FarmStage.hoggets],
  [AnimalId.ewes, FarmStage.ewes],
]);

/** Yearly copies are laid out this far past the latest first occurrence of the owner's calendars. */
const COPY_YEARS = 3;

/**
 * The owner's calendars checked together (decision 420): every calendar of the owner, whoever
 * asks (the owner or a vet of the linked practice, already let through by the calendar's own
 * access check), the warnings that name the calendar `calendarId`.
 */
export async function readFarmTimelineWarnings(
  executor: Executor,
  ownerId: number,
  calendarId: number,
  today: IsoDate,
): Promise<FarmTimelineWarningBody[]> {
  const [rows, vaccines, yearlyTemplates] = await runReads(executor, [
    () => createCalendarsRepository(executor).listOwnerCalendarStages(ownerId),
    () => createVaccinesRepository(executor).listVaccines(),
    () =>
      executor
        .select({
          vaccine_id: schema.shotTemplates.vaccineId,
          is_recurrent: schema.shotTemplates.isRecurrent,
        })
        .from(schema.shotTemplates)
        .where(gt(schema.shotTemplates.isRecurrent, 0)),
  ]);
  const linked = rows.filter((row) => stageByAnimal.has(row.animalId));
  if (linked.length < 2 || !linked.some((row) => row.id === calendarId)) return [];
  const plans = await createCalendarPlansRepository(executor).readPlans(
    linked.map((row) => row.id),
  );
  const latest = linked
    .flatMap((row) => (plans.get(row.id) ?? []).flatMap((column) => column.seeds))
    .reduce<IsoDate>((max, seed) => (seed.date > max ? seed.date : max), "2000-01-01");
  const through = addDays(latest, COPY_YEARS * 366);
  const timeline: TimelineCalendar[] = linked.map((row) => {
    const columns = plans.get(row.id) ?? [];
    const expanded = expandStoredPlan(toEngineSetup(row, row.isAdult), columns, today, through);
    return {
      id: row.id,
      label: `${row.animal}, ${row.season} ${row.calendarYear}`,
      stage: stageByAnimal.get(row.animalId) ?? null,
      enterpriseId: row.enterpriseId,
      seasonId: row.seasonId,
      birthDate: row.birthDate,
      shots: expanded.flatMap((column) =>
        column.shots.map((shot) => ({
          id: shot.id,
          diseaseId: column.id,
          vaccineId: column.vaccineId,
          name:
            shot.custom_name ??
            vaccines.find((vaccine) => vaccine.id === column.vaccineId)?.name ??
            "a shot",
          date: shot.date,
        })),
      ),
    };
  });
  return checkFarmTimeline({ calendars: timeline, vaccines, shotTemplates: yearlyTemplates })
    .filter((warning) => warning.calendarIds.includes(calendarId))
    .map(({ rule, calendarIds, message }) => ({
      rule,
      otherCalendarId: calendarIds[0] === calendarId ? calendarIds[1] : calendarIds[0],
      message,
    }));
}
