import {
  CalendarAction,
  CalendarSetupSchema,
  ErrorCode,
  buildCalendarPath,
  calendarContactMessages,
  calendarMessages,
  currentTermsVersion,
  farmSizeBands,
  type CalendarContact,
  type CalendarDetail,
  type CalendarSummary,
  type FarmSizeBand,
  type ListCalendarsResponse,
  type SavedCalendarContact,
  type ParsedSubmitCalendarRequest,
} from "@vaxcal/contracts";
import { type IsoDate } from "@vaxcal/schedule";
import { type Executor } from "../../../db/database.ts";
import { AppError } from "../../../errors/app-error.ts";
import { createGivenShotsRepository } from "../given-shots/given-shots.repository.ts";
import { createVaccinesRepository } from "../../reference/index.ts";
import { createValidationError } from "../../../errors/validation-error.ts";
import { requireAccessibleCalendar } from "./calendar-access.ts";
import {
  buildFeedUrls,
  createFeedCredentials,
  deriveFeedToken,
} from "../documents/calendar-feed-token.ts";
import { findPrintedWindow } from "../documents/calendar-document.ts";
import {
  createCalendarsRepository,
  type CalendarContactColumns,
  type CalendarKey,
  type CalendarListPosition,
  type CalendarNames,
  type CalendarRow,
  type OwnerFarm,
  type UserCalendarKey,
} from "./calendars.repository.ts";
import { findCalendarSaves } from "./calendar-saves.ts";
import { readFarmTimelineWarnings } from "./farm-timeline.ts";
import { beginVetChangeRun, recordVetChange } from "./vet-change-notices.ts";
import {
  checkCalendarSubmission,
  type CheckedCalendar,
  type SubmissionReference,
} from "./check-calendar-submission.ts";
import {
  expandStoredPlan,
  loadSavedCalendar,
  pickFarmSize,
  toEngineSetup,
  type CalendarsContext,
} from "./saved-calendar.ts";

type SubmitRequest = ParsedSubmitCalendarRequest;

/**
 * The spec's submit payload repeats what the method and path already say (`action` is create or
 * update, `calendarId` the calendar being replaced); they must agree, or the request is refused.
 */
function checkPayloadAgreesWithRoute(request: SubmitRequest, calendarId: number | null): void {
  const action = calendarId === null ? CalendarAction.create : CalendarAction.update;
  if (request.action !== action) {
    throw invalidField("action", calendarMessages.actionMismatch);
  }
  if (request.calendarId !== null && request.calendarId !== calendarId) {
    throw invalidField("calendarId", calendarMessages.calendarIdMismatch);
  }
}

function invalidField(path: string, message: string): AppError {
  return createValidationError([{ path: `body.${path}`, message }]);
}

/** The confirmed contact details as the calendar row keeps them, with when the terms were agreed. */
function toContactColumns(contact: CalendarContact, termsAgreedAt: Date): CalendarContactColumns {
  return {
    contactName: contact.name,
    contactSurname: contact.surname,
    contactPhoneNumber: contact.phone_number,
    contactEmail: contact.email,
    vetEmailAddress: contact.vet_email_address,
    termsAcceptedAt: termsAgreedAt,
  };
}

/**
 * docs/product.md D18: the terms are agreed once per account and version. A save that ticks the
 * box records the agreement on the account; a save without it is refused, with the spec's
 * message, only while the account has not agreed to the current version. Answers when the
 * saving account agreed, for the calendar's own record.
 */
async function settleTermsAgreement(
  executor: Executor,
  userId: number,
  contact: CalendarContact,
  now: Date,
): Promise<Date> {
  const repository = createCalendarsRepository(executor);
  if (contact.agree_to_terms === true) {
    await repository.recordTermsAgreement(userId, currentTermsVersion, now);
    return now;
  }
  const agreement = await repository.findTermsAgreement(userId);
  if (agreement === null || agreement.version !== currentTermsVersion) {
    throw invalidField("contact.agree_to_terms", calendarContactMessages.termsRequired);
  }
  return agreement.agreedAt;
}

/** The farmer's own save carries the confirmed details (decision 425: only a vet's may not). */
function requireContact(request: SubmitRequest): CalendarContact {
  if (request.contact === undefined) {
    throw invalidField("contact", calendarContactMessages.contactRequired);
  }
  return request.contact;
}

