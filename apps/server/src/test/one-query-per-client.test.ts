import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { runReads } from "../db/database.ts";
import { createTestDatabase, type TestDatabase } from "./database.ts";
import { takeConcurrentQueryViolations } from "./one-query-per-client.ts";

/* The setup file's guard: it must see the mistake it exists for, and nothing else. */

let database: TestDatabase;

beforeAll(async () => {
  database = await createTestDatabase();
});
afterAll(async () => {
  await database.drop();
});

const readOne = sql`SELECT 1 AS one`;

describe("a query sent on a pg client still running another one", () => {
  it("is seen when two reads of one transaction go out with Promise.all (pg itself says nothing for two)", async () => {
    await database.db.transaction(async (transaction) => {
      await Promise.all([transaction.execute(readOne), transaction.execute(sql`SELECT 2 AS two`)]);
    });
    const seen = takeConcurrentQueryViolations();
    expect(seen).toHaveLength(1);
    expect(seen[0]?.message).toContain("SELECT 2 AS two");
  });

  it("is seen for each read queued behind the first", async () => {
    await database.db.transaction(async (transaction) => {
      await Promise.all([
        transaction.execute(readOne),
        transaction.execute(readOne),
        transaction.execute(readOne),
      ]);
    });
    // The third also makes pg print its deprecation warning; the guard counts the query once.
    await new Promise((resolve) => setImmediate(resolve));
    expect(
      takeConcurrentQueryViolations().filter((error) => error.name !== "DeprecationWarning"),
    ).toHaveLength(2);
  });

  it("is not seen for the same reads one after another, nor for Promise.all on the pool", async () => {
    await database.db.transaction(async (transaction) => {
      await transaction.execute(readOne);
      await transaction.execute(readOne);
    });
    await Promise.all([database.db.execute(readOne), database.db.execute(readOne)]);
    expect(takeConcurrentQueryViolations()).toEqual([]);
  });
});

describe("runReads", () => {
  const readBackend = sql`SELECT pg_backend_pid() AS pid, pg_sleep(0.2)`;

  it("runs a transaction's reads one after another on its connection, in order", async () => {
    const [first, second] = await database.db.transaction((transaction) =>
      runReads(transaction, [
        () => transaction.execute(sql`SELECT 'first' AS name`),
        () => transaction.execute(sql`SELECT 'second' AS name`),
      ]),
    );
    expect([first.rows[0]?.name, second.rows[0]?.name]).toEqual(["first", "second"]);
    expect(takeConcurrentQueryViolations()).toEqual([]);
  });

  it("runs the pool's reads at once, each on a connection of its own", async () => {
    const [first, second] = await runReads(database.db, [
      () => database.db.execute(readBackend),
      () => database.db.execute(readBackend),
    ]);
    // One after another, the pool would have handed the same idle connection to both.
    expect(first.rows[0]?.pid).not.toEqual(second.rows[0]?.pid);
  });
});
