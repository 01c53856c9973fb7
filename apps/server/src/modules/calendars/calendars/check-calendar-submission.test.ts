import {
  ErrorBodySchema,
  SubmitCalendarResponseSchema,
  calendarBuilderMessages,
  calendarContactMessages,
  calendarLimits,
  calendarMessages,
  describeTooLong,
  type SubmitCalendarRequest,
  type SubmitShot,
} from "@vaxcal/contracts";
import { DiseaseId } from "@vaxcal/reference-data";
import { sql } from "drizzle-orm";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { createTestApp, type TestApp } from "../../../test/app.ts";
import { asUser, registerUser, type RegisteredUser } from "../../../test/accounts.ts";
import {
  buildEngineCalendar,
  buildSubmitPayload,
  dairySpringCows,
  editCalendar,
  testToday,
} from "../../../test/calendars.ts";

/*
 * Bad payloads get a 4xx naming the fields at fault, never a 500, and leave the database exactly
 * as it was: no calendar, column or shot is half-written.
 */

let testApp: TestApp;
let farmer: RegisteredUser;
let existingId: number;

beforeAll(async () => {
  testApp = await createTestApp();
  farmer = await registerUser(testApp.app);
  const response = await testApp.app.inject(
    asUser(farmer.token, {
      method: "POST",
      url: "/api/calendar",
      payload: buildSubmitPayload(buildEngineCalendar()),
    }),
  );
  existingId = SubmitCalendarResponseSchema.parse(response.json()).calendar.id;
});
// The terms cases below are about an account that has not agreed to the current version yet
// (docs/product.md D18); one that has may save without the box (calendar-terms.test.ts).
beforeEach(async () => {
  await testApp.database.pool.query("UPDATE users SET terms_version = '2020-01' WHERE id = $1", [
    farmer.id,
  ]);
  // One farmer saves here far more than 60 times a minute: each test starts with the save
  // throttle's count at zero (the throttle has its own test in input-bounds.test.ts).
  await testApp.database.pool.query("DELETE FROM rate_limits");
});
afterAll(() => testApp.close());

/** Every saved row, so a test can prove a refused call wrote nothing. */
async function snapshotTables() {
  const result = await testApp.database.pool.query(`
    SELECT
      (SELECT json_agg(c ORDER BY id) FROM calendars c) AS calendars,
      (SELECT count(*) FROM calendar_diseases) AS columns,
      (SELECT json_agg(s ORDER BY calendar_id, disease_id, position) FROM calendar_shots s) AS shots`);
  return result.rows[0] as unknown;
}

function validPayload(): SubmitCalendarRequest {
  return buildSubmitPayload(editCalendar(buildEngineCalendar(), "2026-01-12", "2026-07-01"));
}

/** Saves the payload as the farmer and reads the calendar back: the setup it gives. */
async function saveAndReopen(
  payload: SubmitCalendarRequest,
): Promise<{ herdStatus?: unknown; birthEndDate?: unknown; lungwormRisk?: unknown }> {
  const response = await testApp.app.inject(
    asUser(farmer.token, { method: "POST", url: "/api/calendar", payload }),
  );
  expect(response.statusCode, response.body).toBe(201);
  const { id } = response.json<{ calendar: { id: number } }>().calendar;
  const detail = await testApp.app.inject(
    asUser(farmer.token, { method: "GET", url: `/api/calendars/${id}` }),
  );
  expect(detail.statusCode, detail.body).toBe(200);
  return detail.json<{
    setup: { herdStatus?: unknown; birthEndDate?: unknown; lungwormRisk?: unknown };
  }>().setup;
}

function firstShot(payload: SubmitCalendarRequest): SubmitShot {
  const shot = payload.data.diseases[0]?.shots[0];
  if (!shot) throw new Error("the payload has no shot");
  return shot;
}

function userShot(index: number, date: string | null, extra: Partial<SubmitShot> = {}) {
  return {
    id: `1-u${index}`,
    date,
    custom_name: null,
    is_recurrent: 0,
    cycle: 1,
    userInitiated: true,
    ...extra,
  } satisfies SubmitShot;
}

type BadCase = {
  name: string;
  change: (payload: SubmitCalendarRequest) => unknown;
  issue?: { path: string; message?: string };
};

