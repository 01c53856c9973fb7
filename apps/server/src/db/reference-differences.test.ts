import { referenceDataWithWindows as referenceData } from "@vaxcal/reference-data";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestDatabase, type TestDatabase } from "../test/database.ts";
import { listReferenceDifferences } from "./reference-differences.ts";

let database: TestDatabase;
beforeAll(async () => {
  database = await createTestDatabase();
});
afterAll(() => database.drop());

describe("listReferenceDifferences", () => {
  it("finds nothing in a freshly seeded database", async () => {
    expect(await listReferenceDifferences(database.db, referenceData)).toEqual([]);
  });

  it("lists edited, deleted and added rows, with the fields that differ", async () => {
    const vaccine = referenceData.vaccines[0];
    const template = referenceData.shotTemplates[0];
    if (!vaccine || !template) throw new Error("the dataset is empty");
    await database.pool.query("UPDATE vaccines SET warning_message = 'Edited' WHERE id = $1", [
      vaccine.id,
    ]);
    await database.pool.query("DELETE FROM shot_templates WHERE id = $1", [template.id]);
    const added = await database.pool.query<{ id: number }>(
      "INSERT INTO seasons (name) VALUES ('Winter') RETURNING id",
    );

    const differences = await listReferenceDifferences(database.db, referenceData);

    expect(differences).toEqual([
      {
        table: "seasons",
        key: { id: added.rows[0]?.id },
        kind: "added",
        fields: [],
      },
      {
        table: "vaccines",
        key: { id: vaccine.id },
        kind: "changed",
        fields: [{ field: "warningMessage", shipped: vaccine.warning_message, current: "Edited" }],
      },
      { table: "shot_templates", key: { id: template.id }, kind: "deleted", fields: [] },
    ]);
  });
});
