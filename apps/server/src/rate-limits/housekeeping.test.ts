import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { rateLimits } from "../db/schema/accounts.ts";
import { createAccountsTestApp, type AccountsTestApp } from "../test/accounts.ts";
import { startHousekeeping } from "./housekeeping.ts";
import { createRateLimitsRepository } from "./rate-limits.repository.ts";

let testApp: AccountsTestApp;

beforeAll(async () => {
  testApp = await createAccountsTestApp();
});

afterAll(() => testApp.close());

const rule = { name: "housekeeping-test", limit: 5, windowMs: 60_000 };
const hoursAgo = (hours: number) => new Date(testApp.clock.now().getTime() - hours * 3_600_000);

async function countWindows(): Promise<number> {
  return (await testApp.database.db.select().from(rateLimits)).length;
}

describe("rate limit windows", () => {
  it("older than a day are deleted when the app starts, and newer ones kept", async () => {
    const repository = createRateLimitsRepository(testApp.database.db);
    await repository.consumeHit(rule, "stale address", hoursAgo(25));
    await repository.consumeHit(rule, "another stale address", hoursAgo(48));
    await repository.consumeHit(rule, "recent address", hoursAgo(23));
    expect(await countWindows()).toBe(3);

    await testApp.app.ready();
    await testApp.whenIdle();

    expect(await countWindows()).toBe(1);
    expect((await repository.peekHits(rule, "recent address", hoursAgo(23))).hits).toBe(1);
  });

  it("keep being cleared while the app runs", async () => {
    const tasks = testApp.app.backgroundTasks;
    const stop = startHousekeeping(
      { db: testApp.database.db, clock: testApp.clock.now, tasks },
      20,
    );
    try {
      await tasks.whenIdle();
      const repository = createRateLimitsRepository(testApp.database.db);
      await repository.consumeHit(rule, "later stale address", hoursAgo(30));
      await vi.waitFor(async () => expect(await countWindows()).toBe(1), { timeout: 5000 });
    } finally {
      stop();
      await tasks.whenIdle();
    }
  });
});
