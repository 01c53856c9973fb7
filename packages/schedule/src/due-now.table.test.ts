import { referenceDataWithWindows as referenceData } from "@vaxcal/reference-data";
import { describe, expect, it } from "vitest";
import { buildDefault, type Combination } from "./default-calendar.fixtures.ts";
import { addDays, moveToYear, readYear, type IsoDate } from "./iso-date.ts";
import type { Calendar, DateWindow, Shot, ShotTemplateInput } from "./schedule.types.ts";
import {
  dateTemplateWindow,
  findHerdStatusDefault,
  isTemplateInScope,
  resolveLungwormRisk,
} from "./template-selection.ts";

/*
 * Issue 24, "Due now" (docs/decisions/411): for every seeded combination, with today on every day
 * of 2027 and on 29 February 2028, the default calendar (a vaccinated herd, every offered disease
 * ticked) has no dose before today, and every template whose window is still open has a dose
 * inside what is left of that window: never moved a year while it can still be given. A dose
 * given once whose window has closed is shown undated, missed this season (decision 418).
 */

function listTodays(): IsoDate[] {
  const todays: IsoDate[] = [];
  for (let day: IsoDate = "2027-01-01"; day <= "2027-12-31"; day = addDays(day, 1)) {
    todays.push(day);
  }
  todays.push("2028-02-29");
  return todays;
}

function shiftYears(date: IsoDate | null, years: number): IsoDate | null {
  return date === null ? null : moveToYear(date, readYear(date) + years);
}

/**
 * The windows a dose of the template must be planned in: the calendar's season's, unless it has
 * closed, and, for a recurring dose, which serves every year's event, any other year's window open
 * on today (a season the defaults passed over while it could still be given). A dose given once
 * serves the group the calendar is for.
 */
function listOpenWindows(template: ShotTemplateInput, calendar: Calendar): DateWindow[] {
  const { birthDate, breedingDate } = calendar.setup;
  const { today } = calendar;
  const yearShifts = template.is_recurrent === 0 ? [0] : [-1, 0, 1];
  const windows: DateWindow[] = [];
  for (const years of yearShifts) {
    const dated = dateTemplateWindow(
      template,
      shiftYears(birthDate, years),
      shiftYears(breedingDate, years),
    );
    const window = dated?.window ?? null;
    if (window === null || window.to < today) continue;
    if (years === 0 || window.from <= today) windows.push(window);
  }
  return windows;
}

function describeShot(shot: Shot): string {
  return `${shot.id} on ${shot.date ?? "no date"}`;
}

/**
 * A dose given once whose window for the calendar's group closed before today (young stock on the
 * farm, decision 418) must still be on the calendar, undated and marked missed this season, so
 * the farmer is told to talk to the vet rather than shown nothing. Null when it is.
 */
function findMissedOnceFault(
  template: ShotTemplateInput,
  calendar: Calendar,
  shots: readonly Shot[],
): string | null {
  if (template.is_recurrent !== 0) return null;
  const { birthDate, breedingDate } = calendar.setup;
  const window = dateTemplateWindow(template, birthDate, breedingDate)?.window ?? null;
  if (window === null || window.to >= calendar.today) return null;
  const own = shots.filter((shot) => shot.templateId === template.id);
  // An unprimed course moved a season with its booster is ahead: not missed.
  if (own.some((shot) => shot.date !== null && shot.date >= calendar.today)) return null;
  const isShownMissed = own.some(
    (shot) => shot.date === null && shot.seasonTiming?.state === "missed",
  );
  return isShownMissed
    ? null
    : `template ${template.id}: window closed ${window.to}, not shown as missed (planned: ${own.map(describeShot).join(", ") || "none"})`;
}

