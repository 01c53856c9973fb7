import { sql } from "drizzle-orm";
import pg from "pg";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestDatabase, type TestDatabase } from "../test/database.ts";
import { pickClient } from "./database.ts";

/* pickClient reads drizzle's private session.client: a drizzle upgrade that moves it fails here. */

let database: TestDatabase;

beforeAll(async () => {
  database = await createTestDatabase();
});
afterAll(async () => {
  await database.drop();
});

describe("pickClient", () => {
  it("gives the pool for the database", () => {
    expect(pickClient(database.db)).toBe(database.pool);
  });

  it("gives a transaction's own connection: a statement sent on it runs inside the transaction", async () => {
    await database.db.transaction(async (transaction) => {
      const client = pickClient(transaction);
      expect(client).toBeInstanceOf(pg.Client);
      const fromDrizzle = await transaction.execute(sql`SELECT txid_current()::text AS txid`);
      const fromClient = await client.query<{ txid: string }>(
        "SELECT txid_current()::text AS txid",
      );
      expect(fromClient.rows[0]?.txid).toBe(fromDrizzle.rows[0]?.txid);
    });
  });
});
