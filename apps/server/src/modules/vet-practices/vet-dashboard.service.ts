import { brotliCompressSync, constants as zlibConstants, gzipSync } from "node:zlib";
import {
  DosesDueSchema,
  DosesDueSummarySchema,
  RoleName,
  vetPracticeLimits,
  type DoseRange,
  type DoseDueShot,
  type DoseDueVaccine,
  type DosesDue,
  type DosesDueSummary,
  type PracticeDigestSetting,
  type VetClient,
  type VetDashboard,
} from "@vaxcal/contracts";
import { addDays, type IsoDate } from "@vaxcal/schedule";
import { LRUCache } from "lru-cache";
import { runReads, type Db, type Executor } from "../../db/database.ts";
import type { VetMembership } from "./vet-membership.ts";
import { listOccurrencesOfCalendars } from "../calendars/index.ts";
import { createLookupCounts, type CacheReport } from "../../lib/cache-report.ts";
import { findWeekStart, type Clock } from "../../lib/clock.ts";
import {
  createVetDashboardRepository,
  type ClientCalendarRow,
} from "./vet-dashboard.repository.ts";

export type VetDashboardContext = {
  db: Db;
  clock: Clock;
  readToday: () => IsoDate;
};

/** GET /api/vet/dashboard: the practice, the caller's role, and its linked farmers. */
export async function readVetDashboard(
  context: VetDashboardContext,
  membership: VetMembership,
): Promise<VetDashboard> {
  const rows = await createVetDashboardRepository(context.db).listClientCalendars(
    membership.practiceId,
  );
  const clients = new Map<number, VetClient>();
  for (const row of rows) {
    let client = clients.get(row.clientId);
    if (!client) {
      client = {
        id: row.clientId,
        name: row.name,
        surname: row.surname,
        farm_name: row.farmName,
        town: row.town,
        county: row.county,
        herd_size: row.herdSize,
        flock_size: row.flockSize,
        calendars: [],
      };
      clients.set(row.clientId, client);
    }
    if (row.calendarId !== null && row.calendarYear !== null && row.updatedAt !== null) {
      client.calendars.push({
        id: row.calendarId,
        enterprise: row.enterprise ?? "",
        animal: row.animal ?? "",
        season: row.season ?? "",
        year: row.calendarYear,
        updated_at: row.updatedAt.toISOString(),
      });
    }
  }
  return {
    practice: membership.practice,
    role: membership.role === RoleName.vetManager ? RoleName.vetManager : RoleName.vet,
    clients: [...clients.values()],
  };
}

/** The weekly digest's setting for the manager's toggle (decision 602). */
export async function readDigestSetting(
  context: VetDashboardContext,
  practiceId: number,
): Promise<PracticeDigestSetting> {
  const setting = await createVetDashboardRepository(context.db).readDigestSetting(practiceId);
  return { digest_emails: setting.digestEmails, email_verified: setting.emailVerified };
}

export async function updateDigestSetting(
  context: VetDashboardContext,
  practiceId: number,
  digestEmails: boolean,
): Promise<PracticeDigestSetting> {
  await createVetDashboardRepository(context.db).updateDigestSetting(
    practiceId,
    digestEmails,
    context.clock(),
  );
  return readDigestSetting(context, practiceId);
}

/** docs/product.md §9's farm size bands as a number of animals: the doses one shot needs. */
const dosesByBand: Record<string, DoseRange> = {
  "1-50": { min: 1, max: 50 },
  "51-100": { min: 51, max: 100 },
  "101-200": { min: 101, max: 200 },
  "200+": { min: 201, max: null },
};

/** Sheep calendars count the flock; cattle calendars (Dairy, Beef) the herd. */
function estimateDoses(calendar: ClientCalendarRow): DoseRange | null {
  const band = calendar.enterprise === "Sheep" ? calendar.flockSize : calendar.herdSize;
  return band ? (dosesByBand[band] ?? null) : null;
}

/** The doses due window: today and the 8 weeks' days after it. */
export function findDosesDueWindow(today: IsoDate): { from: IsoDate; to: IsoDate } {
  return { from: today, to: addDays(today, vetPracticeLimits.dosesDueWeeks * 7 - 1) };
}

/**
 * Every client's shots in the window (the dashboard's: from today for 8 weeks; the weekly
 * digest's: this week and next), grouped by week (Monday), then vaccine, with dose estimates from
 * the farm's herd or flock size. Dates come from `listOccurrencesOfCalendars` (decision 402),
 * never recomputed here.
 */
