import { generateTemplateSeeds } from "./build-calendar.ts";
import { moveToYear, readYear, type IsoDate } from "./iso-date.ts";
import { resolveBirthDate } from "./season-defaults.ts";
import type { CalendarSetup, ShotTemplateInput } from "./schedule.types.ts";
import { dateTemplate, isTemplateInScope, resolveTemplateScope } from "./template-selection.ts";

/*
 * A saved calendar's protocol update (decision 405). Each saved column keeps the protocol it was
 * generated from: its vaccine's shot templates for the calendar's animal, as they were. When the
 * templates in scope today differ from those, the column's shots that came from the protocol
 * follow the new templates; the farmer's own shots and choices stay as they are.
 */

/** A saved first occurrence, as the calendar stores it. */
export interface ProtocolSeed {
  readonly id: string;
  readonly templateId: number | null;
  readonly date: IsoDate;
  readonly custom_name: string | null;
  readonly is_recurrent: number;
  readonly userInitiated: boolean;
}

export interface ProtocolColumn {
  readonly diseaseId: number;
  readonly vaccineId: number | null;
  readonly seeds: readonly ProtocolSeed[];
  /** The templates the column was generated from (its vaccine's, for the calendar's animal). */
  readonly protocol: readonly ShotTemplateInput[];
}

export interface ProtocolUpdateInput {
  readonly setup: CalendarSetup;
  readonly columns: readonly ProtocolColumn[];
  /** Today's shot templates (any superset of the calendar's animal's). */
  readonly shotTemplates: readonly ShotTemplateInput[];
  /** Seeds with any occurrence marked as given (decision 403). */
  readonly givenSeedIds: ReadonlySet<string>;
  readonly today: IsoDate;
  /**
   * Each disease's default vaccine for the calendar's animal today (disease id → vaccine id).
   * A column whose vaccine is not its disease's default any more moves to the new one. Absent:
   * no column changes its vaccine.
   */
  readonly defaultVaccineIds?: ReadonlyMap<number, number>;
  /** The vaccines' names, for a kept shot of a column's old vaccine (it keeps its name). */
  readonly vaccineNames?: ReadonlyMap<number, string>;
}

/**
 * What an update does to one column's vaccine (`product`: the disease's default vaccine changed)
 * or to one shot: `moved` (a new date), `changed` (same date, a new name or
 * recurrence), `added`, `removed`, or `kept` (the protocol changed it, but the farmer chose its
 * date or it is marked as given, so it stays as it is).
 */
export type ProtocolChangeKind = "product" | "moved" | "changed" | "added" | "removed" | "kept";

export type KeptReason = "chosen" | "given";

export interface ProtocolShotState {
  readonly date: IsoDate;
  readonly custom_name: string | null;
  readonly is_recurrent: number;
}

export interface ProtocolChange {
  readonly kind: ProtocolChangeKind;
  readonly diseaseId: number;
  readonly shotId: string;
  readonly before: ProtocolShotState | null;
  readonly after: ProtocolShotState | null;
  /** Only for `kept`. */
  readonly reason: KeptReason | null;
  /** Only for `product`: the column's vaccine now and after the update. */
  readonly product?: { readonly before: number; readonly after: number };
}

export interface ProtocolUpdate {
  /** Every difference, column by column, by date. Empty: the calendar follows the protocol. */
  readonly changes: readonly ProtocolChange[];
  /** The columns as the update leaves them, each with today's protocol as its own. */
  readonly columns: readonly ProtocolColumn[];
}

/** The fields of a template that shape its shot (the scope fields decide whether it applies). */
function isSameShot(a: ShotTemplateInput, b: ShotTemplateInput): boolean {
  return (
    a.birth_days === b.birth_days &&
    a.breeding_days === b.breeding_days &&
    a.custom_name === b.custom_name &&
    a.is_recurrent === b.is_recurrent
  );
}

/** The protocol a column of this vaccine gets for the setup's animal: the templates, by id. */
export function selectColumnProtocol(
  shotTemplates: readonly ShotTemplateInput[],
  vaccineId: number | null,
  animalId: number,
): ShotTemplateInput[] {
  if (vaccineId === null) return [];
  return shotTemplates
    .filter((template) => template.vaccine_id === vaccineId && template.animal_id === animalId)
    .map((template) => ({
      id: template.id,
      vaccine_id: template.vaccine_id,
      animal_id: template.animal_id,
      birth_days: template.birth_days,
      breeding_days: template.breeding_days,
      custom_name: template.custom_name,
      is_recurrent: template.is_recurrent,
      herd_status: template.herd_status ?? null,
      season_id: template.season_id ?? null,
    }))
    .sort((a, b) => a.id - b.id);
}

function toState(seed: ProtocolSeed): ProtocolShotState {
  return { date: seed.date, custom_name: seed.custom_name, is_recurrent: seed.is_recurrent };
}