/** Every broken promise of the calendar, in words; empty when it keeps them all. */
function findDueNowFaults(combination: Combination, calendar: Calendar): string[] {
  const faults: string[] = [];
  const { today } = calendar;
  const scopeOf = (template: ShotTemplateInput) => ({
    seasonId: combination.season_id,
    herdStatus: findHerdStatusDefault(
      referenceData.diseases,
      template.animal_id,
      template.vaccine_id,
    ),
    lungwormRisk: resolveLungwormRisk(calendar.setup),
  });
  for (const column of calendar.diseases) {
    for (const shot of column.shots) {
      if (shot.date !== null && shot.date < today) faults.push(`${describeShot(shot)} is past`);
    }
    if (column.vaccine === null) continue;
    const templates = referenceData.shotTemplates.filter(
      (template) =>
        template.vaccine_id === column.vaccine?.id &&
        template.animal_id === combination.animal_id &&
        isTemplateInScope(template, scopeOf(template)),
    );
    // Decision 426: a young group's course started from today is dated from its first dose, not
    // from this season's windows; catch-up-courses.table.test.ts checks it.
    const isStartedToday = column.shots.some((shot) => shot.seasonTiming?.courseFromToday);
    for (const template of templates) {
      if (isStartedToday && template.herd_status === "unprimed" && template.is_recurrent === 0) {
        continue;
      }
      const missed = findMissedOnceFault(template, calendar, column.shots);
      if (missed !== null) faults.push(missed);
      for (const window of listOpenWindows(template, calendar)) {
        const from = window.from > today ? window.from : today;
        const inside = column.shots.some(
          (shot) =>
            shot.templateId === template.id &&
            shot.date !== null &&
            shot.date >= from &&
            shot.date <= window.to,
        );
        if (!inside) {
          const planned = column.shots
            .filter((shot) => shot.templateId === template.id)
            .map(describeShot)
            .join(", ");
          faults.push(
            `template ${template.id}: no dose from ${from} to ${window.to} (planned: ${planned || "none"})`,
          );
        }
      }
    }
  }
  return faults;
}

describe("due now, on every day of 2027 and on 29 February 2028", () => {
  const todays = listTodays();

  it.each(referenceData.combinations.map((combination) => [combination.id, combination] as const))(
    "combination %i plans no past dose and no open window later than it closes",
    (_id, combination) => {
      const faults: string[] = [];
      for (const today of todays) {
        for (const fault of findDueNowFaults(combination, buildDefault(combination, today))) {
          faults.push(`${today}: ${fault}`);
        }
      }
      expect(faults.slice(0, 10), `${faults.length} faults`).toEqual([]);
    },
  );
});

describe("spring-calving dairy cows on 1 January 2027 (issue 24)", () => {
  const cows = referenceData.combinations.find((combination) => combination.id === 1)!;
  const findShot = (calendar: Calendar, templateId: number) =>
    calendar.diseases
      .flatMap((column) => column.shots)
      .find((shot) => shot.templateId === templateId && !shot.isMirroredCopy);

  it("shows Rotavec Corona and Covexin 10 due now, for the February calving", () => {
    const calendar = buildDefault(cows, "2027-01-01");
    expect(calendar.setup.birthDate).toBe("2027-02-01");
    for (const templateId of [4, 5]) {
      const shot = findShot(calendar, templateId);
      expect(shot?.date, `template ${templateId}`).toBe("2027-01-01");
      expect(shot?.seasonTiming?.state).toBe("dueNow");
    }
  });

  it("marks Rotavec Corona missed this season once its window has closed, and plans next season's", () => {
    // Rotavec's window for a 1 February calving closes on 11 January (3 weeks before).
    const calendar = buildDefault(cows, "2027-01-20");
    const rotavec = findShot(calendar, 5);
    expect(rotavec?.date).toBe("2027-12-14");
    expect(rotavec?.seasonTiming).toEqual({
      state: "missed",
      window: { from: "2026-11-09", to: "2027-01-11" },
    });
    // Covexin's window is open until 18 January; two days later it is missed too.
    expect(findShot(calendar, 4)?.seasonTiming?.state).toBe("missed");
  });

  it("marks nothing once the calving has come: the next season's doses are simply ahead", () => {
    const calendar = buildDefault(cows, "2027-02-15");
    expect(findShot(calendar, 5)?.seasonTiming).toBeUndefined();
  });
});
