import { calendarMessages, type Product } from "@vaxcal/contracts";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import {
  buildEngineCalendar,
  buildSubmitPayload,
  dairySpringCows,
  testToday,
} from "../test/calendars.ts";
import { asUser, grantAdminRole, registerUser, type RegisteredUser } from "../test/accounts.ts";
import { createTestApp, type TestApp } from "../test/app.ts";

// Whole-app: an admin's product against a farmer's saved calendar (docs/product.md D2).
let testApp: TestApp;
let admin: RegisteredUser;
let farmer: RegisteredUser;
let calendarId: number;
let vaccineId: number;
beforeAll(async () => {
  testApp = await createTestApp({}, () => new Date(`${testToday}T10:00:00Z`));
  admin = await registerUser(testApp.app);
  await grantAdminRole(testApp.database, admin.id);
  farmer = await registerUser(testApp.app);
  const saved = await testApp.app.inject(
    asUser(farmer.token, {
      method: "POST",
      url: "/api/calendar",
      payload: buildSubmitPayload(buildEngineCalendar()),
    }),
  );
  calendarId = saved.json<{ calendar: { id: number } }>().calendar.id;
  const { rows } = await testApp.database.pool.query<{ vaccine_id: number }>(
    "SELECT vaccine_id FROM calendar_diseases WHERE calendar_id = $1 ORDER BY position LIMIT 1",
    [calendarId],
  );
  vaccineId = rows[0]?.vaccine_id ?? 0;
});
afterAll(() => testApp.close());

describe("a product that saved calendars use", () => {
  it("cannot be deleted, with a message that says to retire it", async () => {
    const response = await testApp.app.inject(
      asUser(admin.token, { method: "DELETE", url: `/api/admin/products/${vaccineId}` }),
    );
    expect(response.statusCode).toBe(409);
    expect(response.json()).toEqual({
      error: {
        code: "CONFLICT",
        message:
          "This product cannot be deleted: saved calendars use it. Retire it instead, so that new calendars stop offering it.",
      },
    });
  });

  it("can be retired: step 1 stops offering its diseases, and the saved calendar still opens", async () => {
    const product = (
      await testApp.app.inject(
        asUser(admin.token, { method: "GET", url: `/api/admin/products/${vaccineId}` }),
      )
    ).json<Product>();
    expect(product.calendar_count).toBe(1);
    const { id, diseases, calendar_count, updated_at, ...input } = product;
    void [id, calendar_count, updated_at];
    const retired = await testApp.app.inject(
      asUser(admin.token, {
        method: "PUT",
        url: `/api/admin/products/${vaccineId}`,
        payload: { ...input, retired: true },
      }),
    );
    expect(retired.json<Product>().retired).toBe(true);

    const animals = (await testApp.app.inject({ method: "GET", url: "/api/animals" })).json<
      Array<{ id: number; diseases: number[] }>
    >();
    const cows = animals.find((animal) => animal.id === dairySpringCows.animalId);
    for (const disease of diseases) expect(cows?.diseases).not.toContain(disease.id);

    const opened = await testApp.app.inject(
      asUser(farmer.token, { method: "GET", url: `/api/calendars/${calendarId}` }),
    );
    expect(opened.statusCode).toBe(200);
  });

  // Runs after the retirement above.
  it("once retired, is never offered to a new calendar, while saved calendars keep it", async () => {
    const combinationId = 1;
    const scoped = (
      await testApp.app.inject({
        method: "GET",
        url: `/api/diseases?include=vaccine,vaccine.shots&seasonComboId=${combinationId}&birthDate=${dairySpringCows.birthDate}&breedingDate=${dairySpringCows.breedingDate}`,
      })
    ).json<Array<{ id: number; vaccine?: { id: number; retired?: boolean } }>>();
    const retiredOffers = scoped.filter((disease) => disease.vaccine?.id === vaccineId);
    expect(retiredOffers.length).toBeGreaterThan(0);
    for (const disease of retiredOffers) expect(disease.vaccine?.retired).toBe(true);
    expect(scoped.filter((disease) => disease.vaccine?.retired).length).toBe(retiredOffers.length);

    // A new calendar with it is refused, beside the column, and nothing is saved.
    const before = await countCalendars();
    const payload = buildSubmitPayload(buildEngineCalendar());
    const refused = await testApp.app.inject(
      asUser(farmer.token, { method: "POST", url: "/api/calendar", payload }),
    );
    expect(refused.statusCode).toBe(400);
    const column = payload.data.diseases.findIndex((disease) => disease.vaccineId === vaccineId);
    expect(refused.json().error.issues).toContainEqual({
      path: `body.data.diseases.${column}.id`,
      message: calendarMessages.vaccineRetired,
    });
    expect(await countCalendars()).toBe(before);

    // Without it, a new calendar saves.
    const without = buildSubmitPayload(
      buildEngineCalendar(
        dairySpringCows,
        scoped
          .filter((disease) => disease.vaccine && disease.vaccine.id !== vaccineId)
          .map((disease) => disease.id),
      ),
    );
    const saved = await testApp.app.inject(
      asUser(farmer.token, { method: "POST", url: "/api/calendar", payload: without }),
    );
    expect(saved.statusCode, saved.body).toBe(201);

    // The saved calendar that has it is saved again with it, unchanged.
    const kept = await testApp.app.inject(
      asUser(farmer.token, {
        method: "PUT",
        url: `/api/calendar/${calendarId}`,
        payload: buildSubmitPayload(buildEngineCalendar(), dairySpringCows, {
          action: "update",
          calendarId,
        }),
      }),
    );
    expect(kept.statusCode, kept.body).toBe(200);

    // But it cannot be added to a saved calendar that did not have it.
    const newId = saved.json<{ calendar: { id: number } }>().calendar.id;
    const added = await testApp.app.inject(
      asUser(farmer.token, {
        method: "PUT",
        url: `/api/calendar/${newId}`,
        payload: buildSubmitPayload(buildEngineCalendar(), dairySpringCows, {
          action: "update",
          calendarId: newId,
        }),
      }),
    );
    expect(added.statusCode).toBe(400);
    expect(added.json().error.issues[0].message).toBe(calendarMessages.vaccineRetired);
  });
});

async function countCalendars(): Promise<number> {
  const { rows } = await testApp.database.pool.query<{ count: string }>(
    "SELECT count(*) FROM calendars",
  );
  return Number(rows[0]?.count);
}
