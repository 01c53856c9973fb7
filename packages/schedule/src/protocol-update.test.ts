import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { generateTemplateSeeds } from "./build-calendar.ts";
import { planProtocolUpdate, type ProtocolColumn } from "./protocol-update.ts";
import type { CalendarSetup, ShotTemplateInput } from "./schedule.types.ts";

const setup: CalendarSetup = {
  enterprise: { id: 1 },
  season: { id: 1 },
  animal: { id: 1, isAdult: true },
  birthDate: "2024-02-01",
  breedingDate: "2024-04-25",
};

const booster: ShotTemplateInput = {
  id: 2,
  vaccine_id: 1,
  animal_id: 1,
  birth_days: 55,
  breeding_days: null,
  custom_name: null,
  is_recurrent: 1,
  herd_status: null,
  season_id: null,
};

/** Saved in 2026 from a 2024 calving date: the yearly booster's series starts in 2026. */
function column(overrides: Partial<ProtocolColumn["seeds"][number]> = {}): ProtocolColumn {
  return {
    diseaseId: 1,
    vaccineId: 1,
    protocol: [booster],
    seeds: [
      {
        id: "1-2",
        templateId: 2,
        date: "2026-03-27",
        custom_name: null,
        is_recurrent: 1,
        userInitiated: false,
        ...overrides,
      },
    ],
  };
}

function plan(templates: ShotTemplateInput[], saved = column(), given: string[] = []) {
  return planProtocolUpdate({
    setup,
    columns: [saved],
    shotTemplates: templates,
    givenSeedIds: new Set(given),
    today: "2026-06-15",
  });
}

describe("planProtocolUpdate (decision 405)", () => {
  it("changes nothing while the protocol is the one the column was generated from", () => {
    expect(plan([booster]).changes).toEqual([]);
    // Another animal's or vaccine's templates are not this column's protocol.
    expect(plan([booster, { ...booster, id: 9, animal_id: 2 }]).changes).toEqual([]);
  });

  it("moves a shot with its template, keeping the year its series had reached", () => {
    const update = plan([{ ...booster, birth_days: 62 }]);
    expect(update.changes).toEqual([
      expect.objectContaining({
        kind: "moved",
        before: { date: "2026-03-27", custom_name: null, is_recurrent: 1 },
        after: { date: "2026-04-03", custom_name: null, is_recurrent: 1 },
      }),
    ]);
    expect(update.columns[0]?.seeds[0]?.date).toBe("2026-04-03");
    expect(update.columns[0]?.protocol).toEqual([{ ...booster, birth_days: 62 }]);
  });

  it("changes the recurrence in place, without moving the date", () => {
    const update = plan([{ ...booster, is_recurrent: 3 }]);
    expect(update.changes.map((change) => change.kind)).toEqual(["changed"]);
    expect(update.columns[0]?.seeds[0]).toMatchObject({ date: "2026-03-27", is_recurrent: 3 });
  });

  it("keeps a shot the farmer moved or marked as given, and says why", () => {
    const moved = plan([{ ...booster, birth_days: 62 }], column({ userInitiated: true }));
    expect(moved.changes).toEqual([expect.objectContaining({ kind: "kept", reason: "chosen" })]);
    expect(moved.columns[0]?.seeds[0]?.date).toBe("2026-03-27");
    const given = plan([{ ...booster, birth_days: 62 }], column(), ["1-2"]);
    expect(given.changes).toEqual([expect.objectContaining({ kind: "kept", reason: "given" })]);
  });

  it("never touches the farmer's own shots, nor brings back one the farmer deleted", () => {
    const own = {
      id: "1-u1",
      templateId: null,
      date: "2026-09-01",
      custom_name: "Own",
      is_recurrent: 0,
      userInitiated: true,
    };
    const saved = { ...column(), seeds: [own] };
    const update = plan([{ ...booster, birth_days: 62 }], saved);
    expect(update.changes).toEqual([]);
    expect(update.columns[0]?.seeds).toEqual([own]);
  });

  it("adds a new template's shot from today on, but not a one-off dose already past", () => {
    const yearly = { ...booster, id: 3, birth_days: 100 };
    const pastOnce = { ...booster, id: 4, birth_days: 10, is_recurrent: 0 };
    const update = plan([booster, yearly, pastOnce]);
    expect(update.changes).toEqual([
      expect.objectContaining({
        kind: "added",
        shotId: "1-3",
        after: { date: "2027-05-11", custom_name: null, is_recurrent: 1 },
      }),
    ]);
  });

  it("removes a shot whose template left the protocol, or left the calendar's season", () => {
    expect(plan([]).changes.map((change) => change.kind)).toEqual(["removed"]);
    expect(plan([]).columns[0]?.seeds).toEqual([]);
    expect(plan([{ ...booster, season_id: 2 }]).changes.map((change) => change.kind)).toEqual([
      "removed",
    ]);
  });
});