/** The owner's save: the details confirmed, with when the account agreed to the terms. */
async function settleOwnersContact(
  executor: Executor,
  userId: number,
  contact: CalendarContact,
  now: Date,
): Promise<CalendarContactColumns> {
  return toContactColumns(contact, await settleTermsAgreement(executor, userId, contact, now));
}

/** The saved contact details; null for a calendar saved before they were kept. */
function readSavedContact(calendar: CalendarRow): SavedCalendarContact | null {
  if (calendar.contactName === null) return null;
  return {
    name: calendar.contactName,
    surname: calendar.contactSurname,
    phone_number: calendar.contactPhoneNumber,
    vet_email_address: calendar.vetEmailAddress,
    email: calendar.contactEmail,
  };
}

/**
 * What a summary needs beyond the row: its feed token, derived once per request, or null when
 * the caller is not the calendar's owner. A vet of the linked practice is never given the farm's
 * feed link: it needs no login, so it would outlive the vet's access (issue 23, M1).
 */
type SummaryRow = Pick<
  CalendarRow,
  "id" | "calendarYear" | "createdAt" | "updatedAt" | "birthDate" | "breedingDate"
> &
  Partial<Pick<CalendarRow, "vetEditedAt" | "vetEditedBy" | "vetEditedByPractice">> & {
    feedToken: string | null;
  };

/** The calendar's feed token for its owner; null for anyone else (a vet of the linked practice). */
function readOwnersFeedToken(
  context: CalendarsContext,
  calendar: Pick<CalendarRow, "userId" | "feedNonce">,
  callerId: number,
): string | null {
  return calendar.userId === callerId ? deriveFeedToken(context.secret, calendar.feedNonce) : null;
}

/** The calendar's record of its last edit by a vet of the linked practice (decision 501). */
function readVetEdit(
  row: Partial<Pick<CalendarRow, "vetEditedAt" | "vetEditedBy" | "vetEditedByPractice">>,
) {
  if (!row.vetEditedAt || !row.vetEditedBy) return null;
  return {
    by: row.vetEditedBy,
    practice: row.vetEditedByPractice ?? "",
    at: row.vetEditedAt.toISOString(),
  };
}

function buildSummary(
  context: CalendarsContext,
  row: SummaryRow,
  names: CalendarNames,
  diseases: string,
): CalendarSummary {
  return {
    id: row.id,
    year: row.calendarYear,
    created_at: row.createdAt.toISOString(),
    updated_at: row.updatedAt.toISOString(),
    enterprise: names.enterprise,
    animal: names.animal,
    season: names.season,
    birth_date: row.birthDate,
    breeding_date: row.breedingDate,
    diseases,
    previewImageUrl: buildCalendarPath("preview", row.id),
    downloadUrl: buildCalendarPath("download", row.id),
    ...(row.feedToken === null
      ? {}
      : { feedUrls: buildFeedUrls(context.publicUrl, row.feedToken) }),
    vet_edit: readVetEdit(row),
  };
}

/**
 * Everything the save check reads, in one statement, shared by the saves of the same setup that
 * reach the database together (decision 702).
 */
async function loadSubmissionReference(
  { db, secret }: Pick<CalendarsContext, "db" | "secret">,
  data: SubmitRequest["data"],
  savedColumns?: ReadonlyMap<number, number | null>,
): Promise<SubmissionReference> {
  const { setup } = data;
  const { combination, inputs } = await findCalendarSaves(db).readReference({
    enterpriseId: setup.enterprise.id,
    animalId: setup.animal.id,
    seasonId: setup.season.id,
  });
  // Only a refused column needs this (unknown, or not offered?): no query for a good payload.
  const offered = new Set(inputs.offers.map((offer) => offer.disease.id));
  const notOffered = data.diseases.map((column) => column.id).filter((id) => !offered.has(id));
  // Decision 405: a column whose disease has another default vaccine now keeps its own when the
  // saved calendar has it (until the farmer accepts the update) or its stamp shows it was the
  // default when step 2 was made (checked with the stamp); the engine needs that vaccine's facts
  // (rarely read).
  const defaults = new Map(inputs.offers.map((offer) => [offer.disease.id, offer.vaccine.id]));
  const keptVaccineIds = new Set(
    data.diseases.flatMap((column) =>
      column.vaccineId !== null &&
      defaults.has(column.id) &&
      defaults.get(column.id) !== column.vaccineId &&
      (savedColumns?.get(column.id) === column.vaccineId || column.protocolStamp !== undefined)
        ? [column.vaccineId]
        : [],
    ),
  );
  const savedVaccines =
    keptVaccineIds.size === 0
      ? []
      : (await createVaccinesRepository(db).listVaccines()).filter((vaccine) =>
          keptVaccineIds.has(vaccine.id),
        );
  return {
    combination,
    inputs,
    knownDiseaseIds: await createCalendarsRepository(db).findDiseaseIds(notOffered),
    ...(savedColumns ? { savedColumns } : {}),
    savedVaccines,
    stampSecret: secret,
  };
}

