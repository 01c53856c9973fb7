import { brotliDecompressSync, gunzipSync } from "node:zlib";
import { referenceLists, type ProductInput, type ReferenceListKey } from "@vaxcal/contracts";
import { VaccineId } from "@vaxcal/reference-data";
import type { FastifyInstance } from "fastify";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { buildApp } from "../../app.ts";
import { connectDatabase, type Database } from "../../db/database.ts";
import { asUser, grantAdminRole, registerUser, type RegisteredUser } from "../../test/accounts.ts";
import { buildTestConfig, createTestApp, type TestApp } from "../../test/app.ts";
import { createReferenceRepository } from "./reference.repository.ts";

// Two app instances on one database, as two nodes behind a load balancer: the second one hears
// about the first one's admin edits only through PostgreSQL's NOTIFY (ADR 701).
let first: TestApp;
let secondDatabase: Database;
let second: FastifyInstance;
let admin: RegisteredUser;
beforeAll(async () => {
  first = await createTestApp();
  secondDatabase = connectDatabase(first.database.connectionString, { maxConnections: 2 });
  second = await buildApp({ config: buildTestConfig(), database: secondDatabase });
  admin = await registerUser(first.app);
  await grantAdminRole(first.database, admin.id);
});
afterAll(async () => {
  await second.close();
  await secondDatabase.close();
  await first.close();
});

const keys = Object.keys(referenceLists) as ReferenceListKey[];

async function vaccineNames(app: FastifyInstance): Promise<string[]> {
  const response = await app.inject({ method: "GET", url: "/api/vaccines" });
  expect(response.statusCode).toBe(200);
  return response.json<Array<{ name: string }>>().map((vaccine) => vaccine.name);
}

async function eventually(check: () => Promise<void>, timeoutMs = 5_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    try {
      return await check();
    } catch (error) {
      if (Date.now() > deadline) throw error;
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
  }
}

function buildProductInput(name: string): ProductInput {
  return {
    name,
    size_info: "10 dose / 20 ml",
    vaccine_type: "IM,SC",
    logo_url: "/vaccine-badges/testvax.svg",
    product_spc_url: "https://www.example.ie/spc/testvax",
    accent_color: "10,20,30",
    information: "Protects against nothing in particular.",
    warning_message: "Do not use in tests.",
    source_note: "S99 (L)",
    retired: false,
    rules: {
      max_shots: 2,
      min_age_days: 90,
      live: false,
      not_in_pregnancy: true,
      min_days_before_breeding: 28,
      blackout_birth_days: { from: -28, to: 28 },
      window_birth_days: null,
      compatible_vaccine_ids: [VaccineId.toxovax],
      course_interval_days: { from: 28, to: 35 },
      booster_window_birth_days: null,
      max_days_before_breeding: null,
      min_days_before_birth: null,
      not_protective_in_pregnancy: false,
      crosses_placenta: false,
      handler_warning: null,
    },
  };
}

describe("reference lists served from memory (ADR 701)", () => {
  it.each(keys)("%s: the body is what the database holds, twice over", async (key) => {
    const repository = createReferenceRepository(first.database.db);
    const loaders: Record<ReferenceListKey, () => Promise<unknown>> = {
      enterprises: () => repository.listEnterprises(),
      animals: () => repository.listAnimals(),
      diseases: () => repository.listDiseases(),
      vaccines: () => repository.listVaccines(),
      seasons: () => repository.listSeasons(),
      animalEnterpriseSeasonCombinations: () => repository.listCombinations(),
      warnings: () => repository.listWarnings(),
      shotTemplates: () => repository.listShotTemplates(),
      territoryManagers: () => repository.listTerritoryManagers(),
      vets: () => repository.listVets(),
    };
    const expected = JSON.parse(JSON.stringify(await loaders[key]())) as unknown;
    const url = referenceLists[key].path;
    const once = await first.app.inject({ method: "GET", url });
    const twice = await first.app.inject({ method: "GET", url });
    expect(once.json()).toEqual(expected);
    expect(twice.body).toBe(once.body);
    expect(twice.headers.etag).toBe(once.headers.etag);
    expect(once.headers["content-type"]).toMatch(/^application\/json/);
  });

  it.each(keys)(
    "%s: br and gzip bodies decode to the same JSON, and a match is a 304",
    async (key) => {
      const url = referenceLists[key].path;
      const plain = await first.app.inject({ method: "GET", url });
      expect(plain.headers["content-encoding"]).toBeUndefined();
      expect(plain.headers.vary).toMatch(/accept-encoding/i);

      const br = await first.app.inject({
        method: "GET",
        url,
        headers: { "accept-encoding": "br" },
      });
      const gzip = await first.app.inject({
        method: "GET",
        url,
        headers: { "accept-encoding": "gzip, deflate" },
      });
      // A list too short to shrink is sent as it is.
      if (br.headers["content-encoding"]) {
        expect(br.headers["content-encoding"]).toBe("br");
        expect(brotliDecompressSync(br.rawPayload).toString()).toBe(plain.body);
      } else expect(br.body).toBe(plain.body);
      if (gzip.headers["content-encoding"]) {
        expect(gzip.headers["content-encoding"]).toBe("gzip");
        expect(gunzipSync(gzip.rawPayload).toString()).toBe(plain.body);
      } else expect(gzip.body).toBe(plain.body);
      expect(br.headers.etag).toBe(plain.headers.etag);

      const revalidated = await first.app.inject({
        method: "GET",
        url,
        headers: { "if-none-match": String(plain.headers.etag), "accept-encoding": "br" },
      });
      expect(revalidated.statusCode).toBe(304);
      expect(revalidated.body).toBe("");
      expect(revalidated.headers.etag).toBe(plain.headers.etag);
    },
  );

  it("compresses the long lists", async () => {
    const vaccines = await first.app.inject({
      method: "GET",
      url: "/api/vaccines",
      headers: { "accept-encoding": "gzip;q=0, br" },
    });
    expect(vaccines.headers["content-encoding"]).toBe("br");
    const gzipOnly = await first.app.inject({
      method: "GET",
      url: "/api/vaccines",
      headers: { "accept-encoding": "br;q=0, gzip" },
    });
    expect(gzipOnly.headers["content-encoding"]).toBe("gzip");
  });

  it("shows an admin's new product on the very next request, and on the other node at once", async () => {
    // Both nodes have the list in memory before the edit.
    const name = `Cachevax ${Math.random().toString(36).slice(2, 8)}`;
    expect(await vaccineNames(first.app)).not.toContain(name);
    await eventually(async () => expect(await vaccineNames(second)).not.toContain(name));
    const before = await second.inject({ method: "GET", url: "/api/vaccines" });

    const created = await first.app.inject(
      asUser(admin.token, {
        method: "POST",
        url: "/api/admin/products",
        payload: buildProductInput(name),
      }),
    );
    expect(created.statusCode).toBe(201);
    expect(await vaccineNames(first.app)).toContain(name);

    await eventually(async () => expect(await vaccineNames(second)).toContain(name));
    const after = await second.inject({
      method: "GET",
      url: "/api/vaccines",
      headers: { "if-none-match": String(before.headers.etag) },
    });
    expect(after.statusCode).toBe(200);
    expect(after.headers.etag).not.toBe(before.headers.etag);
  });
});