const badCases: BadCase[] = [
  {
    name: "no diseases",
    change: (payload) => {
      payload.data.diseases = [];
    },
    issue: { path: "body.data.diseases", message: calendarMessages.noDiseases },
  },
  {
    name: "an unknown disease id",
    change: (payload) => {
      payload.data.diseases[0]!.id = 9_999;
    },
    issue: { path: "body.data.diseases.0.id", message: calendarMessages.diseaseUnknown },
  },
  {
    name: "a disease not offered for the animal (orf for cows)",
    change: (payload) => {
      payload.data.diseases[0]!.id = DiseaseId.orf;
    },
    issue: { path: "body.data.diseases.0.id", message: calendarMessages.diseaseNotOffered },
  },
  {
    name: "a disease twice",
    change: (payload) => {
      payload.data.diseases.push({ ...payload.data.diseases[0]!, shots: [] });
    },
    issue: {
      path: `body.data.diseases.${validPayload().data.diseases.length}.id`,
      message: calendarMessages.diseaseRepeated,
    },
  },
  {
    name: "another vaccine than the one offered",
    change: (payload) => {
      payload.data.diseases[0]!.vaccineId = payload.data.diseases[1]!.vaccineId;
    },
    issue: { path: "body.data.diseases.0.vaccineId", message: calendarMessages.vaccineMismatch },
  },
  {
    name: "a shot template that does not exist",
    change: (payload) => {
      firstShot(payload).templateId = 99_999;
    },
    issue: {
      path: "body.data.diseases.0.shots.0.templateId",
      message: calendarMessages.templateUnknown,
    },
  },
  {
    name: "two shots with one id",
    change: (payload) => {
      payload.data.diseases[1]!.shots.push({
        ...firstShot(payload),
        diseaseId: payload.data.diseases[1]!.id,
        templateId: null,
      });
    },
    issue: { message: calendarMessages.shotRepeated, path: "body.data.diseases.1.shots" },
  },
  {
    name: "a shot filed under another disease",
    change: (payload) => {
      firstShot(payload).diseaseId = payload.data.diseases[1]!.id;
    },
    issue: {
      path: "body.data.diseases.0.shots.0.diseaseId",
      message: calendarMessages.shotDiseaseMismatch,
    },
  },
  {
    name: "enterprise, animal and season that do not go together (sheep cows)",
    change: (payload) => {
      payload.data.setup.enterprise = { id: 3, name: "Sheep" };
    },
    issue: { path: "body.data.setup", message: calendarMessages.combinationUnknown },
  },
  {
    name: "cows that are not adults",
    change: (payload) => {
      payload.data.setup.animal.isAdult = false;
    },
    issue: { path: "body.data.setup.animal.isAdult", message: calendarMessages.isAdultMismatch },
  },
  {
    name: "cows without a breeding date",
    change: (payload) => {
      payload.data.setup.breedingDate = null;
    },
    issue: {
      path: "body.data.setup.breedingDate",
      message: calendarMessages.breedingDateRequired,
    },
  },
  {
    name: "a last calving before the first (decision 416)",
    change: (payload) => {
      payload.data.setup.birthEndDate = "2020-01-01";
    },
    issue: {
      path: "body.data.setup.birthEndDate",
      message: calendarMessages.birthEndBeforeStart,
    },
  },
  {
    name: "a birth date that is not a date (30 February)",
    change: (payload) => {
      payload.data.setup.birthDate = "2026-02-30";
    },
    issue: { path: "body.data.setup.birthDate" },
  },
  {
    name: "a shot date that is not a date",
    change: (payload) => {
      firstShot(payload).date = "next Tuesday";
    },
    issue: { path: "body.data.diseases.0.shots.0.date" },
  },
  {
    name: "a shot date in month 13",
    change: (payload) => {
      firstShot(payload).date = "2026-13-01";
    },
    issue: { path: "body.data.diseases.0.shots.0.date" },
  },
  {
    name: "a shot in the year 9999",
    change: (payload) => {
      firstShot(payload).date = "9999-01-01";
    },
    issue: {
      path: "body.data.diseases.0.shots.0.date",
      message: calendarMessages.dateOutOfRange,
    },
  },
  {
    name: "a date as a number",
    change: (payload) => {
      (payload.data.setup as { birthDate: unknown }).birthDate = 20260201;
    },
    issue: { path: "body.data.setup.birthDate" },
  },
  {
    name: "a 10,000-character shot name",
    change: (payload) => {
      firstShot(payload).custom_name = "a".repeat(10_000);
    },
    issue: {
      path: "body.data.diseases.0.shots.0.custom_name",
      message: calendarMessages.textTooLong,
    },
  },
  {
    name: "a 10,000-character enterprise name",
    change: (payload) => {
      payload.data.setup.enterprise.name = "D".repeat(10_000);
    },
    issue: { path: "body.data.setup.enterprise.name", message: calendarMessages.textTooLong },
  },
  {
    name: "a 10,000-character shot id",
    change: (payload) => {
      firstShot(payload).id = "1".repeat(10_000);
    },
    issue: { path: "body.data.diseases.0.shots.0.id", message: calendarMessages.shotIdInvalid },
  },
  ...[
    ["a right-to-left override", "Booster\u202Edrow"],
    ["a zero-width joiner", "Boo\u200Dster"],
    ["a NUL character", "Boo\u0000ster"],
    ["a lone surrogate", "Boo\uD800ster"],
    ["an emoji", "Booster 💉"],
  ].map(([what, name]): BadCase => ({
    name: `a shot name with ${what}`,
    change: (payload) => {
      firstShot(payload).custom_name = name ?? "";
    },
    issue: {
      path: "body.data.diseases.0.shots.0.custom_name",
      message: calendarMessages.textInvalid,
    },
  })),
  {
    name: "a shot id with a combining accent",
    change: (payload) => {
      firstShot(payload).id = "1-1\u0301";
    },
    issue: { path: "body.data.diseases.0.shots.0.id", message: calendarMessages.shotIdInvalid },
  },
  {
    name: "a recurrence of a thousand years",
    change: (payload) => {
      firstShot(payload).is_recurrent = 1_000;
    },
    issue: { path: "body.data.diseases.0.shots.0.is_recurrent" },
  },
  {
    name: "action update on POST",
    change: (payload) => {
      payload.action = "update";
    },
    issue: { path: "body.action", message: calendarMessages.actionMismatch },
  },
  {
    name: "an unknown action",
    change: (payload) => {
      (payload as { action: unknown }).action = "publish";
    },
    issue: { path: "body.action", message: calendarMessages.actionMismatch },
  },
  {
    name: "a calendarId on create",
    change: (payload) => {
      payload.calendarId = existingId;
    },
    issue: { path: "body.calendarId", message: calendarMessages.calendarIdMismatch },
  },
  {
    name: "201 shots, one over the documented cap of 200",
    change: (payload) => {
      payload.data.diseases[0]!.shots = Array.from({ length: 201 }, (_, index) =>
        userShot(index + 1, "2026-05-01"),
      );
    },
    issue: { path: "body.data.diseases.0.shots", message: calendarMessages.tooManyShots },
  },
  {
    name: "few shots whose yearly copies would be thousands",
    change: (payload) => {
      payload.data.diseases[0]!.shots = Array.from({ length: 150 }, (_, index) =>
        userShot(index + 1, "2000-05-01", { is_recurrent: 1 }),
      );
    },
    issue: { path: "body.data.diseases", message: calendarMessages.tooManyShots },
  },
  {
    name: "a 10,000-character first name",
    change: (payload) => {
      payload.contact!.name = "M".repeat(10_000);
    },
    issue: { path: "body.contact.name", message: describeTooLong(100) },
  },
  {
    name: "a 10,000-character surname",
    change: (payload) => {
      payload.contact!.surname = "N".repeat(10_000);
    },
    issue: { path: "body.contact.surname", message: describeTooLong(100) },
  },
  {
    name: "a 10,000-character mobile number",
    change: (payload) => {
      payload.contact!.phone_number = "8".repeat(10_000);
    },
    issue: { path: "body.contact.phone_number", message: calendarContactMessages.phoneInvalid },
  },
  {
    name: "a 10,000-character e-mail",
    change: (payload) => {
      payload.contact!.email = `${"m".repeat(10_000)}@example.ie`;
    },
    issue: { path: "body.contact.email", message: calendarContactMessages.emailInvalid },
  },
  {
    name: "a 10,000-character vet e-mail",
    change: (payload) => {
      payload.contact!.vet_email_address = `${"v".repeat(10_000)}@vets.example.ie`;
    },
    issue: {
      path: "body.contact.vet_email_address",
      message: calendarContactMessages.emailInvalid,
    },
  },
  {
    name: "a vet e-mail that is not an address",
    change: (payload) => {
      payload.contact!.vet_email_address = "the vet in Macroom";
    },
    issue: {
      path: "body.contact.vet_email_address",
      message: calendarContactMessages.emailInvalid,
    },
  },
  {
    name: "a first name with a right-to-left override",
    change: (payload) => {
      payload.contact!.name = "M\u202Eáire";
    },
    issue: { path: "body.contact.name", message: calendarContactMessages.textInvalid },
  },
  {
    name: "a blank first name",
    change: (payload) => {
      payload.contact!.name = "   ";
    },
    issue: { path: "body.contact.name", message: calendarContactMessages.firstNameRequired },
  },
  {
    name: "neither an e-mail nor a mobile",
    change: (payload) => {
      payload.contact!.email = "";
      payload.contact!.phone_number = null;
    },
    issue: { path: "body.contact.email", message: calendarContactMessages.emailRequired },
  },
  {
    name: "no agreement to the terms",
    change: (payload) => {
      delete (payload.contact as { agree_to_terms?: unknown }).agree_to_terms;
    },
    issue: {
      path: "body.contact.agree_to_terms",
      message: calendarContactMessages.termsRequired,
    },
  },
  {
    name: "the terms box left unticked",
    change: (payload) => {
      (payload.contact as { agree_to_terms: unknown }).agree_to_terms = false;
    },
    issue: {
      path: "body.contact.agree_to_terms",
      message: calendarContactMessages.termsRequired,
    },
  },
  {
    name: "no contact details at all",
    change: (payload) => {
      delete (payload as { contact?: unknown }).contact;
    },
    issue: { path: "body.contact" },
  },
  {
    name: "a herd status that is neither primed nor unprimed",
    change: (payload) => {
      (payload.data.setup as { herdStatus?: unknown }).herdStatus = { [DiseaseId.bvd]: "maybe" };
    },
    issue: { path: "body.data.setup.herdStatus" },
  },
  {
    name: "a herd status keyed by something other than a disease id",
    change: (payload) => {
      (payload.data.setup as { herdStatus?: unknown }).herdStatus = { bvd: "unprimed" };
    },
    issue: { path: "body.data.setup.herdStatus" },
  },
  {
    name: "a lungworm answer that is not true or false (decision 419)",
    change: (payload) => {
      (payload.data.setup as { lungwormRisk?: unknown }).lungwormRisk = "yes";
    },
    issue: {
      path: "body.data.setup.lungwormRisk",
      message: calendarMessages.lungwormRiskInvalid,
    },
  },
  {
    name: "a youngest born after today (decision 422)",
    change: (payload) => {
      payload.data.setup.youngestBirthDate = "2999-01-01";
    },
    issue: {
      path: "body.data.setup.youngestBirthDate",
      message: calendarBuilderMessages.youngestBornAfterToday,
    },
  },
  {
    name: "a youngest born absurdly long ago (decision 422)",
    change: (payload) => {
      payload.data.setup.youngestBirthDate = "1950-01-01";
    },
    issue: {
      path: "body.data.setup.youngestBirthDate",
      message: calendarBuilderMessages.youngestBornTooLongAgo,
    },
  },
  {
    name: "a youngest's birth date that is not a real date (decision 422)",
    change: (payload) => {
      payload.data.setup.youngestBirthDate = "2025-02-29";
    },
    issue: { path: "body.data.setup.youngestBirthDate" },
  },
  {
    name: "no data at all",
    change: (payload) => {
      delete (payload as { data?: unknown }).data;
    },
    issue: { path: "body.data" },
  },
];