function describeSaved(
  context: CalendarsContext,
  checked: CheckedCalendar,
  row: Pick<
    SummaryRow,
    | "id"
    | "createdAt"
    | "updatedAt"
    | "feedToken"
    | "vetEditedAt"
    | "vetEditedBy"
    | "vetEditedByPractice"
  >,
): CalendarSummary {
  return buildSummary(
    context,
    {
      ...row,
      calendarYear: checked.setupColumns.calendarYear,
      birthDate: checked.setupColumns.birthDate ?? null,
      breedingDate: checked.setupColumns.breedingDate ?? null,
    },
    checked.combination,
    checked.diseaseNames.join(", "),
  );
}

/**
 * POST /api/calendar: checks the calendar with the engine and stores it, with the account's terms
 * agreement, in one autocommitted statement (shared with the saves that reach the database at the
 * same time, decision 702), committed before the answer. The database refuses a calendar over the
 * cap.
 */
export async function createCalendar(
  context: CalendarsContext,
  userId: number,
  request: SubmitRequest,
): Promise<CalendarSummary> {
  checkPayloadAgreesWithRoute(request, null);
  const reference = await loadSubmissionReference(context, request.data);
  const checked = checkCalendarSubmission(request.data, reference, context.readToday());
  const now = context.clock();
  const feed = createFeedCredentials(context.secret);
  const contact = requireContact(request);
  const { termsAcceptedAt: _agreedAt, ...contactColumns } = toContactColumns(contact, now);
  const outcome = await findCalendarSaves(context.db).write({
    userId,
    agreesToTerms: contact.agree_to_terms === true,
    now,
    setupColumns: checked.setupColumns,
    contact: contactColumns,
    feedNonce: feed.nonce,
    feedTokenHash: feed.tokenHash,
    columns: checked.columns,
  });
  if (outcome.kind === "termsRequired") {
    throw invalidField("contact.agree_to_terms", calendarContactMessages.termsRequired);
  }
  if (outcome.kind === "overCap") {
    throw new AppError(ErrorCode.conflict, calendarMessages.tooManyCalendars);
  }
  return describeSaved(context, checked, {
    id: outcome.id,
    createdAt: now,
    updatedAt: now,
    feedToken: feed.token,
  });
}

/**
 * PUT /api/calendar/:id: replaces the whole calendar (PUT semantics: a column or shot left out is
 * deleted). The row is locked first, so two saves of one calendar run one after the other.
 */
