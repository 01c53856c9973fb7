import { describe, expect, it } from "vitest";
import { buildCalendar } from "./build-calendar.ts";
import { createDisease, createSetup, createTemplate, createVaccine } from "./calendar.fixtures.ts";
import { checkProtocol } from "./check-protocol.ts";
import type { Calendar, ShotTemplateInput } from "./schedule.types.ts";
import { updateShotDate } from "./shot-operations.ts";

/*
 * Decision 411 on hand-made templates: cows calving from 1 February 2027. A dose's window is
 * counted from the same date as its preferred day.
 */

const withWindow = (template: ShotTemplateInput, earliest: number, latest: number) => ({
  ...template,
  earliest_days: earliest,
  latest_days: latest,
});

// Like Rotavec: preferred 7 weeks before calving (14 December), window 12 to 3 weeks before
// (9 November to 11 January); yearly.
const scour = withWindow(createTemplate(1, 1, { birth_days: -49 }, 1), -84, -21);
// Like Covexin: preferred 5 weeks before (28 December), window 8 to 2 weeks (7 December to
// 18 January); yearly.
const clostridial = withWindow(createTemplate(2, 2, { birth_days: -35 }, 1), -56, -14);

function build(today: string, templates: ShotTemplateInput[] = [scour, clostridial]): Calendar {
  return buildCalendar({
    setup: createSetup(),
    diseases: [createDisease(1, 1), createDisease(2, 2)],
    vaccines: [createVaccine(1, "Scour"), createVaccine(2, "Clostridial")],
    shotTemplates: templates,
    today,
  });
}

function listFirsts(calendar: Calendar) {
  return calendar.diseases
    .flatMap((column) => column.shots)
    .filter((shot) => !shot.isMirroredCopy)
    .map((shot) => [shot.id, shot.date, shot.is_recurrent, shot.seasonTiming?.state ?? null]);
}

describe("due now (decision 411)", () => {
  it("plans a dose whose preferred day is past but whose window is open from today, once, and its series from next year's preferred day", () => {
    expect(listFirsts(build("2026-12-16", [scour]))).toEqual([
      ["1-1-now", "2026-12-16", 0, "dueNow"],
      ["1-1", "2027-12-14", 1, null],
    ]);
  });

  it("spaces doses falling due together 14 days apart while their windows allow", () => {
    // On 1 January both are due: the scour dose closes first (11 January) and takes today; the
    // clostridial dose takes 15 January, inside its window (to 18 January).
    const calendar = build("2027-01-01");
    expect(listFirsts(calendar)).toEqual([
      ["1-1-now", "2027-01-01", 0, "dueNow"],
      ["1-1", "2027-12-14", 1, null],
      ["2-2-now", "2027-01-15", 0, "dueNow"],
      ["2-2", "2027-12-28", 1, null],
    ]);
    expect(checkProtocol(calendar)).toEqual([]);
  });

  it("keeps doses due together on the same day when their windows leave no room, and the spacing check says so", () => {
    // On 8 January the scour window closes on the 11th and the clostridial one on the 18th.
    const calendar = build("2027-01-08");
    expect(listFirsts(calendar).filter(([id]) => String(id).endsWith("-now"))).toEqual([
      ["1-1-now", "2027-01-08", 0, "dueNow"],
      ["2-2-now", "2027-01-08", 0, "dueNow"],
    ]);
    expect(checkProtocol(calendar).map(({ rule }) => rule)).toEqual(["spacing"]);
  });

  it("marks a dose missed this season once its window closed before the calving, with next season's dose", () => {
    const calendar = build("2027-01-12", [scour]);
    const [shot] = calendar.diseases[0]?.shots ?? [];
    expect(shot?.date).toBe("2027-12-14");
    expect(shot?.seasonTiming).toEqual({
      state: "missed",
      window: { from: "2026-11-09", to: "2027-01-11" },
    });
  });

  it("marks nothing once the calving it comes before has passed", () => {
    const [shot] = build("2027-02-02", [scour]).diseases[0]?.shots ?? [];
    expect(shot?.date).toBe("2027-12-14");
    expect(shot?.seasonTiming).toBeUndefined();
  });

  it("forgets a dose is due now once the farmer dates it", () => {
    const moved = updateShotDate(build("2026-12-16", [scour]), "1-1-now", "2026-12-20");
    if (!moved.ok) throw new Error(moved.error.code);
    expect(listFirsts(moved.value)).toEqual([
      ["1-1-now", "2026-12-20", 0, null],
      ["1-1", "2027-12-14", 1, null],
    ]);
  });

  it("plans a template without a window as before: its preferred day, else a year on, unmarked", () => {
    const plain = createTemplate(1, 1, { birth_days: -49 }, 1);
    expect(listFirsts(build("2026-12-16", [plain]))).toEqual([["1-1", "2027-12-14", 1, null]]);
  });
});