describe("POST /api/calendar refuses", () => {
  it.each(badCases)("$name", async ({ change, issue }) => {
    const before = await snapshotTables();
    const payload = validPayload();
    change(payload);
    const response = await testApp.app.inject(
      asUser(farmer.token, { method: "POST", url: "/api/calendar", payload }),
    );
    expect(response.statusCode, response.body).toBe(400);
    const body = ErrorBodySchema.parse(response.json());
    expect(body.error.code).toBe("VALIDATION_FAILED");
    if (issue) {
      const matching = body.error.issues?.filter((candidate) =>
        candidate.path.startsWith(issue.path),
      );
      expect(matching, JSON.stringify(body.error.issues)).not.toHaveLength(0);
      if (issue.message) {
        expect(matching?.map((candidate) => candidate.message)).toContain(issue.message);
      }
    }
    expect(await snapshotTables()).toEqual(before);
  });

  it("10,000 shots, with a 4xx and no write", async () => {
    const before = await snapshotTables();
    const payload = validPayload();
    payload.data.diseases[0]!.shots = Array.from({ length: 10_000 }, (_, index) =>
      userShot(index + 1, "2026-05-01", { custom_name: "Booster dose for the whole herd" }),
    );
    const response = await testApp.app.inject(
      asUser(farmer.token, { method: "POST", url: "/api/calendar", payload }),
    );
    expect([400, 413]).toContain(response.statusCode);
    expect(ErrorBodySchema.parse(response.json()).error.code).toMatch(
      /VALIDATION_FAILED|PAYLOAD_TOO_LARGE/,
    );
    expect(await snapshotTables()).toEqual(before);
  });

  it("a body that is not JSON", async () => {
    const response = await testApp.app.inject(
      asUser(farmer.token, {
        method: "POST",
        url: "/api/calendar",
        headers: { "content-type": "application/json" },
        payload: '{"action":"create","data":',
      }),
    );
    expect(response.statusCode).toBe(400);
  });

  it("but accepts the herd status answers with the setup, and gives them back on reopening", async () => {
    const payload = validPayload();
    const herdStatus = { [DiseaseId.bvd]: "unprimed", [DiseaseId.ibr]: "primed" } as const;
    payload.data.setup.herdStatus = herdStatus;
    expect((await saveAndReopen(payload)).herdStatus).toEqual(herdStatus);
  });

  it("but accepts the lungworm answer with the setup, and gives it back on reopening (decision 419)", async () => {
    const payload = validPayload();
    payload.data.setup.lungwormRisk = false;
    expect((await saveAndReopen(payload)).lungwormRisk).toBe(false);
  });

  it("but accepts the last calving with the setup, and gives it back on reopening (decision 416)", async () => {
    const payload = validPayload();
    const birthDate = payload.data.setup.birthDate!;
    const birthEndDate = new Date(Date.parse(birthDate) + 70 * 86_400_000)
      .toISOString()
      .slice(0, 10);
    payload.data.setup.birthEndDate = birthEndDate;
    expect((await saveAndReopen(payload)).birthEndDate).toBe(birthEndDate);
  });

  it("but accepts the most shots allowed, and a name with fadas and €", async () => {
    const payload = validPayload();
    firstShot(payload).custom_name = "Dosáil an tréada (€4.50 a dose)";
    const existing = payload.data.diseases.reduce(
      (count, disease) => count + disease.shots.length,
      0,
    );
    payload.data.diseases[1]!.shots.push(
      ...Array.from({ length: calendarLimits.shots - existing }, (_, index) => ({
        ...userShot(index + 1, "2026-06-01"),
        id: `${payload.data.diseases[1]!.id}-u${index + 1}`,
      })),
    );
    const response = await testApp.app.inject(
      asUser(farmer.token, { method: "POST", url: "/api/calendar", payload }),
    );
    expect(response.statusCode, response.body.slice(0, 500)).toBe(201);
  });
});