export async function updateCalendar(
  context: CalendarsContext,
  key: UserCalendarKey,
  request: SubmitRequest,
): Promise<CalendarSummary> {
  // Access first: someone else's calendar is a 404 whatever the payload holds.
  const { calendar } = await requireAccessibleCalendar(context.db, key);
  checkPayloadAgreesWithRoute(request, key.calendarId);
  // A column whose product was retired since the calendar was saved may stay on it.
  const savedColumns = new Map(
    [...(await createCalendarsRepository(context.db).readColumnProtocols(calendar.id))].map(
      ([diseaseId, column]) => [diseaseId, column.vaccineId],
    ),
  );
  const reference = await loadSubmissionReference(context, request.data, savedColumns);
  const checked = checkCalendarSubmission(request.data, reference, context.readToday());
  const now = context.clock();
  // A save by a vet of the linked practice is recorded on the calendar for the farmer to see.
  const vetEditor =
    calendar.userId === key.userId
      ? null
      : await createCalendarsRepository(context.db).findVetEditor(key.userId);
  const vetEdit = vetEditor
    ? { vetEditedAt: now, vetEditedBy: vetEditor.name, vetEditedByPractice: vetEditor.practice }
    : undefined;
  const locked = await context.db.transaction(async (transaction) => {
    const repository = createCalendarsRepository(transaction);
    // Two saves of one calendar queue here; a calendar deleted meanwhile is not found.
    const row = await repository.lockCalendar(calendar.id);
    if (row === null) throw new AppError(ErrorCode.notFound, calendarMessages.notFound);
    // Decision 424: a save made on a version someone else has saved over since writes nothing.
    if (
      request.updated_at !== undefined &&
      Date.parse(request.updated_at) !== row.updatedAt.getTime()
    ) {
      throw new AppError(ErrorCode.conflict, calendarMessages.savedElsewhere);
    }
    // Decision 425: a vet's save neither asks for nor changes the farmer's details and terms; the
    // vet's own agreement is the vet account's business, not this calendar's.
    const contactColumns = vetEditor
      ? null
      : await settleOwnersContact(transaction, key.userId, requireContact(request), now);
    // Decision 427: a vet's run of saves keeps the plan before its first save for the farmer's
    // message, written with the save or not at all.
    const vetRun = vetEditor
      ? await beginVetChangeRun(transaction, calendar.id, key.userId, context.readToday())
      : null;
    // Every save moves the version on, even when the clock has not (decision 407's rule).
    const version = new Date(Math.max(now.getTime(), row.updatedAt.getTime() + 1));
    await repository.updateCalendarSetup(
      calendar.id,
      checked.setupColumns,
      // Decision 424: a vet's save keeps the farmer's confirmed contact details.
      contactColumns,
      version,
      vetEdit,
    );
    // Decision 405: a column that stays (same disease, same vaccine) keeps the protocol it was
    // generated from, so a protocol change not yet accepted is still told after an edit.
    const protocols = await repository.readColumnProtocols(calendar.id);
    const columns = checked.columns.map((column) => {
      const saved = protocols.get(column.diseaseId);
      return saved && saved.vaccineId === column.vaccineId
        ? { ...column, protocol: saved.protocol }
        : column;
    });
    await repository.deleteColumns(calendar.id);
    await repository.insertColumns(calendar.id, columns);
    // Decision 403: a given record stays while its shot is on the plan; the others go.
    await createGivenShotsRepository(transaction).deleteOrphanedGivenShots(calendar.id);
    if (vetEditor && vetRun) await recordVetChange(transaction, vetRun, vetEditor, now);
    return { ...row, updatedAt: version };
  });
  return describeSaved(context, checked, {
    ...calendar,
    ...vetEdit,
    updatedAt: locked.updatedAt,
    feedToken: readOwnersFeedToken(context, { ...calendar, ...locked }, key.userId),
  });
}

/** DELETE /api/calendars/:id: the calendar, its columns, shots and feed go together. */
export async function deleteCalendar(context: CalendarsContext, key: CalendarKey): Promise<void> {
  await context.db.transaction(async (transaction) => {
    const { calendar } = await requireAccessibleCalendar(transaction, key, {
      lockForUpdate: true,
    });
    await createCalendarsRepository(transaction).deleteCalendar(calendar.id);
  });
}

// Microseconds since 1970 fit 16 digits until the year 2286; more could overflow a bigint.
const cursorPattern = /^(\d{1,16})\.(\d{1,10})$/;

/** The opaque cursor is the last calendar's exact position, so deletes between pages skip nothing. */
function encodeListCursor(position: CalendarListPosition): string {
  return Buffer.from(`${position.createdAtMicros}.${position.id}`).toString("base64url");
}

function decodeListCursor(cursor: string): CalendarListPosition {
  const match = cursorPattern.exec(Buffer.from(cursor, "base64url").toString());
  const id = Number(match?.[2]);
  if (!match?.[1] || !Number.isSafeInteger(id) || id > 2_147_483_647) {
    throw createValidationError([
      { path: "query.cursor", message: calendarMessages.cursorInvalid },
    ]);
  }
  return { createdAtMicros: match[1], id };
}

