import {
  collectColumnSeeds,
  isRecurrencePeriod,
  layoutCalendar,
  type CalendarFrame,
  type ColumnSeeds,
  type ShotSeed,
} from "./calendar-layout.ts";
import {
  addDays,
  assertIsoDate,
  countDaysBetween,
  isIsoDate,
  moveToYear,
  readYear,
  type IsoDate,
} from "./iso-date.ts";
import type {
  BuildCalendarInput,
  Calendar,
  CalendarSetup,
  DayWindowInput,
  DiseaseInput,
  RestoreCalendarInput,
  ShotTemplateInput,
  VaccineInput,
  VaccineRulesInput,
} from "./schedule.types.ts";
import { resolveBirthDate, resolveBirthLabel, resolveCalendarYear } from "./season-defaults.ts";
import { spaceDueNowSeeds } from "./due-now-spacing.ts";
import { DUE_NOW_ID_SUFFIX, planTemplateInBlock, type PlannedTemplate } from "./season-timing.ts";
import { nameGroupDose, resolveBirthBlock } from "./birth-block.ts";
import {
  applyHerdStatusDefaults,
  isTemplateInScope,
  resolveTemplateScope,
} from "./template-selection.ts";
import { keepMinimumAge } from "./own-age.ts";

/** The shot id suffix of a dose for the late group of a calving or lambing block (decision 416). */
const LATE_GROUP_ID_SUFFIX = "-late";

interface ReferenceInput {
  readonly diseases: readonly DiseaseInput[];
  readonly vaccines: readonly VaccineInput[];
  readonly shotTemplates: readonly ShotTemplateInput[];
}