export async function computeDosesDue(
  db: Executor,
  practiceId: number,
  window: { from: IsoDate; to: IsoDate },
): Promise<DosesDue> {
  const repository = createVetDashboardRepository(db);
  const [rows, diseaseNames, vaccineNames] = await runReads(db, [
    () => repository.listClientCalendars(practiceId),
    () => repository.readDiseaseNames(),
    () => repository.readVaccineNames(),
  ]);
  const calendarsById = new Map<number, ClientCalendarRow>();
  for (const row of rows) {
    if (row.calendarId === null) continue;
    calendarsById.set(row.calendarId, row as ClientCalendarRow);
  }
  const occurrences = await listOccurrencesOfCalendars(
    db,
    [...calendarsById.keys()],
    window.from,
    window.to,
  );

  const weeks = new Map<IsoDate, Map<string, DoseDueVaccine>>();
  for (const occurrence of occurrences) {
    const calendar = calendarsById.get(occurrence.calendarId);
    // A shot the farm marked as given needs no more doses.
    if (!calendar || occurrence.given) continue;
    const weekStart = findWeekStart(occurrence.date);
    const vaccineName =
      (occurrence.vaccineId !== null ? vaccineNames.get(occurrence.vaccineId) : undefined) ??
      occurrence.customName ??
      "No vaccine named";
    const vaccineKey = `${occurrence.vaccineId ?? "none"}:${vaccineName}`;
    const byVaccine = weeks.get(weekStart) ?? new Map<string, DoseDueVaccine>();
    weeks.set(weekStart, byVaccine);
    const entry = byVaccine.get(vaccineKey) ?? {
      vaccine_id: occurrence.vaccineId,
      vaccine: vaccineName,
      doses: { min: 0, max: 0 },
      unknown_farms: 0,
      shots: [],
    };
    byVaccine.set(vaccineKey, entry);
    const doses = estimateDoses(calendar);
    const shot: DoseDueShot = {
      calendar_id: occurrence.calendarId,
      client_id: calendar.clientId,
      client_name: `${calendar.name} ${calendar.surname}`,
      farm_name: calendar.farmName,
      date: occurrence.date,
      disease: diseaseNames.get(occurrence.diseaseId) ?? "",
      animal: calendar.animal,
      doses,
    };
    entry.shots.push(shot);
    if (doses) {
      entry.doses.min += doses.min;
      entry.doses.max =
        entry.doses.max === null || doses.max === null ? null : entry.doses.max + doses.max;
    } else {
      entry.unknown_farms += 1;
    }
  }

  return {
    from: window.from,
    to: window.to,
    weeks: [...weeks.entries()]
      .sort(([a], [b]) => a.localeCompare(b))
      .map(([weekStart, byVaccine]) => ({
        week_start: weekStart,
        vaccines: [...byVaccine.values()]
          .sort((a, b) => a.vaccine.localeCompare(b.vaccine))
          .map((entry) => ({
            ...entry,
            shots: entry.shots.sort(
              (a, b) =>
                a.date.localeCompare(b.date) ||
                a.client_name.localeCompare(b.client_name) ||
                a.calendar_id - b.calendar_id,
            ),
          })),
      })),
  };
}

/**
 * The doses due of one practice as answered: the value, its JSON, and the JSON compressed, each
 * made once per cache entry. Thousands of shots make a large answer: validating, serialising and
 * compressing it on every request would cost far more than reading the fingerprint.
 */
export type EncodedJson = { json: string; encoded: Partial<Record<"br" | "gzip", Buffer>> };

export type DosesDueAnswer = {
  value: DosesDue;
  /** The summary's JSON, and each week's, made when first asked for. */
  summary: EncodedJson;
  weeks: Map<IsoDate, EncodedJson>;
};

/** The weeks and vaccines with their totals, without the shots. */
export function summariseDosesDue(dosesDue: DosesDue): DosesDueSummary {
  return {
    from: dosesDue.from,
    to: dosesDue.to,
    weeks: dosesDue.weeks.map((week) => ({
      week_start: week.week_start,
      shot_count: week.vaccines.reduce((count, vaccine) => count + vaccine.shots.length, 0),
      vaccines: week.vaccines.map(({ shots, ...vaccine }) => ({
        ...vaccine,
        shot_count: shots.length,
        farm_count: new Set(shots.map((shot) => shot.client_id)).size,
      })),
    })),
  };
}

/** One week's shots as JSON, or null for a week the answer does not hold. */
export function readDosesDueWeek(answer: DosesDueAnswer, weekStart: string): EncodedJson | null {
  const cached = answer.weeks.get(weekStart);
  if (cached) return cached;
  const week = answer.value.weeks.find((candidate) => candidate.week_start === weekStart);
  if (!week) return null;
  const encoded: EncodedJson = { json: JSON.stringify(week), encoded: {} };
  answer.weeks.set(weekStart, encoded);
  return encoded;
}

