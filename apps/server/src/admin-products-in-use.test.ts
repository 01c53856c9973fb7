import type { Product } from "@vaxcal/contracts";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import {
  buildEngineCalendar,
  buildSubmitPayload,
  dairySpringCows,
  testToday,
} from "./modules/calendars/calendars.test-support.ts";
import { asUser, grantAdminRole, registerUser, type RegisteredUser } from "./test/accounts.ts";
import { createTestApp, type TestApp } from "./test/app.ts";

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
});
