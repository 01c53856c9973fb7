import {
  ApplyProtocolUpdateResponseSchema,
  CalendarDetailSchema,
  ErrorBodySchema,
  ScopedDiseasesResponseSchema,
  calendarMessages,
  ListProtocolUpdatesResponseSchema,
  ProtocolUpdatePreviewSchema,
  SubmitCalendarResponseSchema,
  protocolUpdateMessages,
  type SubmitCalendarRequest,
} from "@vaxcal/contracts";
import { addDays, addShot, updateShotDate } from "@vaxcal/schedule";
import { sql } from "drizzle-orm";
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import {
  AnimalId,
  DiseaseId,
  VaccineId,
  referenceDataWithWindows as referenceData,
} from "@vaxcal/reference-data";
import { changeReferenceData } from "../../../db/reference-changes.ts";
import { seedReferenceData } from "../../../db/seed.ts";
import { listCalendarOccurrences } from "../calendars/calendar-occurrences.ts";
import { createTestApp, type TestApp } from "../../../test/app.ts";
import { asUser, registerUser, type RegisteredUser } from "../../../test/accounts.ts";
import { createCalendarsRepository } from "../calendars/calendars.repository.ts";
import {
  buildEngineCalendar,
  buildSubmitPayload,
  createVetUser,
  dairySpringCows,
  testToday,
} from "../../../test/calendars.ts";

/*
 * Decision 405: a saved calendar keeps its shots when the protocol behind it changes; its farmer
 * (or the linked practice) previews the difference and applies it in one go.
 */

const now = new Date(`${testToday}T10:00:00Z`);
const linkedPractice = 1;
let testApp: TestApp;
let farmer: RegisteredUser;
let otherFarmer: RegisteredUser;
let vetToken = "";

beforeAll(async () => {
  testApp = await createTestApp({ publicUrl: "https://vaxcal.example.ie" }, () => now);
  farmer = await registerUser(testApp.app, { vet_id: linkedPractice });
  otherFarmer = await registerUser(testApp.app);
  vetToken = (await createVetUser(testApp.database.db, linkedPractice, now)).token;
});
afterAll(() => testApp.close());

const engineCalendar = buildEngineCalendar();
/** Disease 1's protocol shot: template 2, every year from 28 March 2026 (spring calving cows). */
const templateId = 2;
const shotId = "1-2";
const savedDate = "2026-03-28";

type TemplateRow = Record<string, unknown>;
let restoreTemplates: (() => Promise<void>) | null = null;

/** Changes shot_templates as the admin protocol API does: SQL inside changeReferenceData. */
async function changeTemplates(statement: ReturnType<typeof sql>) {
  const db = testApp.database.db;
  const before = (await db.execute<TemplateRow>(sql`SELECT * FROM shot_templates ORDER BY id`))
    .rows;
  await changeReferenceData(db, (transaction) => transaction.execute(statement));
  restoreTemplates ??= async () => {
    await changeReferenceData(db, async (transaction) => {
      await transaction.execute(sql`DELETE FROM shot_templates`);
      await transaction.execute(sql`
        INSERT INTO shot_templates SELECT * FROM json_populate_recordset(
          NULL::shot_templates, ${JSON.stringify(before)}::json)`);
    });
  };
}

afterEach(async () => {
  await restoreTemplates?.();
  restoreTemplates = null;
});

const moveTemplateAWeek = () =>
  changeTemplates(sql`UPDATE shot_templates SET birth_days = birth_days + 7,
    breeding_days = breeding_days + 7 WHERE id = ${templateId}`);

async function saveCalendar(payload: SubmitCalendarRequest = buildSubmitPayload(engineCalendar)) {
  const response = await testApp.app.inject(
    asUser(farmer.token, { method: "POST", url: "/api/calendar", payload }),
  );
  expect(response.statusCode, response.body).toBe(201);
  return SubmitCalendarResponseSchema.parse(response.json()).calendar.id;
}

async function preview(calendarId: number, token = farmer.token) {
  const response = await testApp.app.inject(
    asUser(token, { method: "GET", url: `/api/calendars/${calendarId}/protocol-update` }),
  );
  expect(response.statusCode, response.body).toBe(200);
  return ProtocolUpdatePreviewSchema.parse(response.json());
}

