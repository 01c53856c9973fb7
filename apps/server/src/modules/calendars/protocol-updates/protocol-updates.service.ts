import { createHash } from "node:crypto";
import {
  CalendarSetupSchema,
  ErrorCode,
  protocolUpdateMessages,
  type ApplyProtocolUpdateResponse,
  type ProtocolChange as ContractChange,
  type ProtocolUpdatePreview,
} from "@vaxcal/contracts";
import {
  applyHerdStatusDefaults,
  planProtocolUpdate,
  type CalendarSetup,
  type IsoDate,
  type ProtocolUpdate,
} from "@vaxcal/schedule";
import { runReads, type Executor } from "../../../db/database.ts";
import { AppError } from "../../../errors/app-error.ts";
import { createGivenShotsRepository } from "../given-shots/given-shots.repository.ts";
import { createVaccinesRepository, toEngineDiseases } from "../../reference/index.ts";
import { requireAccessibleCalendar } from "../calendars/calendar-access.ts";
import {
  createCalendarsRepository,
  type CalendarKey,
  type CalendarRow,
  type DescribedColumn,
  type SavedColumn,
} from "../calendars/calendars.repository.ts";
import type { CalendarsContext } from "../calendars/saved-calendar.ts";

/*
 * Decision 405: a saved calendar whose protocol changed since it was saved. The difference is
 * worked out afresh on every call from the columns' own protocols, today's shot templates and the
 * shots marked as given; nothing is stored about it until the farmer accepts.
 */

type ComputedUpdate = {
  update: ProtocolUpdate;
  columns: DescribedColumn[];
  token: string | null;
  /** Every vaccine an update names: the columns' own and the diseases' defaults now. */
  vaccineNames: ReadonlyMap<number, string>;
};

/** The engine's setup from the calendar as saved (its herd status answers included). */
function toEngineSetup(calendar: CalendarRow): CalendarSetup {
  const saved = CalendarSetupSchema.parse(calendar.setup);
  return {
    enterprise: { id: calendar.enterpriseId },
    season: { id: calendar.seasonId },
    animal: { id: calendar.animalId, isAdult: saved.animal.isAdult },
    birthDate: calendar.birthDate,
    // Decision 416: the calving or lambing block as saved; none on calendars saved before it.
    birthEndDate: saved.birthEndDate ?? null,
    breedingDate: calendar.breedingDate,
    ...(saved.herdStatus === undefined ? {} : { herdStatus: saved.herdStatus }),
    // Decision 419: a suckler farm that said yes keeps its Huskvac; no answer, the default.
    ...(saved.lungwormRisk === undefined ? {} : { lungwormRisk: saved.lungwormRisk }),
    // Decision 422: when the youngest was born, as saved.
    ...(saved.youngestBirthDate == null ? {} : { youngestBirthDate: saved.youngestBirthDate }),
  };
}

/** Names what exactly would be applied: another calendar edit or protocol change is another token. */
function createToken(calendar: CalendarRow, update: ProtocolUpdate): string | null {
  if (update.changes.length === 0) return null;
  return createHash("sha256")
    .update(JSON.stringify({ at: calendar.updatedAt.toISOString(), columns: update.columns }))
    .digest("base64url")
    .slice(0, 32);
}

async function computeUpdate(
  executor: Executor,
  calendar: CalendarRow,
  today: IsoDate,
): Promise<ComputedUpdate> {
  const [columns, inputs, given] = await runReads(executor, [
    () => createCalendarsRepository(executor).readColumns(calendar.id),
    () => createVaccinesRepository(executor).readAnimalVaccineInputs(calendar.animalId),
    () => createGivenShotsRepository(executor).readGivenShots([calendar.id]),
  ]);
  const givenSeedIds = new Set(
    (given.get(calendar.id) ?? []).map((record) => record.shotId.split("~")[0] ?? record.shotId),
  );
  // Decision 405: a disease whose default vaccine changed since the calendar was saved moves to
  // the new one; the old one's name stays on the shots the farmer keeps.
  const vaccineNames = new Map<number, string>();
  for (const column of columns) {
    if (column.vaccineId !== null && column.vaccine) {
      vaccineNames.set(column.vaccineId, column.vaccine.name);
    }
  }
  for (const offer of inputs.offers) vaccineNames.set(offer.vaccine.id, offer.vaccine.name);
  const update = planProtocolUpdate({
    // Decision 421: a question the farmer left unanswered keeps the default it was planned with.
    setup: applyHerdStatusDefaults(
      toEngineSetup(calendar),
      toEngineDiseases(inputs.offers, calendar.animalId),
    ),
    columns,
    shotTemplates: inputs.shotTemplates,
    givenSeedIds,
    today,
    defaultVaccineIds: new Map(inputs.offers.map((offer) => [offer.disease.id, offer.vaccine.id])),
    vaccineNames,
  });
  return { update, columns, token: createToken(calendar, update), vaccineNames };
}

