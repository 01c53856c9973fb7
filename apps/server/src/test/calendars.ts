import { execFileSync } from "node:child_process";
import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import {
  calendarLimits,
  largestId,
  RoleName,
  type CalendarFeedUrls,
  type SubmitCalendarRequest,
} from "@vaxcal/contracts";
import { referenceData } from "@vaxcal/reference-data";
import {
  addShot,
  buildCalendar,
  prepareForSubmit,
  updateShotDate,
  type Calendar,
  type CalendarSetup,
  type IsoDate,
} from "@vaxcal/schedule";
import type { Executor } from "../db/database.ts";
import { userRoles, users, vetPracticeMembers } from "../db/schema/accounts.ts";
import { startSession } from "../auth/sessions.ts";
import { type CalendarDocument, toStoredSeeds } from "../modules/calendars/index.ts";

/*
 * Factories for the saved-calendar tests and benchmarks: calendars built by the real engine from
 * the seeded reference data (the same rows the test database holds), and vet users written
 * straight into the database, since vet registration does not exist yet.
 */

/** A fixed day, so the engine lays the calendars out the same in every run. */
export const testToday: IsoDate = "2026-03-02";

type SetupChoice = {
  enterpriseId: number;
  animalId: number;
  seasonId: number;
  birthDate: IsoDate | null;
  breedingDate: IsoDate | null;
};

/** Dairy, spring calving cows: calving 1 Feb 2026, breeding 25 Apr 2026. */
export const dairySpringCows: SetupChoice = {
  enterpriseId: 1,
  animalId: 1,
  seasonId: 1,
  birthDate: "2026-02-01",
  breedingDate: "2026-04-25",
};

function findName(list: readonly { id: number; name: string }[], id: number): string {
  const found = list.find((item) => item.id === id);
  if (!found) throw new Error(`no reference item ${id}`);
  return found.name;
}

/** The setup as the submit payload carries it (docs/product.md §3), with the reference names. */
export function buildPayloadSetup(choice: SetupChoice): SubmitCalendarRequest["data"]["setup"] {
  const animal = referenceData.animals.find((candidate) => candidate.id === choice.animalId);
  if (!animal) throw new Error(`no animal ${choice.animalId}`);
  return {
    enterprise: {
      id: choice.enterpriseId,
      name: findName(referenceData.enterprises, choice.enterpriseId),
    },
    animal: { id: animal.id, name: animal.name, isAdult: animal.isAdult },
    season: { id: choice.seasonId, name: findName(referenceData.seasons, choice.seasonId) },
    birthDate: choice.birthDate,
    breedingDate: choice.breedingDate,
  };
}

/** The animal's offered diseases, in reference order; `count` keeps the first ones. */
export function listOfferedDiseaseIds(animalId: number, count?: number): number[] {
  const ids = referenceData.diseases
    .filter((disease) => disease.animals.some((offer) => offer.animal_id === animalId))
    .map((disease) => disease.id);
  return count === undefined ? ids : ids.slice(0, count);
}

/** Step 2's calendar as the browser builds it, before any edit. */
export function buildEngineCalendar(
  choice: SetupChoice = dairySpringCows,
  diseaseIds: readonly number[] = listOfferedDiseaseIds(choice.animalId),
): Calendar {
  const animal = referenceData.animals.find((candidate) => candidate.id === choice.animalId);
  if (!animal) throw new Error(`no animal ${choice.animalId}`);
  const setup: CalendarSetup = {
    enterprise: { id: choice.enterpriseId },
    season: { id: choice.seasonId },
    animal: { id: animal.id, isAdult: animal.isAdult },
    birthDate: choice.birthDate,
    breedingDate: choice.breedingDate,
  };
  return buildCalendar({
    setup,
    diseases: diseaseIds.map((id) => {
      const disease = referenceData.diseases.find((candidate) => candidate.id === id);
      if (!disease) throw new Error(`no disease ${id}`);
      return disease;
    }),
    vaccines: referenceData.vaccines,
    shotTemplates: referenceData.shotTemplates,
    today: testToday,
  });
}

/**
 * The confirm popup as a farmer fills it in (docs/product.md §3 contact details), with a vet named.
 */
export function buildContact(overrides: Partial<SubmitCalendarRequest["contact"]> = {}) {
  return {
    name: "Máire",
    surname: "Ní Dhomhnaill",
    phone_number: "087 123 4567",
    vet_email_address: "clinic@macroomvets.example.ie",
    email: "maire@example.ie",
    agree_to_terms: true,
    ...overrides,
  } satisfies SubmitCalendarRequest["contact"];
}