function apply(calendarId: number, updateToken: string, token = farmer.token) {
  return testApp.app.inject(
    asUser(token, {
      method: "POST",
      url: `/api/calendars/${calendarId}/protocol-update`,
      payload: { token: updateToken },
    }),
  );
}

async function readDetail(calendarId: number) {
  const response = await testApp.app.inject(
    asUser(farmer.token, { method: "GET", url: `/api/calendars/${calendarId}` }),
  );
  expect(response.statusCode, response.body).toBe(200);
  return CalendarDetailSchema.parse(response.json());
}

async function readShotDate(calendarId: number, id = shotId) {
  const detail = await readDetail(calendarId);
  return detail.diseases.flatMap((column) => column.shots).find((shot) => shot.id === id)?.date;
}

async function listWaiting(token = farmer.token) {
  const response = await testApp.app.inject(
    asUser(token, { method: "GET", url: "/api/user/calendars/protocol-updates" }),
  );
  expect(response.statusCode, response.body).toBe(200);
  return ListProtocolUpdatesResponseSchema.parse(response.json()).calendarIds;
}

describe("a calendar whose protocol has not changed", () => {
  it("has nothing to update", async () => {
    const id = await saveCalendar();
    expect(await preview(id)).toEqual({ changes: [], token: null });
    expect(await listWaiting()).not.toContain(id);
    // The one statement My Calendars runs finds nothing to confirm with the engine.
    const candidates = await createCalendarsRepository(
      testApp.database.db,
    ).listCalendarsWithChangedProtocols(farmer.id);
    expect(candidates.map((calendar) => calendar.id)).not.toContain(id);
    const response = await apply(id, "anything");
    expect(response.statusCode).toBe(409);
    expect(response.json().error.message).toBe(protocolUpdateMessages.nothingToUpdate);
  });
});

describe("a protocol shot moved by a week after the calendar was saved", () => {
  it("leaves the saved calendar as it was, and says what would change", async () => {
    const id = await saveCalendar();
    await moveTemplateAWeek();
    expect(await readShotDate(id)).toBe(savedDate);
    const { changes, token } = await preview(id);
    expect(changes).toEqual([
      {
        kind: "moved",
        diseaseId: 1,
        diseaseName: expect.any(String),
        shotId,
        name: expect.any(String),
        before: { date: savedDate, is_recurrent: 1 },
        after: { date: addDays(savedDate, 7), is_recurrent: 1 },
        reason: null,
        product: null,
      },
    ]);
    expect(token).toEqual(expect.any(String));
    expect(await listWaiting()).toContain(id);
    expect(await listWaiting(otherFarmer.token)).toEqual([]);
  });

  it("applies it on confirm: the new date, a new version, reminders on the new date", async () => {
    const id = await saveCalendar();
    const before = await readDetail(id);
    await moveTemplateAWeek();
    const { token } = await preview(id);
    const response = await apply(id, token!);
    expect(response.statusCode, response.body).toBe(200);
    const answer = ApplyProtocolUpdateResponseSchema.parse(response.json());
    expect(answer.message).toBe(protocolUpdateMessages.updated);
    const after = await readDetail(id);
    expect(await readShotDate(id)).toBe(addDays(savedDate, 7));
    // Every other shot stays as it was.
    const others = (detail: typeof before) =>
      detail.diseases
        .flatMap((column) => column.shots)
        .filter((shot) => !shot.id.startsWith(shotId));
    expect(others(after)).toEqual(others(before));
    expect(after.updated_at).toBe(answer.updated_at);
    expect(await preview(id)).toEqual({ changes: [], token: null });
    expect(await listWaiting()).not.toContain(id);
    // The reminders read the plan: next year's copy is on the new date.
    const occurrences = await listCalendarOccurrences(
      testApp.database.db,
      id,
      "2027-03-01",
      "2027-04-30",
    );
    expect(occurrences.map((occurrence) => occurrence.date)).toContain(addDays("2027-03-28", 7));
    expect(occurrences.map((occurrence) => occurrence.date)).not.toContain("2027-03-28");
  });

  it("refuses a stale preview and writes nothing", async () => {
    const id = await saveCalendar();
    await moveTemplateAWeek();
    const first = await preview(id);
    await changeTemplates(
      sql`UPDATE shot_templates SET birth_days = birth_days + 1, breeding_days = breeding_days + 1
        WHERE id = ${templateId}`,
    );
    const response = await apply(id, first.token!);
    expect(response.statusCode).toBe(409);
    expect(response.json().error.message).toBe(protocolUpdateMessages.changedMeanwhile);
    expect(await readShotDate(id)).toBe(savedDate);
  });

  it("is the same 404 as any calendar route for another farmer, who can change nothing", async () => {
    const id = await saveCalendar();
    await moveTemplateAWeek();
    const { token } = await preview(id);
    const read = await testApp.app.inject(
      asUser(otherFarmer.token, { method: "GET", url: `/api/calendars/${id}/protocol-update` }),
    );
    expect(read.statusCode).toBe(404);
    const write = await apply(id, token!, otherFarmer.token);
    expect(write.statusCode).toBe(404);
    expect(await readShotDate(id)).toBe(savedDate);
    const visitor = await testApp.app.inject({
      method: "GET",
      url: `/api/calendars/${id}/protocol-update`,
    });
    expect(visitor.statusCode).toBe(401);
  });

  it("can be previewed and applied by a vet of the linked practice", async () => {
    const id = await saveCalendar();
    await moveTemplateAWeek();
    const { token } = await preview(id, vetToken);
    expect((await apply(id, token!, vetToken)).statusCode).toBe(200);
    expect(await readShotDate(id)).toBe(addDays(savedDate, 7));
    expect((await readDetail(id)).vet_edit).not.toBeNull();
  });

  it("is still told after the farmer edits the calendar without updating it", async () => {
    const id = await saveCalendar();
    await moveTemplateAWeek();
    const payload = buildSubmitPayload(engineCalendar, undefined, {
      action: "update",
      calendarId: id,
    });
    const response = await testApp.app.inject(
      asUser(farmer.token, { method: "PUT", url: `/api/calendar/${id}`, payload }),
    );
    expect(response.statusCode, response.body).toBe(200);
    expect((await preview(id)).changes.map((change) => change.kind)).toEqual(["moved"]);
  });
});