describe("planProtocolUpdate, when a disease's default vaccine changed (decision 405)", () => {
  const other: ShotTemplateInput = { ...booster, id: 7, vaccine_id: 5, birth_days: 100 };
  const swap = (saved = column(), given: string[] = [], defaults = new Map([[1, 5]])) =>
    planProtocolUpdate({
      setup,
      columns: [saved],
      shotTemplates: [booster, other],
      givenSeedIds: new Set(given),
      today: "2026-06-15",
      defaultVaccineIds: defaults,
      vaccineNames: new Map([[1, "Old jab"]]),
    });

  it("changes nothing while the column's vaccine is still the disease's default", () => {
    expect(swap(column(), [], new Map([[1, 1]])).changes).toEqual([]);
    // A disease not offered any more keeps its column as it is.
    expect(swap(column(), [], new Map()).changes).toEqual([]);
  });

  it("moves the column to the new vaccine: its default shots replace the old one's", () => {
    const update = swap();
    expect(update.changes.map((change) => [change.kind, change.shotId])).toEqual([
      ["product", "vaccine-1"],
      ["removed", "1-2"],
      ["added", "1-7"],
    ]);
    expect(update.changes[0]?.product).toEqual({ before: 1, after: 5 });
    expect(update.columns[0]).toMatchObject({ vaccineId: 5, protocol: [other] });
    expect(update.columns[0]?.seeds.map((seed) => seed.templateId)).toEqual([7]);
  });

  it("keeps the farmer's own, chosen and given shots, as shots of their own with the old name", () => {
    const own = {
      id: "1-u1",
      templateId: null,
      date: "2026-09-01",
      custom_name: null,
      is_recurrent: 0,
      userInitiated: true,
    };
    const saved = { ...column(), seeds: [...column().seeds, own] };
    const update = swap(saved, ["1-2"]);
    expect(update.changes.map((change) => [change.kind, change.reason])).toEqual([
      ["product", null],
      ["kept", "given"],
      ["added", null],
    ]);
    const seeds = update.columns[0]?.seeds ?? [];
    expect(seeds.find((seed) => seed.id === "1-2")).toMatchObject({
      templateId: null,
      userInitiated: true,
      custom_name: "Old jab",
      date: "2026-03-27",
    });
    expect(seeds.find((seed) => seed.id === "1-u1")).toEqual(own);
  });
});

describe("planProtocolUpdate, for random protocols and changes", () => {
  const DAY_MS = 86_400_000;
  const isoDate = fc
    .integer({ min: Date.UTC(2024, 0, 1) / DAY_MS, max: Date.UTC(2029, 11, 31) / DAY_MS })
    .map((day) => new Date(day * DAY_MS).toISOString().slice(0, 10));
  const templateArbitrary = (id: number) =>
    fc
      .record({
        isBirth: fc.boolean(),
        days: fc.integer({ min: -300, max: 400 }),
        recurrence: fc.constantFrom(0, 1, 1, 3),
      })
      .map(({ isBirth, days, recurrence }): ShotTemplateInput => ({
        ...booster,
        id,
        birth_days: isBirth ? days : null,
        breeding_days: isBirth ? null : days,
        is_recurrent: recurrence,
      }));
  const protocolArbitrary = fc
    .uniqueArray(fc.integer({ min: 1, max: 6 }), { minLength: 0, maxLength: 4 })
    .chain((ids) => fc.tuple(...ids.map(templateArbitrary)));

  /** The column a calendar saved on `savedOn` got from `protocol`. */
  const saveColumn = (protocol: ShotTemplateInput[], savedOn: string): ProtocolColumn => ({
    diseaseId: 1,
    vaccineId: 1,
    protocol,
    seeds: generateTemplateSeeds({
      diseaseId: 1,
      vaccineId: 1,
      setup,
      shotTemplates: protocol,
      today: savedOn,
    }).map((seed) => ({ ...seed, date: seed.date ?? savedOn })),
  });

  it("finds nothing while the protocol is the same, on any later day", () => {
    fc.assert(
      fc.property(protocolArbitrary, isoDate, isoDate, (protocol, savedOn, later) => {
        const today = later < savedOn ? savedOn : later;
        const update = planProtocolUpdate({
          setup,
          columns: [saveColumn(protocol, savedOn)],
          shotTemplates: protocol,
          givenSeedIds: new Set(),
          today,
        });
        expect(update.changes).toEqual([]);
      }),
      { numRuns: 200 },
    );
  });

  it("leaves nothing to do once applied, and never touches the farmer's own shots", () => {
    fc.assert(
      fc.property(
        protocolArbitrary,
        protocolArbitrary,
        isoDate,
        isoDate,
        (before, after, savedOn, later) => {
          const today = later < savedOn ? savedOn : later;
          const saved = saveColumn(before, savedOn);
          const own = {
            id: "1-u1",
            templateId: null,
            date: savedOn,
            custom_name: "Own",
            is_recurrent: 1,
            userInitiated: true,
          };
          const column = { ...saved, seeds: [...saved.seeds, own] };
          const first = planProtocolUpdate({
            setup,
            columns: [column],
            shotTemplates: after,
            givenSeedIds: new Set(),
            today,
          });
          expect(first.columns[0]?.seeds).toContainEqual(own);
          const again = planProtocolUpdate({
            setup,
            columns: first.columns,
            shotTemplates: after,
            givenSeedIds: new Set(),
            today,
          });
          expect(again.changes).toEqual([]);
          expect(again.columns).toEqual(first.columns);
        },
      ),
      { numRuns: 200 },
    );
  });
});