describe("PUT /api/calendar/:id refuses", () => {
  it("a bad payload and leaves the calendar as it was", async () => {
    const before = await snapshotTables();
    const payload = buildSubmitPayload(buildEngineCalendar(), dairySpringCows, {
      action: "update",
      calendarId: existingId,
    });
    firstShot(payload).date = "2026-02-31";
    const response = await testApp.app.inject(
      asUser(farmer.token, { method: "PUT", url: `/api/calendar/${existingId}`, payload }),
    );
    expect(response.statusCode).toBe(400);
    expect(await snapshotTables()).toEqual(before);
  });

  it.each([
    ["a 10,000-character vet e-mail", { vet_email_address: `${"v".repeat(10_000)}@vets.ie` }],
    ["no agreement to the terms", { agree_to_terms: false }],
  ])("%s and leaves the calendar and its contact as they were", async (_, change) => {
    const before = await snapshotTables();
    const payload = buildSubmitPayload(buildEngineCalendar(), dairySpringCows, {
      action: "update",
      calendarId: existingId,
    });
    payload.contact = { ...payload.contact, ...change } as SubmitCalendarRequest["contact"];
    const response = await testApp.app.inject(
      asUser(farmer.token, { method: "PUT", url: `/api/calendar/${existingId}`, payload }),
    );
    expect(response.statusCode).toBe(400);
    const issues = ErrorBodySchema.parse(response.json()).error.issues ?? [];
    expect(issues.map((issue) => issue.path)).toEqual([
      `body.contact.${Object.keys(change)[0] ?? ""}`,
    ]);
    expect(await snapshotTables()).toEqual(before);
  });

  it("a calendarId that is not the one in the address", async () => {
    const payload = buildSubmitPayload(buildEngineCalendar(), dairySpringCows, {
      action: "update",
      calendarId: existingId + 1,
    });
    const response = await testApp.app.inject(
      asUser(farmer.token, { method: "PUT", url: `/api/calendar/${existingId}`, payload }),
    );
    expect(response.statusCode).toBe(400);
    expect(response.json()).toMatchObject({
      error: {
        issues: [{ path: "body.calendarId", message: calendarMessages.calendarIdMismatch }],
      },
    });
  });
});

