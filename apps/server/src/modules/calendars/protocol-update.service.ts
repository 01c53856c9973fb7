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
  planProtocolUpdate,
  type CalendarSetup,
  type IsoDate,
  type ProtocolUpdate,
} from "@vaxcal/schedule";
import { runReads, type Executor } from "../../db/database.ts";
import { AppError } from "../../errors/app-error.ts";
import { createGivenShotsRepository } from "../../lib/given-shots.repository.ts";
import { createVaccinesRepository } from "../../lib/vaccines.repository.ts";
import { requireAccessibleCalendar } from "./calendar-access.ts";
import {
  createCalendarsRepository,
  type CalendarKey,
  type CalendarRow,
  type DescribedColumn,
  type SavedColumn,
} from "./calendars.repository.ts";
import type { CalendarsContext } from "./calendars.service.ts";

/*
 * Decision 405: a saved calendar whose protocol changed since it was saved. The difference is
 * worked out afresh on every call from the columns' own protocols, today's shot templates and the
 * shots marked as given; nothing is stored about it until the farmer accepts.
 */

type ComputedUpdate = {
  update: ProtocolUpdate;
  columns: DescribedColumn[];
  token: string | null;
};

/** The engine's setup from the calendar as saved (its herd status answers included). */
function toEngineSetup(calendar: CalendarRow): CalendarSetup {
  const saved = CalendarSetupSchema.parse(calendar.setup);
  return {
    enterprise: { id: calendar.enterpriseId },
    season: { id: calendar.seasonId },
    animal: { id: calendar.animalId, isAdult: saved.animal.isAdult },
    birthDate: calendar.birthDate,
    breedingDate: calendar.breedingDate,
    ...(saved.herdStatus === undefined ? {} : { herdStatus: saved.herdStatus }),
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
  const update = planProtocolUpdate({
    setup: toEngineSetup(calendar),
    columns,
    shotTemplates: inputs.shotTemplates,
    givenSeedIds,
    today,
  });
  return { update, columns, token: createToken(calendar, update) };
}

function describeChanges({ update, columns }: ComputedUpdate): ContractChange[] {
  return update.changes.map((change) => {
    const column = columns.find((candidate) => candidate.diseaseId === change.diseaseId);
    const state = change.after ?? change.before;
    return {
      kind: change.kind,
      diseaseId: change.diseaseId,
      diseaseName: column?.diseaseName ?? "",
      shotId: change.shotId,
      name: state?.custom_name ?? column?.vaccine?.name ?? column?.diseaseName ?? "",
      before: change.before && {
        date: change.before.date,
        is_recurrent: change.before.is_recurrent,
      },
      after: change.after && { date: change.after.date, is_recurrent: change.after.is_recurrent },
      reason: change.reason,
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