function describeChanges({ update, columns, vaccineNames }: ComputedUpdate): ContractChange[] {
  // A column changing vaccine: its new shots are the new vaccine's, the ones going the old one's.
  const swaps = new Map(
    update.changes.flatMap((change) =>
      change.product ? [[change.diseaseId, change.product] as const] : [],
    ),
  );
  return update.changes.map((change) => {
    const swap = swaps.get(change.diseaseId);
    const swapName = swap && (change.kind === "added" ? vaccineNames.get(swap.after) : undefined);
    const column = columns.find((candidate) => candidate.diseaseId === change.diseaseId);
    const state = change.after ?? change.before;
    const product = change.product && {
      before: vaccineNames.get(change.product.before) ?? "",
      after: vaccineNames.get(change.product.after) ?? "",
    };
    return {
      kind: change.kind,
      diseaseId: change.diseaseId,
      diseaseName: column?.diseaseName ?? "",
      shotId: change.shotId,
      name:
        product?.after ??
        state?.custom_name ??
        swapName ??
        column?.vaccine?.name ??
        column?.diseaseName ??
        "",
      before: change.before && {
        date: change.before.date,
        is_recurrent: change.before.is_recurrent,
      },
      after: change.after && { date: change.after.date, is_recurrent: change.after.is_recurrent },
      reason: change.reason,
      product: product ?? null,
    };
  });
}

/** GET /api/calendars/:id/protocol-update: what today's protocol would change, and its token. */
export async function previewProtocolUpdate(
  context: CalendarsContext,
  key: CalendarKey,
): Promise<ProtocolUpdatePreview> {
  const { calendar } = await requireAccessibleCalendar(context.db, key);
  const computed = await computeUpdate(context.db, calendar, context.readToday());
  return { changes: describeChanges(computed), token: computed.token };
}

/**
 * POST /api/calendars/:id/protocol-update: applies exactly the difference the token names, in one
 * transaction under the calendar's row lock (a save or a mark as given waits, as they wait for each
 * other). The calendar's `updated_at` moves on, so the PDF, feed and preview are new versions; the
 * caller plans its reminders again.
 */
export async function applyProtocolUpdate(
  context: CalendarsContext,
  key: CalendarKey & { readonly userId: number },
  token: string,
): Promise<ApplyProtocolUpdateResponse> {
  const now = context.clock();
  await context.db.transaction(async (transaction) => {
    const { calendar } = await requireAccessibleCalendar(transaction, key, {
      lockForUpdate: true,
    });
    const computed = await computeUpdate(transaction, calendar, context.readToday());
    if (computed.token === null) {
      throw new AppError(ErrorCode.conflict, protocolUpdateMessages.nothingToUpdate);
    }
    if (computed.token !== token) {
      throw new AppError(ErrorCode.conflict, protocolUpdateMessages.changedMeanwhile);
    }
    const repository = createCalendarsRepository(transaction);
    const vetEditor =
      calendar.userId === key.userId ? null : await repository.findVetEditor(key.userId);
    const columns: SavedColumn[] = computed.update.columns.map((column) => ({
      diseaseId: column.diseaseId,
      vaccineId: column.vaccineId,
      protocol: column.protocol,
      seeds: column.seeds.map((seed) => ({ ...seed, diseaseId: column.diseaseId })),
    }));
    await repository.touchCalendar(
      calendar.id,
      now,
      vetEditor
        ? { vetEditedAt: now, vetEditedBy: vetEditor.name, vetEditedByPractice: vetEditor.practice }
        : undefined,
    );
    await repository.deleteColumns(calendar.id);
    await repository.insertColumns(calendar.id, columns);
    // Shots marked as given are kept by the update; this only keeps decision 403's rule whole.
    await createGivenShotsRepository(transaction).deleteOrphanedGivenShots(calendar.id);
  });
  return { message: protocolUpdateMessages.updated, updated_at: now.toISOString() };
}

/**
 * GET /api/user/calendars/protocol-updates: the user's own calendars with an update waiting. SQL
 * finds the columns whose protocol differs from today's templates (none, almost always); the
 * engine then confirms each candidate makes a difference to its shots.
 */
export async function listProtocolUpdates(
  context: CalendarsContext,
  userId: number,
): Promise<{ calendarIds: number[] }> {
  const repository = createCalendarsRepository(context.db);
  const candidates = await repository.listCalendarsWithChangedProtocols(userId);
  const today = context.readToday();
  const calendarIds: number[] = [];
  for (const calendar of candidates) {
    const { update } = await computeUpdate(context.db, calendar, today);
    if (update.changes.length > 0) calendarIds.push(calendar.id);
  }
  return { calendarIds };
}