describe("the farmer's own choices", () => {
  it("keeps a shot whose date the farmer chose, and says so", async () => {
    const chosen = "2026-04-02";
    const edited = updateShotDate(engineCalendar, shotId, chosen);
    if (!edited.ok) throw new Error(edited.error.message);
    const id = await saveCalendar(buildSubmitPayload(edited.value));
    await moveTemplateAWeek();
    const { changes, token } = await preview(id);
    expect(changes).toEqual([
      expect.objectContaining({
        kind: "kept",
        shotId,
        reason: "chosen",
        before: { date: chosen, is_recurrent: 1 },
      }),
    ]);
    expect((await apply(id, token!)).statusCode).toBe(200);
    expect(await readShotDate(id)).toBe(chosen);
    // Accepted: the farmer is not told again.
    expect(await preview(id)).toEqual({ changes: [], token: null });
  });

  it("keeps a shot marked as given, with its record", async () => {
    const id = await saveCalendar();
    const given = await testApp.app.inject(
      asUser(farmer.token, {
        method: "PUT",
        url: `/api/calendars/${id}/given-shots/${shotId}`,
        payload: { givenOn: "2026-03-01", batch: "A1" },
      }),
    );
    // Planned for 28 March, given early (today is 2 March).
    expect(given.statusCode, given.body).toBe(200);
    await moveTemplateAWeek();
    const { changes } = await preview(id);
    expect(changes).toEqual([expect.objectContaining({ kind: "kept", shotId, reason: "given" })]);
  });
});

