import {
  collectColumnSeeds,
  layoutCalendar,
  type CalendarFrame,
  type ColumnSeeds,
  type ShotSeed,
} from "./calendar-layout.ts";
import { addDays, assertIsoDate, isIsoDate, type IsoDate } from "./iso-date.ts";
import type {
  BuildCalendarInput,
  Calendar,
  CalendarSetup,
  DiseaseInput,
  HerdStatus,
  RestoreCalendarInput,
  ShotTemplateInput,
  VaccineInput,
} from "./schedule.types.ts";
import { resolveBirthDate, resolveCalendarYear } from "./season-defaults.ts";

interface ReferenceInput {
  readonly diseases: readonly DiseaseInput[];
  readonly vaccines: readonly VaccineInput[];
  readonly shotTemplates: readonly ShotTemplateInput[];
}

function assertSetupDates(setup: CalendarSetup, today: IsoDate): void {
  assertIsoDate(today, "today");
  if (setup.birthDate !== null) assertIsoDate(setup.birthDate, "setup.birthDate");
  if (setup.breedingDate !== null) assertIsoDate(setup.breedingDate, "setup.breedingDate");
}

function createFrame(setup: CalendarSetup, today: IsoDate, nextUserShotNumber: number) {
  const frame: CalendarFrame = {
    today,
    setup,
    calendarYear: resolveCalendarYear(setup, today),
    nextUserShotNumber,
  };
  return frame;
}

/** A template's date, or null when the date it counts from is not set (the Ram has no birth). */
function resolveTemplateDate(
  template: ShotTemplateInput,
  birthDate: IsoDate | null,
  breedingDate: IsoDate | null,
): IsoDate | null {
  if (template.birth_days !== null) {
    return birthDate === null ? null : addDays(birthDate, template.birth_days);
  }
  if (template.breeding_days !== null) {
    return breedingDate === null ? null : addDays(breedingDate, template.breeding_days);
  }
  return null;
}

/** docs/product.md §3 "Herd status": a disease the setup does not mention is primed. */
export function resolveHerdStatus(setup: CalendarSetup, diseaseId: number): HerdStatus {
  return setup.herdStatus?.[String(diseaseId)] ?? "primed";
}

/**
 * Whether a template belongs in this setup's column: its season (if it names one) is the setup's,
 * and its herd status (if it names one) is the disease's. A herd starting out gets its primary
 * course before the boosters every herd gets; autumn-born calves get their spring doses.
 */
function isTemplateInUse(template: ShotTemplateInput, setup: CalendarSetup, diseaseId: number) {
  const seasonId = template.season_id ?? null;
  if (seasonId !== null && seasonId !== setup.season?.id) return false;
  const herdStatus = template.herd_status ?? null;
  return herdStatus === null || herdStatus === resolveHerdStatus(setup, diseaseId);
}

function createColumnSeeds(
  disease: DiseaseInput,
  setup: CalendarSetup,
  reference: Omit<ReferenceInput, "diseases">,
): ColumnSeeds {
  const animalId = setup.animal.id;
  const vaccineId = disease.animals.find((offer) => offer.animal_id === animalId)?.vaccine_id;
  const vaccine = reference.vaccines.find((candidate) => candidate.id === vaccineId) ?? null;
  const seeds: ShotSeed[] = [];
  if (vaccine !== null) {
    const birthDate = resolveBirthDate(setup);
    for (const template of reference.shotTemplates) {
      if (template.vaccine_id !== vaccine.id || template.animal_id !== animalId) continue;
      if (!isTemplateInUse(template, setup, disease.id)) continue;
      const date = resolveTemplateDate(template, birthDate, setup.breedingDate);
      // A template with nothing to count from has no date to show: it is left out, not undated.
      if (date === null) continue;
      seeds.push({
        id: `${disease.id}-${template.id}`,
        diseaseId: disease.id,
        templateId: template.id,
        date,
        custom_name: template.custom_name,
        is_recurrent: template.is_recurrent,
        userInitiated: false,
      });
    }
  }
  return { diseaseId: disease.id, vaccine, seeds };
}

/**
 * Step 2's calendar from step 1's setup: one column per chosen disease (in the order given), each
 * with its vaccine's shot templates dated from the birth or breeding date, recurrent shots
 * mirrored every N years to the end of the month grid, and the display range and month grid of
 * docs/product.md §9. A disease listed twice keeps its first column.
 */
export function buildCalendar(input: BuildCalendarInput): Calendar {
  assertSetupDates(input.setup, input.today);
  const columns: ColumnSeeds[] = [];
  for (const disease of input.diseases) {
    if (columns.some((column) => column.diseaseId === disease.id)) continue;
    columns.push(createColumnSeeds(disease, input.setup, input));
  }
  return layoutCalendar(createFrame(input.setup, input.today, 1), columns);
}

/**
 * Adds columns for diseases not yet on the calendar (docs/product.md §2, "Add selected"), generated
 * from their templates as buildCalendar would; the columns already there keep every edit.
 */
export function addDiseases(calendar: Calendar, reference: ReferenceInput): Calendar {
  const columns = collectColumnSeeds(calendar);
  for (const disease of reference.diseases) {
    if (columns.some((column) => column.diseaseId === disease.id)) continue;
    columns.push(createColumnSeeds(disease, calendar.setup, reference));
  }
  return layoutCalendar(calendar, columns);
}

const USER_SHOT_ID_PATTERN = /-u(\d+)$/;

/**
 * A saved calendar, back in the editor (docs/product.md §2 CalendarDetail). Only first occurrences
 * are read: mirrored copies are derived again, so a copy saved from an older edit cannot contradict
 * its first occurrence. A date that is not YYYY-MM-DD is read as no date, which submit then skips.
 */
export function restoreCalendar(input: RestoreCalendarInput): Calendar {
  assertSetupDates(input.setup, input.today);
  const seenIds = new Set<string>();
  let nextUserShotNumber = 1;
  const columns: ColumnSeeds[] = [];
  for (const saved of input.diseases) {
    if (columns.some((column) => column.diseaseId === saved.id)) continue;
    const seeds: ShotSeed[] = [];
    for (const shot of saved.shots) {
      if (shot.cycle > 1 || seenIds.has(shot.id)) continue;
      seenIds.add(shot.id);
      const userNumber = USER_SHOT_ID_PATTERN.exec(shot.id)?.[1];
      if (userNumber !== undefined) {
        nextUserShotNumber = Math.max(nextUserShotNumber, Number(userNumber) + 1);
      }
      seeds.push({
        id: shot.id,
        diseaseId: saved.id,
        templateId: shot.templateId ?? null,
        date: isIsoDate(shot.date) ? shot.date : null,
        custom_name: shot.custom_name,
        is_recurrent: shot.is_recurrent,
        userInitiated: shot.userInitiated,
      });
    }
    const vaccine = input.vaccines.find((candidate) => candidate.id === saved.vaccineId) ?? null;
    columns.push({ diseaseId: saved.id, vaccine, seeds });
  }
  return layoutCalendar(createFrame(input.setup, input.today, nextUserShotNumber), columns);
}
