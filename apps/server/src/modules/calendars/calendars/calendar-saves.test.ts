import { randomBytes } from "node:crypto";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createBatcher } from "../../../db/batcher.ts";
import { createTestApp, type TestApp } from "../../../test/app.ts";
import { asUser, registerUser, type RegisteredUser } from "../../../test/accounts.ts";
import { findCalendarSaves, type CalendarToSave } from "./calendar-saves.ts";
import { buildEngineCalendar, buildSubmitPayload, testToday } from "../../../test/calendars.ts";
import { checkCalendarSubmission } from "./check-calendar-submission.ts";
import { findActiveSession } from "../../../auth/sessions.ts";

/* The save's batched statements (decision 702): what each caller gets back, batch or not. */

let testApp: TestApp;

beforeAll(async () => {
  testApp = await createTestApp();
});
afterAll(() => testApp.close());

describe("createBatcher", () => {
  it("sends what arrives in one turn as one batch and answers each caller with its own result", async () => {
    const batches: number[][] = [];
    const batcher = createBatcher<number, number>({
      maxInFlight: 1,
      maxBatch: 10,
      runBatch: async (items) => {
        batches.push([...items]);
        return items.map((item) => item * 2);
      },
    });
    const results = await Promise.all([1, 2, 3].map((item) => batcher.run(item)));
    expect(results).toEqual([2, 4, 6]);
    expect(batches).toEqual([[1, 2, 3]]);
  });

  it("queues what arrives while a batch runs for the next one, at most maxBatch at a time", async () => {
    const batches: number[][] = [];
    let release = () => {};
    const batcher = createBatcher<number, number>({
      maxInFlight: 1,
      maxBatch: 2,
      runBatch: async (items) => {
        batches.push([...items]);
        if (batches.length === 1) await new Promise<void>((resolve) => (release = resolve));
        return [...items];
      },
    });
    const first = batcher.run(1);
    await Promise.resolve();
    await Promise.resolve();
    const later = [2, 3, 4].map((item) => batcher.run(item));
    release();
    expect(await Promise.all([first, ...later])).toEqual([1, 2, 3, 4]);
    expect(batches).toEqual([[1], [2, 3], [4]]);
  });

  it("rejects every caller of a failed batch, and keeps serving the next ones", async () => {
    let fail = true;
    const batcher = createBatcher<number, number>({
      maxInFlight: 2,
      maxBatch: 10,
      runBatch: async (items) => {
        if (fail) throw new Error("database down");
        return [...items];
      },
    });
    const failed = await Promise.allSettled([batcher.run(1), batcher.run(2)]);
    expect(failed.map((result) => result.status)).toEqual(["rejected", "rejected"]);
    fail = false;
    expect(await batcher.run(3)).toBe(3);
  });
});

async function countCalendars(userId: number): Promise<{ calendars: number; shots: number }> {
  const { rows } = await testApp.database.pool.query<{ calendars: number; shots: number }>(
    `SELECT (SELECT count(*)::int FROM calendars WHERE user_id = $1) AS calendars,
       (SELECT count(*)::int FROM calendar_shots s JOIN calendars c ON c.id = s.calendar_id
        WHERE c.user_id = $1) AS shots`,
    [userId],
  );
  return rows[0] ?? { calendars: -1, shots: -1 };
}