describe("writes", () => {
  it("roll back whole when a shot cannot be stored", async () => {
    const before = await snapshotTables();
    // A fault half way through the write: the calendar row and columns are in, the shots fail.
    await testApp.database.db.execute(sql`
      CREATE FUNCTION refuse_shot() RETURNS trigger LANGUAGE plpgsql AS $$
      BEGIN RAISE EXCEPTION 'shot refused by test'; END $$;
      CREATE TRIGGER refuse_shot BEFORE INSERT ON calendar_shots
        FOR EACH ROW EXECUTE FUNCTION refuse_shot();`);
    try {
      const create = await testApp.app.inject(
        asUser(farmer.token, { method: "POST", url: "/api/calendar", payload: validPayload() }),
      );
      expect(create.statusCode).toBe(500);
      expect(create.body).not.toContain("shot refused");
      const update = await testApp.app.inject(
        asUser(farmer.token, {
          method: "PUT",
          url: `/api/calendar/${existingId}`,
          payload: buildSubmitPayload(buildEngineCalendar(), dairySpringCows, {
            action: "update",
          }),
        }),
      );
      expect(update.statusCode).toBe(500);
      expect(await snapshotTables()).toEqual(before);
    } finally {
      await testApp.database.db.execute(sql`
        DROP TRIGGER refuse_shot ON calendar_shots;
        DROP FUNCTION refuse_shot();`);
    }
  });

  it("of one calendar at once queue instead of colliding", async () => {
    const dates = ["2026-01-05", "2026-01-06", "2026-01-07", "2026-01-08", "2026-01-09"];
    const responses = await Promise.all(
      dates.map((date) =>
        testApp.app.inject(
          asUser(farmer.token, {
            method: "PUT",
            url: `/api/calendar/${existingId}`,
            payload: buildSubmitPayload(
              editCalendar(buildEngineCalendar(), date, "2026-10-10"),
              dairySpringCows,
              { action: "update" },
            ),
          }),
        ),
      ),
    );
    expect(responses.map((response) => response.statusCode)).toEqual(dates.map(() => 200));
    const detail = await testApp.app.inject(
      asUser(farmer.token, { method: "GET", url: `/api/calendars/${existingId}` }),
    );
    const saved = (detail.json() as { diseases: { shots: { date: string }[] }[] }).diseases[0];
    const movedDates = saved?.shots.map((shot) => shot.date).filter((date) => dates.includes(date));
    expect(movedDates).toHaveLength(1);
  });
});