function assertSetupDates(setup: CalendarSetup, today: IsoDate): void {
  assertIsoDate(today, "today");
  if (setup.birthDate !== null) assertIsoDate(setup.birthDate, "setup.birthDate");
  if (setup.breedingDate !== null) assertIsoDate(setup.breedingDate, "setup.breedingDate");
  if (setup.birthEndDate != null) assertIsoDate(setup.birthEndDate, "setup.birthEndDate");
  if (setup.youngestBirthDate != null) {
    assertIsoDate(setup.youngestBirthDate, "setup.youngestBirthDate");
  }
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

function createColumnSeeds(
  disease: DiseaseInput,
  setup: CalendarSetup,
  reference: Omit<ReferenceInput, "diseases">,
  today: IsoDate,
): ColumnSeeds {
  const animalId = setup.animal.id;
  const vaccineId = disease.animals.find((offer) => offer.animal_id === animalId)?.vaccine_id;
  const vaccine = reference.vaccines.find((candidate) => candidate.id === vaccineId) ?? null;
  const seeds =
    vaccine === null
      ? []
      : generateTemplateSeeds({
          diseaseId: disease.id,
          vaccineId: vaccine.id,
          setup,
          shotTemplates: reference.shotTemplates,
          today,
          vaccineName: vaccine.name,
          vaccineRules: vaccine.rules,
        });
  return { diseaseId: disease.id, vaccine, seeds };
}

/**
 * A column's default first occurrences: its vaccine's shot templates for the setup's animal, in
 * scope (season, herd status), each dated from the birth or breeding date. Step 2's generation
 * and a saved calendar's protocol update (decision 405) both use it.
 */
export function generateTemplateSeeds({
  diseaseId,
  vaccineId,
  setup,
  shotTemplates,
  today,
  vaccineName = null,
  vaccineRules = null,
}: {
  diseaseId: number;
  vaccineId: number;
  setup: CalendarSetup;
  shotTemplates: readonly ShotTemplateInput[];
  today: IsoDate;
  /** Names a dose split into groups of the calving or lambing block when its template does not. */
  vaccineName?: string | null;
  /** The vaccine's minimum age and course gaps: a dose waits for the youngest (decision 422). */
  vaccineRules?: Pick<VaccineRulesInput, "min_age_days" | "course_interval_days"> | null;
}): ShotSeed[] {
  const animalId = setup.animal.id;
  const seeds: ShotSeed[] = [];
  const birthDate = resolveBirthDate(setup);
  const scope = resolveTemplateScope(setup, diseaseId);
  // Decision 416: an adult's doses around the birth cover the calving or lambing block.
  const block = resolveBirthBlock(setup);
  const birthLabel = resolveBirthLabel(setup);
  const plan = (template: ShotTemplateInput, allowDueNow: boolean) =>
    planTemplateInBlock(template, block, birthDate, setup.breedingDate, today, allowDueNow);
  // docs/product.md §9 and decision 411: a dose whose window is still open is due now; a
  // recurring dose whose window has closed starts at the next season's date, a year on.
  const dated: (DatedTemplate & { group: number })[] = [];
  for (const template of shotTemplates) {
    if (template.vaccine_id !== vaccineId || template.animal_id !== animalId) continue;
    if (!isTemplateInScope(template, scope)) continue;
    // A template with nothing to count from has no date to show: it is left out, not undated.
    const plannedGroups = plan(template, true);
    plannedGroups.forEach((planned, group) => {
      const yearsOn =
        planned.seasonTiming?.state === "dueNow"
          ? 0
          : readYear(planned.next) - readYear(planned.date);
      dated.push({ template, planned, yearsOn, group, groups: plannedGroups.length });
    });
  }
  // A herd's course belongs to the season of its recurring booster (cows, ewes, rams). A group
  // with no recurring dose (heifers, weanlings, hoggets) is the group on the farm now: its course
  // keeps its own dates, and a dose whose window has closed is missed (decisions 418 and 421),
  // unless the course can start from today (decision 426).
  const hasRecurringBooster = dated.some(({ template }) =>
    isRecurrencePeriod(template.is_recurrent),
  );
  if (!hasRecurringBooster) {
    startMissedCourseToday(dated, today, vaccineRules?.course_interval_days ?? null);
  }
  const isSeasonCourse = (template: ShotTemplateInput) =>
    hasRecurringBooster && template.is_recurrent === 0 && template.herd_status === "unprimed";
  // A booster due now is worth nothing to a herd whose primary course should have started before
  // today: the booster is missed this season, and the course moves to the next one with it.
  const isCourseLate = dated.some(
    ({ template, planned }) => isSeasonCourse(template) && planned.date < today,
  );
  if (isCourseLate) {
    for (const entry of dated) {
      if (entry.planned.seasonTiming?.state !== "dueNow") continue;
      if (!isRecurrencePeriod(entry.template.is_recurrent)) continue;
      const planned = plan(entry.template, false)[entry.group];
      if (planned === undefined) continue;
      entry.planned = planned;
      entry.yearsOn = readYear(planned.next) - readYear(planned.date);
    }
  }
  // A herd's primary course belongs to the season of its booster, so the whole course moves
  // with it, doses after the booster (IBR's 6-month dose) too; any other shot given once keeps
  // its date, for the page to ask about.
  const boosterYearsOn = Math.max(0, ...dated.map(({ yearsOn }) => yearsOn));
  // Decision 419: a course is never planned before today. Its own doses may be past although its
  // booster is not (BVD's booster 4 weeks before breeding, its first dose 8): the course, and the
  // boosters that follow it, move on to the first season with every dose from today.
  const courseDates = dated
    .filter(({ template }) => isSeasonCourse(template))
    .map(({ planned }) => planned.date);
  let courseYearsOn = boosterYearsOn;
  while (courseDates.some((date) => moveToYear(date, readYear(date) + courseYearsOn) < today)) {
    courseYearsOn += 1;
  }
  const shiftYearsOf = (template: ShotTemplateInput, yearsOn: number) =>
    template.is_recurrent === 0
      ? isSeasonCourse(template)
        ? courseYearsOn
        : yearsOn
      : courseYearsOn > boosterYearsOn
        ? Math.max(yearsOn, courseYearsOn)
        : yearsOn;
  const shiftDate = (date: IsoDate, years: number) =>
    years === 0 ? date : moveToYear(date, readYear(date) + years);
  // Decision 421: a course that leads to a booster (ewes' Footvax before tupping) is for a group
  // with no vaccine yet, so the group's other boosters (Footvax after lambing, dated from this
  // spring's lambing) come after the course's first dose, a year on. A recurring dose before a
  // course with no booster after it is the course's own first dose (cows' IBR) and stays.
  const courseStart = courseDates
    .map((date) => shiftDate(date, courseYearsOn))
    .reduce<IsoDate | null>(
      (earliest, date) => (earliest === null || date < earliest ? date : earliest),
      null,
    );
  const hasBoosterAfterCourse =
    courseStart !== null &&
    dated.some(
      ({ template, planned, yearsOn }) =>
        isRecurrencePeriod(template.is_recurrent) &&
        shiftDate(planned.date, shiftYearsOf(template, yearsOn)) >= courseStart,
    );
  for (const entry of dated) {
    const { template, planned, yearsOn, group, groups, followsCourseFrom, beforeCatchUp } = entry;
    const { date, next, seasonTiming, birthGroup } = planned;
    const name = template.custom_name ?? vaccineName;
    const groupName =
      birthGroup === undefined || name === null
        ? null
        : nameGroupDose(name, birthGroup, birthLabel, groups > 1);
    const shot = {
      // The first group keeps the template's shot id, so a protocol update finds it (decision 405).
      id: `${diseaseId}-${template.id}${group === 0 ? "" : LATE_GROUP_ID_SUFFIX}`,
      diseaseId,
      templateId: template.id,
      custom_name: groupName ?? template.custom_name,
      is_recurrent: template.is_recurrent,
      userInitiated: false,
      ...(birthGroup === undefined || (birthGroup.coversAll && groups === 1) ? {} : { birthGroup }),
      ...(followsCourseFrom === undefined
        ? {}
        : { followsCourseFrom: `${diseaseId}-${followsCourseFrom}` }),
      ...(beforeCatchUp === undefined
        ? {}
        : {
            // Missed this season, a dose given once is never dated in the past (decision 418).
            beforeCatchUp:
              beforeCatchUp.date < today
                ? { date: null, seasonTiming: beforeCatchUp.seasonTiming }
                : { date: beforeCatchUp.date, seasonTiming: beforeCatchUp.seasonTiming },
          }),
    };
    if (seasonTiming?.state === "dueNow" && isRecurrencePeriod(template.is_recurrent)) {
      // This season's dose, once, then the series from its next preferred day. The series comes
      // first and keeps the template's shot id, so a protocol update finds it (decision 405).
      seeds.push({ ...shot, date: next });
      seeds.push({
        ...shot,
        id: `${shot.id}${DUE_NOW_ID_SUFFIX}`,
        date,
        is_recurrent: 0,
        seasonTiming,
      });
      continue;
    }
    let shifted = shiftDate(date, shiftYearsOf(template, yearsOn));
    if (
      hasBoosterAfterCourse &&
      courseStart !== null &&
      isRecurrencePeriod(template.is_recurrent)
    ) {
      while (shifted < courseStart) shifted = shiftDate(shifted, template.is_recurrent);
    }
    if (template.is_recurrent === 0 && seasonTiming?.state === "missed") {
      // Decision 418: a dose given once whose window has closed is never dated in the past; it
      // shows undated, missed this season. A course moved a season with its booster is ahead.
      seeds.push(
        shifted < today ? { ...shot, date: null, seasonTiming } : { ...shot, date: shifted },
      );
      continue;
    }
    seeds.push({
      ...shot,
      date: shifted,
      ...(seasonTiming === undefined ? {} : { seasonTiming }),
    });
  }
  return keepMinimumAge(keepCourseGaps(seeds, shotTemplates), shotTemplates, setup, vaccineRules);
}

interface DatedTemplate {
  template: ShotTemplateInput;
  planned: PlannedTemplate;
  /** Decision 426: the plan before the course was started from today. */
  beforeCatchUp?: PlannedTemplate;
  yearsOn: number;
  groups: number;
  /** Decision 426: a later dose of a course started from today, by its first dose's template. */
  followsCourseFrom?: string;
}

/** How long a catch-up course on the animals' own age may wait for other vaccines' doses. */
const CATCH_UP_OWN_AGE_SLACK_DAYS = 28;

/**
 * Decision 426: a young group's course (its "not yet vaccinated" doses given once) whose first
 * dose's window has closed starts from today: the first dose today, each later dose after the
 * protocol's gap from it (the templates' preferred days, from the SPC: the window's source note).
 * A course that comes before the breeding or lambing it protects (a negative day from its anchor)
 * must still end inside its last dose's window, with the preferred gap or else, for a course of
 * two doses, the SPC's shortest (`course_interval_days`: Heptavac P Plus 4 weeks, not 6); if it
 * cannot, it stays missed this season ("talk to your vet"): never a dose before today, never moved
 * a year. A course on the animals' own age (weanlings' Bovipast) always can. Doses split into
 * groups of a block are left as they are.
 */
function startMissedCourseToday(
  dated: DatedTemplate[],
  today: IsoDate,
  courseInterval: DayWindowInput | null,
): void {
  const course = dated
    .filter(({ template }) => template.is_recurrent === 0 && template.herd_status === "unprimed")
    .map((entry) => ({ entry, days: readTemplateDays(entry.template) }))
    .filter(
      (item): item is { entry: DatedTemplate; days: { days: number; fromBirth: boolean } } =>
        item.days !== null,
    )
    .sort((left, right) => left.days.days - right.days.days);
  const [first] = course;
  const last = course.at(-1);
  if (first === undefined || last === undefined || first === last) return;
  const isOneCourse = course.every(
    ({ entry, days }) => entry.groups === 1 && days.fromBirth === first.days.fromBirth,
  );
  const missed = first.entry.planned.seasonTiming;
  if (!isOneCourse || missed?.state !== "missed") return;
  const preferredGap = last.days.days - first.days.days;
  let gap: number | null = preferredGap;
  // A course on the animals' own age may wait up to 4 weeks for other vaccines' doses.
  let slack = CATCH_UP_OWN_AGE_SLACK_DAYS;
  if (last.days.days < 0) {
    // The last dose's window for this breeding or lambing, from the first dose's closed one.
    const { earliest_days: earliest, latest_days: latest } = last.entry.template;
    const firstLatest = first.entry.template.latest_days ?? first.days.days;
    const lastFrom = addDays(missed.window.to, (earliest ?? last.days.days) - firstLatest);
    const lastTo = addDays(missed.window.to, (latest ?? last.days.days) - firstLatest);
    const fits = (days: number) => {
      const end = addDays(today, days);
      return lastFrom <= end && end <= lastTo;
    };
    const shortest = course.length === 2 ? (courseInterval?.from ?? null) : null;
    gap = fits(preferredGap)
      ? preferredGap
      : shortest !== null && shortest < preferredGap && fits(shortest)
        ? shortest
        : null;
    if (gap !== null) slack = countDaysBetween(addDays(today, gap), lastTo);
  }
  if (gap === null) return;
  for (const item of course) {
    const date = addDays(today, Math.min(gap, item.days.days - first.days.days));
    item.entry.yearsOn = 0;
    item.entry.beforeCatchUp = item.entry.planned;
    if (item === first) {
      // The first dose may wait for other vaccines' doses (14 days, AHI, S25) while the course
      // still ends in its last dose's window.
      const window = { from: today, to: addDays(today, slack) };
      item.entry.planned = {
        date,
        next: date,
        seasonTiming: { state: "dueNow", window, courseFromToday: true },
      };
    } else {
      item.entry.planned = { date, next: date };
      item.entry.followsCourseFrom = `${first.entry.template.id}`;
    }
  }
}

/** Days from the template's anchor, and which anchor: the order of a course's doses. */
function readTemplateDays(
  template: ShotTemplateInput,
): { days: number; fromBirth: boolean } | null {
  if (template.birth_days !== null) return { days: template.birth_days, fromBirth: true };
  if (template.breeding_days !== null) return { days: template.breeding_days, fromBirth: false };
  return null;
}

/**
 * Decision 418: a course's dose planned as a catch-up from today (due now) keeps the course's gap
 * to the doses after it: each later dose given once, counted from the same date, is planned no
 * earlier than the catch-up's date plus the gap between their preferred days (lambs' Heptavac
 * P Plus: 6 weeks), so two doses of a course never fall due on the same day. A dose moved so is
 * not due now any more.
 */
function keepCourseGaps(
  seeds: readonly ShotSeed[],
  shotTemplates: readonly ShotTemplateInput[],
): ShotSeed[] {
  const course = seeds
    .map((seed, index) => {
      const template = shotTemplates.find((candidate) => candidate.id === seed.templateId);
      const days = template === undefined ? null : readTemplateDays(template);
      return { seed, index, template, days };
    })
    .filter(
      (
        entry,
      ): entry is {
        seed: ShotSeed;
        index: number;
        template: ShotTemplateInput;
        days: { days: number; fromBirth: boolean };
      } => entry.days !== null && entry.seed.is_recurrent === 0,
    )
    .sort((left, right) => left.days.days - right.days.days);
  const kept = [...seeds];
  course.forEach((entry, position) => {
    const earlier = course
      .slice(0, position)
      .filter(({ days }) => days.fromBirth === entry.days.fromBirth);
    let earliest: IsoDate | null = null;
    for (const before of earlier) {
      const date = kept[before.index]?.date ?? null;
      const timing = kept[before.index]?.seasonTiming;
      // A course started from today keeps its own gaps (decision 426).
      if (date === null || timing?.state !== "dueNow" || timing.courseFromToday) continue;
      const from = addDays(date, entry.days.days - before.days.days);
      if (earliest === null || from > earliest) earliest = from;
    }
    const { date } = entry.seed;
    if (earliest === null || date === null || date >= earliest) return;
    // Never past the dose's own window: a booster months later keeps its season, a little closer.
    const { latest_days: latestDays } = entry.template;
    const latest =
      latestDays === null || latestDays === undefined
        ? null
        : addDays(date, latestDays - entry.days.days);
    const moved = latest !== null && latest < earliest ? latest : earliest;
    if (moved <= date) return;
    // Planned later than today, it is no longer due now.
    const { seasonTiming: _dueNow, ...seed } = entry.seed;
    kept[entry.index] = { ...seed, date: moved };
  });
  return kept;
}

/**
 * Step 2's calendar from step 1's setup: one column per chosen disease (in the order given), each
 * with its vaccine's shot templates dated from the birth or breeding date, recurrent shots
 * mirrored every N years to the end of the month grid, and the display range and month grid of
 * docs/product.md §9. A recurring template whose date is before today starts its series on the
 * same day of the first year that puts it on or after today, then repeats every N years from
 * there; a herd's primary course moves with its booster, and any other shot given once keeps its
 * date, past or not, for the page to ask about. A disease listed twice keeps its first column.
 */
export function buildCalendar(input: BuildCalendarInput): Calendar {
  assertSetupDates(input.setup, input.today);
  // Decision 421: the calendar carries the answers it was planned with, defaults included, so
  // its checks judge the same course.
  const setup = applyHerdStatusDefaults(input.setup, input.diseases);
  const columns: ColumnSeeds[] = [];
  for (const disease of input.diseases) {
    if (columns.some((column) => column.diseaseId === disease.id)) continue;
    columns.push(createColumnSeeds(disease, setup, input, input.today));
  }
  return layoutCalendar(createFrame(setup, input.today, 1), spaceDueNowSeeds(columns, input.today));
}

/**
 * Adds columns for diseases not yet on the calendar (docs/product.md §2, "Add selected"), generated
 * from their templates as buildCalendar would; the columns already there keep every edit.
 */
export function addDiseases(calendar: Calendar, reference: ReferenceInput): Calendar {
  const columns = collectColumnSeeds(calendar);
  const setup = applyHerdStatusDefaults(calendar.setup, reference.diseases);
  for (const disease of reference.diseases) {
    if (columns.some((column) => column.diseaseId === disease.id)) continue;
    columns.push(createColumnSeeds(disease, setup, reference, calendar.today));
  }
  return layoutCalendar({ ...calendar, setup }, spaceDueNowSeeds(columns, calendar.today));
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
        ...(shot.seasonTiming && !shot.userInitiated ? { seasonTiming: shot.seasonTiming } : {}),
        ...(shot.birthGroup && !shot.userInitiated ? { birthGroup: shot.birthGroup } : {}),
      });
    }
    const vaccine = input.vaccines.find((candidate) => candidate.id === saved.vaccineId) ?? null;
    columns.push({ diseaseId: saved.id, vaccine, seeds });
  }
  return layoutCalendar(createFrame(input.setup, input.today, nextUserShotNumber), columns);
}