describe("templates added to and removed from the protocol", () => {
  it("adds a new template's shot and removes a removed template's", async () => {
    const id = await saveCalendar();
    await changeTemplates(sql`
      WITH removed AS (DELETE FROM shot_templates WHERE id = ${templateId})
      INSERT INTO shot_templates (vaccine_id, animal_id, birth_days, breeding_days, custom_name,
        is_recurrent)
      SELECT vaccine_id, animal_id, birth_days + 30, breeding_days + 30, 'Second dose', 1
      FROM shot_templates WHERE id = ${templateId}`);
    const { changes, token } = await preview(id);
    expect(changes.map((change) => [change.kind, change.name])).toEqual([
      ["removed", expect.any(String)],
      ["added", "Second dose"],
    ]);
    expect(changes[1]?.after).toEqual({ date: addDays(savedDate, 30), is_recurrent: 1 });
    expect((await apply(id, token!)).statusCode).toBe(200);
    const detail = await readDetail(id);
    const column = detail.diseases.find((candidate) => candidate.id === 1);
    expect(column?.shots.filter((shot) => shot.cycle === 1).map((shot) => shot.date)).toEqual([
      addDays(savedDate, 30),
    ]);
  });

  it("leaves a calendar alone when only another animal's templates change", async () => {
    const id = await saveCalendar();
    await changeTemplates(
      sql`UPDATE shot_templates SET is_recurrent = is_recurrent + 1 WHERE animal_id <> 1`,
    );
    expect(await preview(id)).toEqual({ changes: [], token: null });
    expect(await listWaiting()).not.toContain(id);
  });
});

describe("a shipped dataset correction", () => {
  it("that the seeder applied to an unedited template is shown like an admin's change", async () => {
    const id = await saveCalendar();
    const week = (days: number | null) => (days === null ? null : days + 7);
    const corrected = {
      ...referenceData,
      shotTemplates: referenceData.shotTemplates.map((template) =>
        template.id === templateId
          ? {
              ...template,
              birth_days: week(template.birth_days),
              breeding_days: week(template.breeding_days),
            }
          : template,
      ),
    };
    try {
      await seedReferenceData(testApp.database.db, corrected);
      expect(await readShotDate(id)).toBe(savedDate);
      expect((await preview(id)).changes).toEqual([
        expect.objectContaining({
          kind: "moved",
          after: { date: addDays(savedDate, 7), is_recurrent: 1 },
        }),
      ]);
      expect(await listWaiting()).toContain(id);
    } finally {
      await seedReferenceData(testApp.database.db, referenceData);
    }
    expect(await preview(id)).toEqual({ changes: [], token: null });
  });
});

/** Step 2's scoped call for the calendar's setup: each column's protocol stamp, by disease. */
async function readStamps(): Promise<Map<number, string>> {
  const combination = referenceData.combinations.find(
    (candidate) =>
      candidate.enterprise_id === dairySpringCows.enterpriseId &&
      candidate.animal_id === dairySpringCows.animalId &&
      candidate.season_id === dairySpringCows.seasonId,
  );
  const query = new URLSearchParams({
    include: "vaccine,vaccine.shots,vaccine.rules",
    seasonComboId: String(combination?.id),
    birthDate: String(dairySpringCows.birthDate),
    breedingDate: String(dairySpringCows.breedingDate),
  });
  const response = await testApp.app.inject({ method: "GET", url: `/api/diseases?${query}` });
  expect(response.statusCode, response.body).toBe(200);
  const stamps = new Map<number, string>();
  for (const disease of ScopedDiseasesResponseSchema.parse(response.json())) {
    if (disease.vaccine?.protocolStamp) stamps.set(disease.id, disease.vaccine.protocolStamp);
  }
  return stamps;
}

/** The save as the browser sends it: each column with the stamp its shots came with. */
function withStamps(
  payload: SubmitCalendarRequest,
  stamps: ReadonlyMap<number, string>,
): SubmitCalendarRequest {
  return {
    ...payload,
    data: {
      ...payload.data,
      diseases: payload.data.diseases.map((column) => {
        const protocolStamp = stamps.get(column.id);
        return protocolStamp === undefined ? column : { ...column, protocolStamp };
      }),
    },
  };
}

async function countCalendars(user: RegisteredUser) {
  const result = await testApp.database.db.execute<{ count: number }>(
    sql`SELECT count(*)::int AS count FROM calendars WHERE user_id = ${user.id}`,
  );
  return result.rows[0]?.count ?? 0;
}