/** What "Finish calendar" sends for a calendar the engine laid out (docs/product.md §3 payload). */
export function buildSubmitPayload(
  calendar: Calendar,
  choice: SetupChoice = dairySpringCows,
  options: {
    action?: "create" | "update";
    calendarId?: number | null;
    contact?: SubmitCalendarRequest["contact"];
  } = {},
): SubmitCalendarRequest {
  const prepared = prepareForSubmit(calendar);
  if (!prepared.ok) throw new Error(prepared.error.message);
  return {
    calendarId: options.calendarId ?? null,
    action: options.action ?? "create",
    contact: options.contact ?? buildContact(),
    data: {
      setup: buildPayloadSetup(choice),
      // JSON round trip: what travels is plain data, not the engine's frozen objects.
      diseases: JSON.parse(
        JSON.stringify(prepared.value.diseases),
      ) as SubmitCalendarRequest["data"]["diseases"],
    },
  };
}

/** A farmer's edits: the first shot moved to `movedTo`, and a shot added on `addedOn`. */
export function editCalendar(calendar: Calendar, movedTo: IsoDate, addedOn: IsoDate): Calendar {
  const firstColumn = calendar.diseases[0];
  const firstShot = firstColumn?.shots.find((shot) => !shot.isMirroredCopy);
  if (!firstColumn || !firstShot) throw new Error("the calendar has no shot to edit");
  const moved = updateShotDate(calendar, firstShot.id, movedTo);
  if (!moved.ok) throw new Error(moved.error.message);
  const added = addShot(moved.value, firstColumn.diseaseId, addedOn);
  if (!added.ok) throw new Error(added.error.message);
  return added.value;
}

/** The feed links of an owner's answer; only the owner gets them (issue 23, M1). */
export function requireFeedUrls(calendar: { feedUrls?: CalendarFeedUrls | undefined }) {
  if (!calendar.feedUrls) throw new Error("the answer carries no feed links");
  return calendar.feedUrls;
}

let vetSequence = 0;

/**
 * A vet (role VET_MANAGER) who belongs to `vetPracticeId`, with a live session, written straight
 * into the database. Link a farmer to the practice with `linkFarmerToPractice`.
 */
export async function createVetUser(
  executor: Executor,
  vetPracticeId: number,
  now = new Date(),
): Promise<{ id: number; token: string }> {
  vetSequence += 1;
  const [vet] = await executor
    .insert(users)
    .values({
      email: `vet.${vetSequence}.${Date.now()}@practice.example.ie`,
      passwordHash: "not-a-real-hash",
      name: "Niamh",
      surname: "Ní Bhriain",
      address1: "Mart Road",
      town: "Macroom",
      eircode: "P12 X4K7",
      county: "Cork",
      country: "Ireland",
      termsAcceptedAt: now,
    })
    .returning({ id: users.id });
  if (!vet) throw new Error("vet insert returned no row");
  await executor.insert(userRoles).values({ userId: vet.id, role: RoleName.vetManager });
  await executor.insert(vetPracticeMembers).values({ userId: vet.id, vetPracticeId });
  const { token } = await startSession(executor, vet.id, now);
  return { id: vet.id, token };
}

/** A 3-year calendar with 6 diseases and an Irish farm name, for the PDF test and benchmark. */
export function buildSampleCalendarDocument(): CalendarDocument {
  const diseaseIds = listOfferedDiseaseIds(dairySpringCows.animalId, 6);
  const calendar = editCalendar(
    buildEngineCalendar(dairySpringCows, diseaseIds),
    "2026-01-09",
    "2027-06-18",
  );
  const prepared = prepareForSubmit(calendar);
  if (!prepared.ok) throw new Error(prepared.error.message);
  return {
    id: 42,
    year: calendar.calendarYear,
    updatedAt: new Date("2026-03-02T10:00:00Z"),
    farmName: "Ó Súilleabháin's Farm, Dún Laoghaire",
    username: "seán.ó.súilleabháin@example.ie",
    names: { enterprise: "Dairy", animal: "Cows", season: "Spring calving" },
    birthLabel: "Calving",
    birthDate: dairySpringCows.birthDate,
    breedingDate: dairySpringCows.breedingDate,
    vetEmailAddress: "clinic@macroomvets.example.ie",
    practiceName: "Macroom Veterinary Clinic",
    practicePhone: "026 41234",
    farmSize: "51-100",
    givenShots: [],
    columns: prepared.value.diseases.map((column) => {
      const disease = referenceData.diseases.find((candidate) => candidate.id === column.id);
      const vaccine = referenceData.vaccines.find((candidate) => candidate.id === column.vaccineId);
      if (!disease) throw new Error(`no disease ${column.id}`);
      return {
        diseaseId: column.id,
        vaccineId: column.vaccineId,
        diseaseName: disease.name,
        footnote: disease.footnote,
        footnoteNumber: disease.footnoteNumber,
        vaccine: vaccine
          ? {
              name: vaccine.name,
              accentColor: vaccine.accent_color,
              vaccineType: vaccine.vaccine_type,
            }
          : null,
        // The plan, as a save stores it: the first occurrences, copies derived on read.
        seeds: toStoredSeeds(column.id, column.shots),
        protocol: [],
      };
    }),
  };
}

