import { describe, expect, it } from "vitest";
import { buildCalendar, restoreCalendar } from "./build-calendar.ts";
import { createDisease, createSetup, createTemplate, createVaccine } from "./calendar.fixtures.ts";
import { prepareForSubmit } from "./prepare-for-submit.ts";
import type { Calendar, SubmitData } from "./schedule.types.ts";
import { addShot, findShot, removeDisease, updateShotDate } from "./shot-operations.ts";

// Calendar year 2027: the displayed range is 2026–2028, the grid runs to 2030.
const vaccines = [createVaccine(1, "Yearly"), createVaccine(2, "Once")];
function buildFixture(): Calendar {
  return buildCalendar({
    setup: createSetup(),
    diseases: [createDisease(100, 1), createDisease(200, 2)],
    vaccines,
    shotTemplates: [
      createTemplate(11, 1, { birth_days: -35 }, 1), // 2026-12-28, each December to 2030
      createTemplate(21, 2, { breeding_days: -28 }), // 2027-03-28
    ],
    today: "2026-11-21",
  });
}

function prepare(calendar: Calendar): SubmitData {
  const result = prepareForSubmit(calendar);
  if (!result.ok) throw new Error(result.error.code);
  return result.value;
}

function chain(
  calendar: Calendar,
  ...edits: ((calendar: Calendar) => ReturnType<typeof addShot>)[]
) {
  return edits.reduce((current, edit) => {
    const result = edit(current);
    if (!result.ok) throw new Error(result.error.code);
    return result.value;
  }, calendar);
}

describe("prepareForSubmit", () => {
  it("is blocked without diseases, with the empty state's words", () => {
    const empty = removeDisease(removeDisease(buildFixture(), 100), 200);
    expect(prepareForSubmit(empty)).toEqual({
      ok: false,
      error: { code: "NO_DISEASES", message: "No diseases selected yet." },
    });
  });

  it("drops generated shots after the displayed range and keeps the user's", () => {
    const calendar = chain(
      buildFixture(),
      (current) => addShot(current, 100, "2029-12-30"),
      (current) => updateShotDate(current, "200-21", "2030-01-10"),
    );
    const data = prepare(calendar);
    expect(data.setup).toBe(calendar.setup);
    expect(data.diseases.map(({ id, vaccineId }) => [id, vaccineId])).toEqual([
      [100, 1],
      [200, 2],
    ]);
    expect(data.diseases[0]?.shots.map(({ id, date }) => [id, date])).toEqual([
      ["100-11", "2026-12-28"],
      ["100-11~2", "2027-12-28"],
      ["100-11~3", "2028-12-28"],
      ["100-u1", "2029-12-30"],
    ]);
    // The moved shot's date is the user's choice, so it stays though 2030 is outside the range.
    expect(data.diseases[1]?.shots.map(({ id, date }) => [id, date])).toEqual([
      ["200-21", "2030-01-10"],
    ]);
  });

  it("lays the kept shots out again, so orders in month count only what is saved", () => {
    const calendar = chain(buildFixture(), (current) => addShot(current, 100, "2029-12-30"));
    expect(findShot(calendar, "100-u1")?.orderInMonth).toBe(1);
    const saved = prepare(calendar).diseases[0]?.shots.find(({ id }) => id === "100-u1");
    expect(saved).toMatchObject({ orderInMonth: 0, row: 47, yearIndex: 3 });
  });

  it("skips undated shots", () => {
    const restored = restoreCalendar({
      setup: createSetup(),
      diseases: [
        {
          id: 200,
          vaccineId: 2,
          shots: [
            {
              id: "200-u1",
              date: null,
              custom_name: null,
              is_recurrent: 0,
              cycle: 1,
              userInitiated: true,
            },
            {
              id: "200-u2",
              date: "2027-05-01",
              custom_name: null,
              is_recurrent: 0,
              cycle: 1,
              userInitiated: true,
            },
          ],
        },
      ],
      vaccines,
      today: "2026-11-21",
    });
    expect(prepare(restored).diseases[0]?.shots.map(({ id }) => id)).toEqual(["200-u2"]);
  });
});
