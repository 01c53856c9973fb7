import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { connectDatabase, type Database } from "../db/database.ts";
import { createTestDatabase, type TestDatabase } from "../test/database.ts";
import { createRateLimitsRepository, type RateLimitRule } from "./rate-limits.repository.ts";

/* The counter that does not wait for the disk (the public feed's, decision 704). */

let database: TestDatabase;
// One connection, so each check below looks at the very connection the counter used.
let single: Database;

beforeAll(async () => {
  database = await createTestDatabase();
  single = connectDatabase(database.connectionString, { maxConnections: 1 });
});
afterAll(async () => {
  await single.close();
  await database.drop();
});

const rule: RateLimitRule = { name: "unflushed-test", limit: 3, windowMs: 60_000 };

async function readSynchronousCommit(): Promise<string> {
  const result = await single.pool.query<{ synchronous_commit: string }>("SHOW synchronous_commit");
  return result.rows[0]!.synchronous_commit;
}

describe("consumeHitWithoutFlush", () => {
  it("limits like consumeHit and shares its counter", async () => {
    const limits = createRateLimitsRepository(single.db);
    const now = new Date("2026-03-29T00:30:00Z");
    const answers = [
      await limits.consumeHitWithoutFlush(rule, "token-a", now),
      await limits.consumeHit(rule, "token-a", now),
      await limits.consumeHitWithoutFlush(rule, "token-a", now),
      await limits.consumeHitWithoutFlush(rule, "token-a", now),
    ];
    expect(answers.map(({ hits, isAllowed }) => [hits, isAllowed])).toEqual([
      [1, true],
      [2, true],
      [3, true],
      [4, false],
    ]);
    expect(answers[3]!.retryAfterSeconds).toBe(60);
    // Another subject is counted on its own; a new window starts again from one.
    expect((await limits.consumeHitWithoutFlush(rule, "token-b", now)).hits).toBe(1);
    const later = new Date(now.getTime() + rule.windowMs);
    expect(await limits.consumeHitWithoutFlush(rule, "token-a", later)).toMatchObject({
      hits: 1,
      isAllowed: true,
    });
  });

  it("leaves the pooled connection committing durably afterwards", async () => {
    expect(await readSynchronousCommit()).toBe("on");
    await createRateLimitsRepository(single.db).consumeHitWithoutFlush(rule, "token-c", new Date());
    expect(await readSynchronousCommit()).toBe("on");
  });

  it("inside a caller's transaction counts durably, leaving that transaction's commit alone", async () => {
    const setting = await single.db.transaction(async (transaction) => {
      const counted = await createRateLimitsRepository(transaction).consumeHitWithoutFlush(
        rule,
        "token-d",
        new Date(),
      );
      expect(counted.hits).toBe(1);
      const result = await transaction.execute<{ synchronous_commit: string }>(
        "SHOW synchronous_commit",
      );
      return result.rows[0]!.synchronous_commit;
    });
    expect(setting).toBe("on");
  });
});