type CachedDosesDue = { key: string; answer: DosesDueAnswer; bytes: number };
/** The most the practices' doses due may take in one process (issue 28, item 8). */
export const dosesDueMaxBytes = 32 * 1024 * 1024;
/**
 * An answer's bytes, over-estimated from its JSON before the encodings exist: the parsed value
 * (about twice its JSON), each week's JSON made on demand (the value once more), and their Brotli
 * and gzip encodings (well under the JSON twice).
 */
const estimateAnswerBytes = (json: string) => 5 * Buffer.byteLength(json);

/** JSON in an encoding the client accepts (brotli, then gzip), made once per answer. */
export function encodeJson(
  answer: EncodedJson,
  acceptEncoding: string | undefined,
): { body: string | Buffer; encoding: "br" | "gzip" | null } {
  const accepted = (acceptEncoding ?? "").toLowerCase();
  const encoding = /\bbr\b/.test(accepted) ? "br" : /\bgzip\b/.test(accepted) ? "gzip" : null;
  if (encoding === null) return { body: answer.json, encoding };
  answer.encoded[encoding] ??=
    encoding === "br"
      ? brotliCompressSync(answer.json, {
          params: { [zlibConstants.BROTLI_PARAM_QUALITY]: 4 },
        })
      : gzipSync(answer.json);
  return { body: answer.encoded[encoding], encoding };
}

/**
 * The doses due, kept per practice for as long as nothing they depend on changes: the key is
 * today and the practice's clients version, which triggers bump in the transaction of every
 * change to a linked farmer or their calendars (migration 0009) and which the caller's
 * membership already carries. So an edit, a link or a new day is seen on the next request, and
 * an unchanged practice costs no query of its own. Like the rendered PDFs and feeds, each node
 * keeps its own cache.
 */
export function createDosesDueReader(context: VetDashboardContext) {
  // The least recently computed practice goes first: a hit is read with peek, as before.
  const cache = new LRUCache<number, CachedDosesDue>({
    maxSize: dosesDueMaxBytes,
    sizeCalculation: ({ bytes }) => bytes,
  });
  const lookups = createLookupCounts();
  async function readDosesDue(membership: VetMembership): Promise<DosesDueAnswer> {
    const today = context.readToday();
    const key = `${today}|${membership.clientsVersion}`;
    const cached = cache.peek(membership.practiceId);
    const hit = lookups.count(cached?.key === key ? cached.answer : undefined);
    if (hit) return hit;
    // Checked against the contract once, here, as the route's serialiser would on every answer.
    const value = DosesDueSchema.parse(
      await computeDosesDue(context.db, membership.practiceId, findDosesDueWindow(today)),
    );
    const summary = DosesDueSummarySchema.parse(summariseDosesDue(value));
    const answer: DosesDueAnswer = {
      value,
      summary: { json: JSON.stringify(summary), encoded: {} },
      weeks: new Map(),
    };
    const bytes = estimateAnswerBytes(JSON.stringify(value));
    cache.set(membership.practiceId, { key, answer, bytes });
    return answer;
  }
  return Object.assign(readDosesDue, {
    describe: (): CacheReport => ({
      entries: cache.size,
      bytes: cache.calculatedSize,
      maxBytes: dosesDueMaxBytes,
      ...lookups.read(),
    }),
  });
}

function escapeCsv(value: string | number): string {
  const text = String(value);
  // A leading =, +, - or @ would run as a formula in a spreadsheet.
  const safe = /^[=+\-@\t\r]/.test(text) ? `'${text}` : text;
  return /[",\n\r]/.test(safe) ? `"${safe.replace(/"/g, '""')}"` : safe;
}

function formatDoses(doses: DoseRange | null): string {
  if (!doses) return "";
  return doses.max === null ? `${doses.min}+` : `${doses.min} to ${doses.max}`;
}

/** The doses due as CSV, one row per shot, for ordering stock in a spreadsheet. */
export function renderDosesDueCsv(dosesDue: DosesDue): string {
  const lines = [
    ["Week starting", "Vaccine", "Date", "Farmer", "Farm", "Animal", "Disease", "Doses"],
  ];
  for (const week of dosesDue.weeks) {
    for (const vaccine of week.vaccines) {
      for (const shot of vaccine.shots) {
        lines.push([
          week.week_start,
          vaccine.vaccine,
          shot.date,
          shot.client_name,
          shot.farm_name ?? "",
          shot.animal,
          shot.disease,
          formatDoses(shot.doses),
        ]);
      }
    }
  }
  return `${lines.map((line) => line.map(escapeCsv).join(",")).join("\r\n")}\r\n`;
}

/**
 * The doses due of one practice in a window, as the dashboard computes them: the weekly practice digest
 * (decision 602) reads them through this, wired by app.ts.
 */
export function createPracticeDosesDueReader(db: Executor) {
  return (practiceId: number, window: { from: IsoDate; to: IsoDate }) =>
    computeDosesDue(db, practiceId, window);
}