describe("the youngest's birth date on a clock fixed at the payload's today (decision 422)", () => {
  let fixed: TestApp;
  let owner: RegisteredUser;
  beforeAll(async () => {
    fixed = await createTestApp({}, () => new Date(`${testToday}T12:00:00Z`));
    owner = await registerUser(fixed.app);
  });
  afterAll(() => fixed.close());

  const save = (payload: SubmitCalendarRequest) =>
    fixed.app.inject(asUser(owner.token, { method: "POST", url: "/api/calendar", payload }));

  it("keeps the answer with the setup and gives it back on reopening", async () => {
    const payload = validPayload();
    payload.data.setup.youngestBirthDate = testToday;
    const response = await save(payload);
    expect(response.statusCode, response.body).toBe(201);
    const { id } = response.json<{ calendar: { id: number } }>().calendar;
    const detail = await fixed.app.inject(
      asUser(owner.token, { method: "GET", url: `/api/calendars/${id}` }),
    );
    expect(detail.statusCode, detail.body).toBe(200);
    expect(detail.json<{ setup: { youngestBirthDate?: unknown } }>().setup.youngestBirthDate).toBe(
      testToday,
    );
  });

  it("refuses a youngest born the day after today", async () => {
    const payload = validPayload();
    payload.data.setup.youngestBirthDate = "2026-03-03";
    const response = await save(payload);
    expect(response.statusCode).toBe(400);
    expect(ErrorBodySchema.parse(response.json()).error.issues).toContainEqual({
      path: "body.data.setup.youngestBirthDate",
      message: calendarBuilderMessages.youngestBornAfterToday,
    });
  });
});