/** GET /api/user/calendars: one page of the user's own calendars, newest first. */
export async function listCalendars(
  context: CalendarsContext,
  userId: number,
  page: { cursor?: string | undefined; limit: number },
): Promise<ListCalendarsResponse> {
  const after = page.cursor === undefined ? null : decodeListCursor(page.cursor);
  // One row more than the page says whether there is a next one.
  const rows = await createCalendarsRepository(context.db).listUserCalendars(userId, {
    after,
    limit: page.limit + 1,
  });
  const pageRows = rows.slice(0, page.limit);
  const last = pageRows.at(-1);
  return {
    calendars: pageRows.map((row) =>
      buildSummary(
        context,
        { ...row, feedToken: deriveFeedToken(context.secret, row.feedNonce) },
        row,
        row.diseases,
      ),
    ),
    nextCursor: rows.length > page.limit && last ? encodeListCursor(last) : null,
  };
}

/**
 * How far the detail lays copies out: the later of the end of the range a save used to store
 * (calendar year + 1) and the end of the 24 months the preview shows (the PDF prints the first 12
 * of them), so a caller never gets less than before and always what the printouts show (decision
 * 402).
 */
function findDetailHorizon(calendarYear: number, today: IsoDate): IsoDate {
  const savedRangeEnd = `${calendarYear + 1}-12-31`;
  const printedEnd = findPrintedWindow(today).to;
  return printedEnd > savedRangeEnd ? printedEnd : savedRangeEnd;
}

/**
 * GET /api/calendars/:id: docs/product.md §3's detail. The setup is the one saved, as a whole,
 * with the reference names; each column's shots are its plan laid out by the engine: every first
 * occurrence as saved and its copies up to the detail's horizon; and the warnings across the
 * owner's calendars of the same animals that name this one (decision 420).
 */
export async function readCalendarDetail(
  context: CalendarsContext,
  key: UserCalendarKey,
): Promise<CalendarDetail> {
  const { calendar, owner, names, columns, isAdult } = await loadSavedCalendar(context, key);
  const farm = await createCalendarsRepository(context.db).readOwnerFarm(owner.id);
  const summary = buildSummary(
    context,
    { ...calendar, feedToken: readOwnersFeedToken(context, calendar, key.userId) },
    names,
    columns.map((column) => column.diseaseName).join(", "),
  );
  const today = context.readToday();
  const savedSetup = CalendarSetupSchema.parse(calendar.setup);
  const diseases = expandStoredPlan(
    toEngineSetup(calendar, isAdult),
    columns,
    today,
    findDetailHorizon(calendar.calendarYear, today),
  );
  return {
    calendarId: calendar.id,
    setup: {
      ...savedSetup,
      enterprise: { id: calendar.enterpriseId, name: names.enterprise },
      animal: { id: calendar.animalId, name: names.animal, isAdult },
      season: { id: calendar.seasonId, name: names.season },
      birthDate: calendar.birthDate,
      breedingDate: calendar.breedingDate,
    },
    diseases: diseases.map((column) => ({
      id: column.id,
      vaccineId: column.vaccineId,
      shots: column.shots.map((shot) => ({ ...shot })),
    })),
    contact: readSavedContact(calendar),
    year: summary.year,
    created_at: summary.created_at,
    updated_at: summary.updated_at,
    previewImageUrl: summary.previewImageUrl,
    downloadUrl: summary.downloadUrl,
    ...(summary.feedUrls ? { feedUrls: summary.feedUrls } : {}),
    vet_edit: summary.vet_edit ?? null,
    farm_size: readFarmSizeBand(names.enterprise, farm),
    ...(calendar.userId === key.userId
      ? {}
      : { owner: { name: farm.ownerName, farm_name: owner.farmName } }),
    farmTimelineWarnings: await readFarmTimelineWarnings(context.db, owner.id, calendar.id, today),
  };
}

/** The owner's band as the detail carries it; a value outside the bands reads as none. */
function readFarmSizeBand(enterprise: string, farm: OwnerFarm): FarmSizeBand | null {
  const size = pickFarmSize(enterprise, farm);
  return farmSizeBands.find((band) => band === size) ?? null;
}