describe("saves written together", () => {
  async function buildSave(user: RegisteredUser, agreesToTerms: boolean): Promise<CalendarToSave> {
    const payload = buildSubmitPayload(buildEngineCalendar());
    const saves = findCalendarSaves(testApp.database.db);
    const reference = await saves.readReference({
      enterpriseId: payload.data.setup.enterprise.id,
      animalId: payload.data.setup.animal.id,
      seasonId: payload.data.setup.season.id,
    });
    const checked = checkCalendarSubmission(
      payload.data,
      { ...reference, knownDiseaseIds: new Set() },
      testToday,
    );
    return {
      userId: user.id,
      agreesToTerms,
      now: new Date(),
      setupColumns: checked.setupColumns,
      contact: {
        contactName: "Seán",
        contactSurname: "Ó Súilleabháin",
        contactPhoneNumber: null,
        contactEmail: null,
        vetEmailAddress: null,
      },
      feedNonce: randomBytes(16).toString("hex"),
      feedTokenHash: randomBytes(32).toString("hex"),
      columns: checked.columns,
    };
  }

  it("writes each save of a batch whole, and refuses only the save without the terms", async () => {
    const [agreed, ticking, notAgreed] = await Promise.all([
      registerUser(testApp.app),
      registerUser(testApp.app),
      registerUser(testApp.app),
    ]);
    await testApp.database.pool.query("UPDATE users SET terms_version = NULL WHERE id = $1", [
      notAgreed!.id,
    ]);
    const saves = await Promise.all([
      buildSave(agreed!, false),
      buildSave(ticking!, true),
      buildSave(notAgreed!, false),
    ]);
    const storedShots = saves[0]!.columns.reduce((count, column) => count + column.seeds.length, 0);
    const writer = findCalendarSaves(testApp.database.db);
    // Handed in within one turn of the event loop: one statement.
    const outcomes = await Promise.all(saves.map((save) => writer.write(save)));

    expect(outcomes.map((outcome) => outcome.kind)).toEqual(["saved", "saved", "termsRequired"]);
    expect(await countCalendars(agreed!.id)).toEqual({ calendars: 1, shots: storedShots });
    expect(await countCalendars(ticking!.id)).toEqual({ calendars: 1, shots: storedShots });
    expect(await countCalendars(notAgreed!.id)).toEqual({ calendars: 0, shots: 0 });
    const { rows } = await testApp.database.pool.query<{ agreed_at: Date }>(
      "SELECT terms_accepted_at AS agreed_at FROM users WHERE id = $1",
      [ticking!.id],
    );
    // The ticked box is recorded on the account, with the calendar's time.
    expect(rows[0]?.agreed_at.getTime()).toBe(saves[1]!.now.getTime());
    const saved = outcomes[1];
    expect(saved?.kind === "saved" && saved.termsAgreedAt.getTime()).toBe(saves[1]!.now.getTime());
  });

  it("writes the other saves of a batch when one goes over the cap, and refuses that one alone", async () => {
    const [crowded, other] = await Promise.all([
      registerUser(testApp.app),
      registerUser(testApp.app),
    ]);
    const crowdedSave = await buildSave(crowded!, false);
    const otherSave = await buildSave(other!, false);
    const batch = [
      ...Array.from({ length: 51 }, () => ({
        ...crowdedSave,
        feedTokenHash: randomBytes(32).toString("hex"),
      })),
      otherSave,
    ];
    const writer = findCalendarSaves(testApp.database.db);
    const outcomes = await Promise.all(batch.map((save) => writer.write(save)));

    const kinds = outcomes.map((outcome) => outcome.kind);
    expect(kinds.filter((kind) => kind === "saved")).toHaveLength(51);
    expect(kinds.filter((kind) => kind === "overCap")).toHaveLength(1);
    expect(kinds.at(-1)).toBe("saved");
    expect((await countCalendars(crowded!.id)).calendars).toBe(50);
    expect((await countCalendars(other!.id)).calendars).toBe(1);
  });
});

describe("session look-ups read together", () => {
  it("answer each request with its own session, and a logout ends one at once", async () => {
    const users = await Promise.all([1, 2, 3].map(() => registerUser(testApp.app)));
    const now = new Date();
    const found = await Promise.all(
      [...users.map((user) => user.token), "x".repeat(43)].map((token) =>
        findActiveSession(testApp.database.db, token, now),
      ),
    );
    expect(found.map((session) => session?.userId ?? null)).toEqual([
      ...users.map((user) => user.id),
      null,
    ]);

    const [loggedOut, stillIn] = users;
    const logout = await testApp.app.inject(
      asUser(loggedOut!.token, { method: "POST", url: "/api/logout" }),
    );
    expect(logout.statusCode).toBeLessThan(300);
    const [after, other] = await Promise.all([
      testApp.app.inject(asUser(loggedOut!.token, { method: "GET", url: "/api/user/calendars" })),
      testApp.app.inject(asUser(stillIn!.token, { method: "GET", url: "/api/user/calendars" })),
    ]);
    expect(after.statusCode).toBe(401);
    expect(other.statusCode).toBe(200);
  });
});