/**
 * The new date of a protocol shot whose template changed: the new template's date, moved by as
 * many whole years as the saved shot had been moved from the old template's date (a recurring
 * shot starts in the season after a past date). Keeping the year keeps the copies' cycle numbers,
 * so a copy marked as given stays the same copy.
 */
function redate(
  seed: ProtocolSeed,
  before: ShotTemplateInput,
  after: ShotTemplateInput,
  setup: CalendarSetup,
): IsoDate | null {
  const birthDate = resolveBirthDate(setup);
  const oldDate = dateTemplate(before, birthDate, setup.breedingDate);
  const newDate = dateTemplate(after, birthDate, setup.breedingDate);
  if (newDate === null) return null;
  const yearsOn = oldDate === null ? 0 : Math.max(0, readYear(seed.date) - readYear(oldDate));
  return yearsOn === 0 ? newDate : moveToYear(newDate, readYear(newDate) + yearsOn);
}

function compareChanges(a: ProtocolChange, b: ProtocolChange): number {
  const dateA = (a.after ?? a.before)?.date ?? "";
  const dateB = (b.after ?? b.before)?.date ?? "";
  return dateA < dateB ? -1 : dateA > dateB ? 1 : a.shotId < b.shotId ? -1 : 1;
}

function updateColumn(
  column: ProtocolColumn,
  input: ProtocolUpdateInput,
): { changes: ProtocolChange[]; column: ProtocolColumn } {
  const { setup } = input;
  const current = selectColumnProtocol(input.shotTemplates, column.vaccineId, setup.animal.id);
  const scope = resolveTemplateScope(setup, column.diseaseId);
  const inScope = (templates: readonly ShotTemplateInput[]) =>
    new Map(
      templates
        .filter((template) => isTemplateInScope(template, scope))
        .map((template) => [template.id, template]),
    );
  const before = inScope(column.protocol);
  const after = inScope(current);
  const changes: ProtocolChange[] = [];
  const seeds = new Map(column.seeds.map((seed) => [seed.id, seed]));
  const findSeed = (templateId: number) =>
    column.seeds.find((seed) => seed.templateId === templateId) ?? null;
  const base = { diseaseId: column.diseaseId };
  /** A protocol shot the farmer chose the date of, or gave, stays as it is. */
  const keptReason = (seed: ProtocolSeed): KeptReason | null =>
    input.givenSeedIds.has(seed.id) ? "given" : seed.userInitiated ? "chosen" : null;

  for (const [templateId, old] of before) {
    const seed = findSeed(templateId);
    if (seed === null) continue; // deleted by the farmer, or dropped as past: it stays gone
    const next = after.get(templateId);
    if (next !== undefined && isSameShot(old, next)) continue;
    const reason = keptReason(seed);
    if (reason !== null) {
      changes.push({
        ...base,
        kind: "kept",
        shotId: seed.id,
        before: toState(seed),
        after: toState(seed),
        reason,
      });
      continue;
    }
    const date = next === undefined ? null : redate(seed, old, next, setup);
    if (next === undefined || date === null) {
      seeds.delete(seed.id);
      changes.push({
        ...base,
        kind: "removed",
        shotId: seed.id,
        before: toState(seed),
        after: null,
        reason: null,
      });
      continue;
    }
    const updated: ProtocolSeed = {
      ...seed,
      date,
      custom_name: next.custom_name,
      is_recurrent: next.is_recurrent,
    };
    seeds.set(seed.id, updated);
    changes.push({
      ...base,
      kind: date === seed.date ? "changed" : "moved",
      shotId: seed.id,
      before: toState(seed),
      after: toState(updated),
      reason: null,
    });
  }

  const added = [...after.keys()].filter((id) => !before.has(id) && findSeed(id) === null);
  if (added.length > 0 && column.vaccineId !== null) {
    const generated = generateTemplateSeeds({
      diseaseId: column.diseaseId,
      vaccineId: column.vaccineId,
      setup,
      shotTemplates: current,
      today: input.today,
    });
    for (const seed of generated) {
      if (seed.templateId === null || !added.includes(seed.templateId) || seed.date === null)
        continue;
      if (isPastOneOff({ is_recurrent: seed.is_recurrent, date: seed.date }, input.today)) continue;
      if (seeds.has(seed.id)) continue;
      const addedSeed: ProtocolSeed = {
        id: seed.id,
        templateId: seed.templateId,
        date: seed.date,
        custom_name: seed.custom_name,
        is_recurrent: seed.is_recurrent,
        userInitiated: false,
      };
      seeds.set(seed.id, addedSeed);
      changes.push({
        ...base,
        kind: "added",
        shotId: seed.id,
        before: null,
        after: toState(addedSeed),
        reason: null,
      });
    }
  }

  return {
    changes: changes.sort(compareChanges),
    column: { ...column, seeds: orderSeeds(seeds.values()), protocol: current },
  };
}

/** A one-off dose whose date has passed is not for this calendar any more. */
function isPastOneOff(seed: { is_recurrent: number; date: IsoDate }, today: IsoDate): boolean {
  return seed.is_recurrent === 0 && seed.date < today;
}