/** A PDF's text as pdftotext (poppler) lays it out, as a reader of the printout sees it. */
export function readPdfText(pdf: Buffer): string {
  const folder = mkdtempSync(path.join(tmpdir(), "vaxcal-pdf-"));
  try {
    const file = path.join(folder, "calendar.pdf");
    writeFileSync(file, pdf);
    return execFileSync("pdftotext", ["-layout", file, "-"], { encoding: "utf8" });
  } finally {
    rmSync(folder, { recursive: true, force: true });
  }
}

/** A shot with every field wrong: each one is an issue of its own (security round 3, H1). */
const invalidShot = {
  id: "!",
  diseaseId: -1,
  templateId: "x",
  date: "x",
  custom_name: 1,
  is_recurrent: -1,
  cycle: 0,
  userInitiated: "x",
};

/**
 * A save of 30 columns of invalid shots, at least `targetBytes` long as JSON (the attack of
 * security round 3, H1): up to 200 shots a column, each column within its own limit, so every
 * shot would be checked field by field; past 6,000 shots, each shot's id is made longer. Or
 * `shots` invalid shots in one column. Returned as the JSON text, so sending it costs nothing.
 */
export function buildInvalidSaveBody(size: { targetBytes: number } | { shots: number }): string {
  const valid = buildSubmitPayload(buildEngineCalendar());
  const [first] = valid.data.diseases;
  if (!first) throw new Error("the sample calendar has no disease");
  let columns = 1;
  let shot = invalidShot;
  let shotsPerColumn = "shots" in size ? size.shots : 0;
  if ("targetBytes" in size) {
    columns = 30;
    const shotBytes = JSON.stringify(invalidShot).length + 1;
    shotsPerColumn = Math.min(200, Math.ceil(size.targetBytes / (columns * shotBytes)));
    const padding = Math.ceil(size.targetBytes / (columns * shotsPerColumn)) - shotBytes;
    if (padding > 0) shot = { ...invalidShot, id: invalidShot.id.repeat(padding + 1) };
  }
  const diseases = Array.from({ length: columns }, () => ({
    ...first,
    shots: Array.from({ length: shotsPerColumn }, () => shot),
  }));
  return JSON.stringify({ ...valid, data: { ...valid.data, diseases } });
}

/**
 * The largest invalid save a client can send within the save's body limit: the attack of security
 * round 3, H1, at the size the server still parses.
 */
export const largestInvalidSaveBytes = calendarLimits.saveBodyBytes - 10_000;

/**
 * A save with every list and text at its limit, in three-byte characters (the longest UTF-8 a
 * typed character of a name takes; JSON.stringify escapes none of them): the most bytes a valid
 * save can take, so the body limit can be checked against it. Its ids name nothing real, so the
 * server answers it with a 400 on content, after parsing it.
 */
export function buildLargestValidSave(): SubmitCalendarRequest {
  const longText = "€".repeat(calendarLimits.text);
  const largeId = largestId;
  const shotId = (index: number) => `s${index}`.padEnd(calendarLimits.shotId, "x");
  const email = `${"a".repeat(64)}@${"b".repeat(185)}.ie`;
  const date = `${calendarLimits.lastYear}-12-31`;
  const shotsPerDisease = Math.ceil(calendarLimits.shots / calendarLimits.diseases);
  let shotCount = 0;
  const diseases = Array.from({ length: calendarLimits.diseases }, (_, diseaseIndex) => {
    const shots = [];
    for (let count = 0; count < shotsPerDisease && shotCount < calendarLimits.shots; count += 1) {
      shots.push({
        id: shotId(shotCount),
        diseaseId: largeId - diseaseIndex,
        templateId: largeId,
        date,
        custom_name: longText,
        is_recurrent: calendarLimits.recurrence,
        cycle: calendarLimits.cycle,
        userInitiated: false,
        show_once: false,
        sourceShotId: shotId((shotCount += 1)),
        isMirroredCopy: false,
        yearIndex: -largeId,
        row: -largeId,
        orderInMonth: -largeId,
        isBooster: false,
      });
    }
    return {
      id: largeId - diseaseIndex,
      vaccineId: largeId,
      protocolStamp: "a".repeat(calendarLimits.protocolStamp),
      shots,
    };
  });
  return {
    calendarId: largeId,
    action: "update",
    contact: {
      name: longText,
      surname: longText,
      phone_number: `+${"1".repeat(23)}`,
      email,
      vet_email_address: email,
      agree_to_terms: true,
    },
    data: {
      setup: {
        enterprise: { id: largeId, name: longText },
        animal: { id: largeId, name: longText, isAdult: true },
        season: { id: largeId, name: longText },
        birthDate: date,
        birthEndDate: date,
        breedingDate: date,
        herdStatus: Object.fromEntries(
          diseases.map((disease) => [String(disease.id), "unprimed" as const]),
        ),
        lungwormRisk: false,
      },
      diseases,
    },
  };
}