describe("a calendar made before a protocol change and saved after it (decision 405)", () => {
  it("keeps the protocol its dates came from, so its farmer is told at once", async () => {
    const stamps = await readStamps();
    expect(stamps.size).toBeGreaterThan(0);
    await moveTemplateAWeek();
    const id = await saveCalendar(withStamps(buildSubmitPayload(engineCalendar), stamps));
    expect(await readShotDate(id)).toBe(savedDate);
    const { changes, token } = await preview(id);
    expect(changes).toEqual([
      expect.objectContaining({
        kind: "moved",
        shotId,
        before: { date: savedDate, is_recurrent: 1 },
        after: { date: addDays(savedDate, 7), is_recurrent: 1 },
      }),
    ]);
    expect(await listWaiting()).toContain(id);
    expect((await apply(id, token!)).statusCode).toBe(200);
    expect(await readShotDate(id)).toBe(addDays(savedDate, 7));
  });

  it("made and saved under the same protocol, has nothing to tell", async () => {
    const id = await saveCalendar(
      withStamps(buildSubmitPayload(engineCalendar), await readStamps()),
    );
    expect(await preview(id)).toEqual({ changes: [], token: null });
  });

  it("sent by an older browser without stamps, saves with today's protocol as before", async () => {
    await moveTemplateAWeek();
    const id = await saveCalendar(buildSubmitPayload(engineCalendar));
    expect(await preview(id)).toEqual({ changes: [], token: null });
  });

  it("saves a shot whose template left the protocol meanwhile, and says it is taken off", async () => {
    const stamps = await readStamps();
    await changeTemplates(sql`DELETE FROM shot_templates WHERE id = ${templateId}`);
    const id = await saveCalendar(withStamps(buildSubmitPayload(engineCalendar), stamps));
    expect(await readShotDate(id)).toBe(savedDate);
    expect((await preview(id)).changes).toEqual([
      expect.objectContaining({ kind: "removed", shotId, after: null }),
    ]);
    // Without its stamp, a shot of a template that is not there is refused, as before.
    const refused = await testApp.app.inject(
      asUser(farmer.token, {
        method: "POST",
        url: "/api/calendar",
        payload: buildSubmitPayload(engineCalendar),
      }),
    );
    expect(refused.statusCode).toBe(400);
  });

  it("refuses a stamp this server did not sign, or another column's, and writes nothing", async () => {
    const stamps = await readStamps();
    const payload = withStamps(buildSubmitPayload(engineCalendar), stamps);
    const [first, second] = payload.data.diseases;
    if (!first?.protocolStamp || !second?.protocolStamp) throw new Error("no stamps to forge");
    const [version, body, signature] = first.protocolStamp.split(".");
    // The same templates with a shot a week later, and the signature of the real ones.
    const [diseaseId, vaccineId, tuples] = JSON.parse(
      Buffer.from(body!, "base64url").toString(),
    ) as [number, number, unknown[][]];
    const moved = tuples.map((tuple) =>
      tuple[0] === templateId ? tuple.map((value, index) => (index === 4 ? -21 : value)) : tuple,
    );
    expect(moved).not.toEqual(tuples);
    const movedPayload = [diseaseId, vaccineId, moved];
    const forgeries = [
      `${version}.${Buffer.from(JSON.stringify(movedPayload)).toString("base64url")}.${signature}`,
      second.protocolStamp,
      "p1.W10.AAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAA",
      "not a stamp",
    ];
    const before = await countCalendars(farmer);
    for (const forged of forgeries) {
      const response = await testApp.app.inject(
        asUser(farmer.token, {
          method: "POST",
          url: "/api/calendar",
          payload: {
            ...payload,
            data: {
              ...payload.data,
              diseases: [{ ...first, protocolStamp: forged }, ...payload.data.diseases.slice(1)],
            },
          },
        }),
      );
      expect(response.statusCode, forged).toBe(400);
      expect(ErrorBodySchema.parse(response.json()).error.issues).toContainEqual({
        path: "body.data.diseases.0.protocolStamp",
        message: calendarMessages.protocolStampInvalid,
      });
    }
    expect(await countCalendars(farmer)).toBe(before);
  });

  it("keeps a kept column's own protocol on an edit, and takes a new column's from its stamp", async () => {
    const [firstDisease, ...otherDiseases] = engineCalendar.diseases.map(
      (column) => column.diseaseId,
    );
    const withoutBvd = buildEngineCalendar(undefined, otherDiseases);
    const id = await saveCalendar(buildSubmitPayload(withoutBvd));
    expect(firstDisease).toBe(DiseaseId.bvd);
    const stamps = await readStamps();
    await moveTemplateAWeek();
    // BVD joins the calendar on an edit, with the shots step 2 made before the change.
    const payload = withStamps(
      buildSubmitPayload(engineCalendar, undefined, { action: "update", calendarId: id }),
      stamps,
    );
    const response = await testApp.app.inject(
      asUser(farmer.token, { method: "PUT", url: `/api/calendar/${id}`, payload }),
    );
    expect(response.statusCode, response.body).toBe(200);
    expect((await preview(id)).changes.map((change) => [change.kind, change.shotId])).toEqual([
      ["moved", shotId],
    ]);
  });
});