/**
 * A column whose disease has another default vaccine now (an admin changed the disease–vaccine
 * link): the column moves to the new vaccine. The old vaccine's default shots go, the new one's
 * come as a new calendar would date them today; the farmer's own shots stay, and so does a shot
 * of the old vaccine the farmer chose the date of or marked as given, as a shot of its own that
 * keeps the old vaccine's name (the new protocol has no template for it).
 */
function swapColumnVaccine(
  column: ProtocolColumn,
  oldVaccineId: number,
  vaccineId: number,
  input: ProtocolUpdateInput,
): { changes: ProtocolChange[]; column: ProtocolColumn } {
  const { setup } = input;
  const current = selectColumnProtocol(input.shotTemplates, vaccineId, setup.animal.id);
  const base = { diseaseId: column.diseaseId };
  const oldName = input.vaccineNames?.get(oldVaccineId) ?? null;
  const changes: ProtocolChange[] = [];
  const seeds = new Map<string, ProtocolSeed>();
  for (const seed of column.seeds) {
    if (seed.templateId === null) {
      seeds.set(seed.id, seed);
      continue;
    }
    const reason: KeptReason | null = input.givenSeedIds.has(seed.id)
      ? "given"
      : seed.userInitiated
        ? "chosen"
        : null;
    if (reason === null) {
      changes.push({
        ...base,
        kind: "removed",
        shotId: seed.id,
        before: toState(seed),
        after: null,
        reason: null,
      });
      continue;
    }
    const kept: ProtocolSeed = {
      ...seed,
      templateId: null,
      userInitiated: true,
      custom_name: seed.custom_name ?? oldName,
    };
    seeds.set(seed.id, kept);
    changes.push({
      ...base,
      kind: "kept",
      shotId: seed.id,
      before: toState(seed),
      after: toState(kept),
      reason,
    });
  }
  const generated = generateTemplateSeeds({
    diseaseId: column.diseaseId,
    vaccineId,
    setup,
    shotTemplates: current,
    today: input.today,
  });
  for (const seed of generated) {
    if (seed.date === null || seeds.has(seed.id)) continue;
    const dated = { ...seed, date: seed.date };
    if (isPastOneOff(dated, input.today)) continue;
    const added: ProtocolSeed = {
      id: seed.id,
      templateId: seed.templateId,
      date: dated.date,
      custom_name: seed.custom_name,
      is_recurrent: seed.is_recurrent,
      userInitiated: false,
    };
    seeds.set(seed.id, added);
    changes.push({
      ...base,
      kind: "added",
      shotId: seed.id,
      before: null,
      after: toState(added),
      reason: null,
    });
  }
  const productChange: ProtocolChange = {
    ...base,
    kind: "product",
    shotId: `vaccine-${column.diseaseId}`,
    before: null,
    after: null,
    reason: null,
    product: { before: oldVaccineId, after: vaccineId },
  };
  return {
    changes: [productChange, ...changes.sort(compareChanges)],
    column: { ...column, vaccineId, seeds: orderSeeds(seeds.values()), protocol: current },
  };
}

function orderSeeds(seeds: Iterable<ProtocolSeed>): ProtocolSeed[] {
  return [...seeds].sort((a, b) =>
    a.date < b.date ? -1 : a.date > b.date ? 1 : a.id < b.id ? -1 : 1,
  );
}

/** The vaccine the column moves to, when its disease's default vaccine is another one now. */
function findNewDefaultVaccine(column: ProtocolColumn, input: ProtocolUpdateInput): number | null {
  if (column.vaccineId === null) return null;
  const vaccineId = input.defaultVaccineIds?.get(column.diseaseId);
  return vaccineId === undefined || vaccineId === column.vaccineId ? null : vaccineId;
}

/**
 * What today's protocol would change on a saved calendar, and the calendar as the update leaves
 * it (decision 405):
 * - a shot from a template whose date, name or recurrence changed moves with it (kept in the
 *   same year, so copies keep their numbers); one whose template went is removed;
 * - a template added to the protocol adds its shot (not a one-off dose already past);
 * - the farmer's own shots are never touched, nor a protocol shot the farmer moved or marked as
 *   given (it is listed as `kept`), nor one the farmer deleted;
 * - a column without a vaccine has no protocol;
 * - a column whose disease has another default vaccine now moves to it (`product`), with the new
 *   vaccine's default shots; the farmer's own, chosen and given shots stay.
 */
export function planProtocolUpdate(input: ProtocolUpdateInput): ProtocolUpdate {
  const results = input.columns.map((column) => {
    const vaccineId = findNewDefaultVaccine(column, input);
    return vaccineId === null || column.vaccineId === null
      ? updateColumn(column, input)
      : swapColumnVaccine(column, column.vaccineId, vaccineId, input);
  });
  return {
    changes: results.flatMap((result) => result.changes),
    columns: results.map((result) => result.column),
  };
}