describe("a disease whose default product changed since the calendar was saved (decision 405)", () => {
  const newVaccine = VaccineId.bovilisIbrMarkerLive;
  let restoreLink: (() => Promise<void>) | null = null;

  async function changeDefaultVaccine(vaccineId: number) {
    const db = testApp.database.db;
    const change = async (to: number) => {
      await changeReferenceData(db, (transaction) =>
        transaction.execute(sql`UPDATE disease_animals SET vaccine_id = ${to}
          WHERE disease_id = ${DiseaseId.bvd} AND animal_id = ${AnimalId.cows}`),
      );
    };
    await change(vaccineId);
    restoreLink = () => change(VaccineId.bovilisBvd);
  }

  afterEach(async () => {
    await restoreLink?.();
    restoreLink = null;
  });

  it("is told, with the product swap first and the new product's shots", async () => {
    const id = await saveCalendar();
    await changeDefaultVaccine(newVaccine);
    expect(await listWaiting()).toContain(id);
    const { changes, token } = await preview(id);
    expect(changes.map((change) => [change.kind, change.name])).toEqual([
      ["product", "Bovilis IBR Marker Live"],
      ["removed", "Bovilis BVD"],
      ["added", "Bovilis IBR Marker Live"],
    ]);
    expect(changes[0]).toMatchObject({
      diseaseId: DiseaseId.bvd,
      product: { before: "Bovilis BVD", after: "Bovilis IBR Marker Live" },
      before: null,
      after: null,
    });
    // The new product's yearly shot, 14 days before breeding (25 April 2026).
    expect(changes[2]?.after).toEqual({ date: "2026-04-11", is_recurrent: 1 });
    expect((await apply(id, token!)).statusCode).toBe(200);
    const column = (await readDetail(id)).diseases.find((entry) => entry.id === DiseaseId.bvd);
    expect(column?.vaccineId).toBe(newVaccine);
    expect(column?.shots.filter((shot) => shot.cycle === 1).map((shot) => shot.date)).toEqual([
      "2026-04-11",
    ]);
    expect(await preview(id)).toEqual({ changes: [], token: null });
    expect(await listWaiting()).not.toContain(id);
  });

  it("saves a calendar made before the change with its product, and tells its farmer", async () => {
    const stamps = await readStamps();
    await changeDefaultVaccine(newVaccine);
    const id = await saveCalendar(withStamps(buildSubmitPayload(engineCalendar), stamps));
    const column = (await readDetail(id)).diseases.find((entry) => entry.id === DiseaseId.bvd);
    expect(column?.vaccineId).toBe(VaccineId.bovilisBvd);
    expect(await readShotDate(id)).toBe(savedDate);
    const { changes } = await preview(id);
    expect(changes[0]).toMatchObject({
      kind: "product",
      product: { before: "Bovilis BVD", after: "Bovilis IBR Marker Live" },
    });
    // Another disease's stamp does not make its vaccine this disease's.
    const payload = withStamps(buildSubmitPayload(engineCalendar), stamps);
    const [bvd, ibr] = payload.data.diseases;
    if (!bvd || !ibr) throw new Error("no columns");
    const before = await countCalendars(farmer);
    const forged = await testApp.app.inject(
      asUser(farmer.token, {
        method: "POST",
        url: "/api/calendar",
        payload: {
          ...payload,
          data: {
            ...payload.data,
            diseases: [
              { ...bvd, vaccineId: ibr.vaccineId, protocolStamp: ibr.protocolStamp },
              ...payload.data.diseases.slice(1),
            ],
          },
        },
      }),
    );
    expect(forged.statusCode).toBe(400);
    expect(ErrorBodySchema.parse(forged.json()).error.issues).toContainEqual({
      path: "body.data.diseases.0.protocolStamp",
      message: calendarMessages.protocolStampInvalid,
    });
    expect(await countCalendars(farmer)).toBe(before);
  });

  it("saves an edit with the calendar's own product until the update is accepted", async () => {
    const id = await saveCalendar();
    await changeDefaultVaccine(newVaccine);
    const edit = await testApp.app.inject(
      asUser(farmer.token, {
        method: "PUT",
        url: `/api/calendar/${id}`,
        payload: buildSubmitPayload(engineCalendar, undefined, {
          action: "update",
          calendarId: id,
        }),
      }),
    );
    expect(edit.statusCode, edit.body).toBe(200);
    const column = (await readDetail(id)).diseases.find((entry) => entry.id === DiseaseId.bvd);
    expect(column?.vaccineId).toBe(VaccineId.bovilisBvd);
    expect((await preview(id)).changes[0]?.kind).toBe("product");
    // A new calendar is not offered the old product any more.
    const created = await testApp.app.inject(
      asUser(farmer.token, {
        method: "POST",
        url: "/api/calendar",
        payload: buildSubmitPayload(engineCalendar),
      }),
    );
    expect(created.statusCode).toBe(400);
    expect(ErrorBodySchema.parse(created.json()).error.issues).toContainEqual({
      path: "body.data.diseases.0.vaccineId",
      message: calendarMessages.vaccineMismatch,
    });
  });

  it("keeps the farmer's own shot and a given shot, under the old product's name", async () => {
    const added = addShot(engineCalendar, DiseaseId.bvd, "2026-06-01");
    if (!added.ok) throw new Error(added.error.message);
    const id = await saveCalendar(buildSubmitPayload(added.value));
    const given = await testApp.app.inject(
      asUser(farmer.token, {
        method: "PUT",
        url: `/api/calendars/${id}/given-shots/${shotId}`,
        payload: { givenOn: "2026-03-01", batch: "A1" },
      }),
    );
    expect(given.statusCode, given.body).toBe(200);
    const before = await readDetail(id);
    const ownShot = (detail: typeof before) =>
      detail.diseases
        .find((column) => column.id === DiseaseId.bvd)
        ?.shots.find((shot) => shot.id.startsWith(`${DiseaseId.bvd}-u`) && shot.cycle === 1);
    expect(ownShot(before)?.date).toBe("2026-06-01");
    await changeDefaultVaccine(newVaccine);
    const { changes, token } = await preview(id);
    expect(changes.map((change) => [change.kind, change.name, change.reason])).toEqual([
      ["product", "Bovilis IBR Marker Live", null],
      ["kept", "Bovilis BVD", "given"],
      ["added", "Bovilis IBR Marker Live", null],
    ]);
    expect((await apply(id, token!)).statusCode).toBe(200);
    const after = await readDetail(id);
    expect(ownShot(after)).toEqual(ownShot(before));
    expect(await readShotDate(id)).toBe(savedDate);
    // The given record stays with its shot.
    const records = await testApp.app.inject(
      asUser(farmer.token, { method: "GET", url: `/api/calendars/${id}/given-shots` }),
    );
    expect(records.statusCode, records.body).toBe(200);
    expect(JSON.stringify(records.json())).toContain(shotId);
    // The updated calendar saves again as it is: the kept shot is the farmer's own now.
    const edit = await testApp.app.inject(
      asUser(farmer.token, {
        method: "PUT",
        url: `/api/calendar/${id}`,
        payload: {
          calendarId: id,
          action: "update",
          contact: buildSubmitPayload(engineCalendar).contact,
          data: {
            setup: buildSubmitPayload(engineCalendar).data.setup,
            diseases: after.diseases.map((column) => ({
              id: column.id,
              vaccineId: column.vaccineId,
              shots: column.shots,
            })),
          },
        },
      }),
    );
    expect(edit.statusCode, edit.body).toBe(200);
  });
});
