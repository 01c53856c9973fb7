import { adminMessages, type Product, type ProductInput } from "@vaxcal/contracts";
import { referenceDataWithWindows as referenceData, VaccineId } from "@vaxcal/reference-data";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { seedReferenceData } from "../../db/seed.ts";
import { asUser, grantAdminRole, registerUser, type RegisteredUser } from "../../test/accounts.ts";
import { createTestApp, type TestApp } from "../../test/app.ts";

let testApp: TestApp;
let admin: RegisteredUser;
let farmer: RegisteredUser;
beforeAll(async () => {
  testApp = await createTestApp();
  admin = await registerUser(testApp.app);
  await grantAdminRole(testApp.database, admin.id);
  farmer = await registerUser(testApp.app);
});
afterAll(() => testApp.close());

const asAdmin = (options: Parameters<typeof asUser>[1]) => asUser(admin.token, options);

function buildProductInput(overrides: Partial<ProductInput> = {}): ProductInput {
  return {
    name: `Testvax ${Math.random().toString(36).slice(2, 8)}`,
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
    ...overrides,
  };
}

/** Every admin call, as the OpenAPI document lists it, with a concrete URL. */
async function listAdminOperations(): Promise<Array<{ method: string; url: string }>> {
  const document = (await testApp.app.inject({ method: "GET", url: "/api/docs/json" })).json<{
    paths: Record<string, Record<string, unknown>>;
  }>();
  return Object.entries(document.paths)
    .filter(([path]) => path.startsWith("/api/admin"))
    .flatMap(([path, operations]) =>
      Object.keys(operations).map((method) => ({
        method: method.toUpperCase(),
        url: path.replace(/\{\w+\}/g, String(VaccineId.bovilisBvd)),
      })),
    );
}

describe("admin calls need the ADMIN role", () => {
  it("answers 401 to a visitor and 403 to a farmer on every admin call in the OpenAPI document", async () => {
    const operations = await listAdminOperations();
    // Products (7) and protocol management (13).
    expect(operations.length).toBeGreaterThanOrEqual(20);
    for (const { method, url } of operations) {
      const payload = ["POST", "PUT"].includes(method) ? buildProductInput() : undefined;
      const visitor = await testApp.app.inject({ method: method as "GET", url, payload });
      expect({ method, url, status: visitor.statusCode }).toEqual({ method, url, status: 401 });
      const asFarmer = await testApp.app.inject(
        asUser(farmer.token, { method: method as "GET", url, payload }),
      );
      expect({ method, url, status: asFarmer.statusCode }).toEqual({ method, url, status: 403 });
      expect(asFarmer.json()).toEqual({
        error: { code: "FORBIDDEN", message: "Only an admin can do this." },
      });
    }
    const { rows } = await testApp.database.pool.query(
      "SELECT count(*)::int AS count FROM admin_audit_entries",
    );
    expect(rows[0]?.count).toBe(0);
  });
});

describe("product management", () => {
  it("filters products by disease, category and search, server-side, with paging", async () => {
    const bvd = referenceData.diseases.find((disease) => disease.name === "BVD");
    if (!bvd) throw new Error("no BVD in the dataset");
    const byDisease = await testApp.app.inject(
      asAdmin({ method: "GET", url: `/api/admin/products?disease=${bvd.id}` }),
    );
    expect(byDisease.statusCode).toBe(200);
    const names = byDisease.json<{ items: { name: string; diseases: string[] }[] }>().items;
    expect(names.map((item) => item.name)).toContain("Bovilis BVD");
    expect(names.every((item) => item.diseases.includes("BVD"))).toBe(true);

    const sheep = referenceData.enterprises.find((enterprise) => enterprise.name === "Sheep");
    const bySheep = await testApp.app.inject(
      asAdmin({ method: "GET", url: `/api/admin/products?category=${sheep?.id}&search=vax` }),
    );
    const sheepItems = bySheep.json<{ items: { name: string; categories: string[] }[] }>().items;
    expect(sheepItems.length).toBeGreaterThan(0);
    expect(sheepItems.every((item) => /vax/i.test(item.name))).toBe(true);
    expect(sheepItems.every((item) => item.categories.includes("Sheep"))).toBe(true);
    expect(sheepItems.map((item) => item.name)).not.toContain("Bovilis BVD");

    const page2 = await testApp.app.inject(
      asAdmin({ method: "GET", url: "/api/admin/products?page=2&pageSize=5" }),
    );
    const body = page2.json<{ items: unknown[]; total: number; page: number }>();
    expect(body).toMatchObject({ page: 2, total: referenceData.vaccines.length });
    expect(body.items).toHaveLength(5);
  });

  it("creates, reads, updates and deletes a product with every field, auditing each change", async () => {
    const input = buildProductInput();
    const created = await testApp.app.inject(
      asAdmin({ method: "POST", url: "/api/admin/products", payload: input }),
    );
    expect(created.statusCode).toBe(201);
    const product = created.json<Product>();
    expect(product).toMatchObject({ ...input, diseases: [], calendar_count: 0 });

    const read = await testApp.app.inject(
      asAdmin({ method: "GET", url: `/api/admin/products/${product.id}` }),
    );
    expect(read.json<Product>()).toEqual(product);

    const changed = { ...input, warning_message: "New warning.", retired: true };
    const updated = await testApp.app.inject(
      asAdmin({ method: "PUT", url: `/api/admin/products/${product.id}`, payload: changed }),
    );
    expect(updated.statusCode).toBe(200);
    expect(updated.json<Product>()).toMatchObject({
      warning_message: "New warning.",
      retired: true,
    });

    const deleted = await testApp.app.inject(
      asAdmin({ method: "DELETE", url: `/api/admin/products/${product.id}` }),
    );
    expect(deleted.statusCode).toBe(204);
    const gone = await testApp.app.inject(
      asAdmin({ method: "GET", url: `/api/admin/products/${product.id}` }),
    );
    expect(gone.statusCode).toBe(404);

    const audit = await testApp.app.inject(
      asAdmin({ method: "GET", url: `/api/admin/audit?product=${product.id}` }),
    );
    const entries = audit.json<{
      items: Array<{ action: string; user_label: string; before: unknown; after: unknown }>;
    }>().items;
    expect(entries.map((entry) => entry.action)).toEqual(["delete", "update", "create"]);
    expect(entries.every((entry) => entry.user_label === admin.email)).toBe(true);
    expect(entries[1]?.before).toMatchObject({ warning_message: "Do not use in tests." });
    expect(entries[1]?.after).toMatchObject({ warning_message: "New warning.", retired: true });
    expect(entries[2]?.before).toBeNull();
    expect(entries[0]?.after).toBeNull();
  });

  it("refuses a save over another admin's newer save with a 409, and keeps theirs", async () => {
    const created = await testApp.app.inject(
      asAdmin({ method: "POST", url: "/api/admin/products", payload: buildProductInput() }),
    );
    const opened = created.json<Product>();
    const { diseases: _diseases, calendar_count: _count, id: _id, ...loaded } = opened;
    const put = (payload: ProductInput) =>
      testApp.app.inject(
        asAdmin({ method: "PUT", url: `/api/admin/products/${opened.id}`, payload }),
      );
    const auditCount = async () =>
      (
        await testApp.app.inject(
          asAdmin({ method: "GET", url: `/api/admin/audit?product=${opened.id}` }),
        )
      ).json<{ items: unknown[] }>().items.length;
    // Two admins open the same product; the first saves.
    const first = await put({ ...loaded, warning_message: "First admin's warning." });
    expect(first.statusCode).toBe(200);
    const audited = await auditCount();

    const second = await put({ ...loaded, warning_message: "Second admin's warning." });

    expect(second.statusCode).toBe(409);
    expect(second.json()).toMatchObject({
      error: { code: "CONFLICT", message: adminMessages.productChangedMeanwhile },
    });
    const read = await testApp.app.inject(
      asAdmin({ method: "GET", url: `/api/admin/products/${opened.id}` }),
    );
    expect(read.json<Product>().warning_message).toBe("First admin's warning.");
    expect(await auditCount()).toBe(audited);
    // Reloaded, the second admin's save goes through.
    const again = await put({
      ...loaded,
      updated_at: first.json<Product>().updated_at,
      warning_message: "Second admin's warning.",
    });
    expect(again.statusCode).toBe(200);
  });

  it("answers bad product input with a message beside each field, and writes nothing", async () => {
    const response = await testApp.app.inject(
      asAdmin({
        method: "POST",
        url: "/api/admin/products",
        payload: buildProductInput({
          name: "  ",
          product_spc_url: "ftp://nowhere",
          accent_color: "300,0,0",
          vaccine_type: "IM,XX",
          source_note: "",
          rules: {
            ...buildProductInput().rules,
            blackout_birth_days: { from: 10, to: -10 },
            max_shots: 0,
          },
        }),
      }),
    );
    expect(response.statusCode).toBe(400);
    const issues = response.json<{ error: { issues: { path: string; message: string }[] } }>().error
      .issues;
    expect(Object.fromEntries(issues.map((issue) => [issue.path, issue.message]))).toEqual({
      "body.name": "Please enter the product name.",
      "body.product_spc_url":
        "Please enter the web address of the product's SPC, starting with https://.",
      "body.accent_color":
        "Please enter three numbers from 0 to 255, separated by commas, e.g. 0,94,184.",
      "body.vaccine_type": "Please choose routes from the list.",
      "body.source_note": "Please say where these facts come from, e.g. S16 (H).",
      "body.rules.blackout_birth_days.to": "The first day must not be after the last day.",
      "body.rules.max_shots": "Please enter a whole number above 0, or leave it empty.",
    });

    const taken = await testApp.app.inject(
      asAdmin({
        method: "POST",
        url: "/api/admin/products",
        payload: buildProductInput({
          name: "bovilis bvd",
          rules: { ...buildProductInput().rules, compatible_vaccine_ids: [999_999] },
        }),
      }),
    );
    expect(taken.statusCode).toBe(400);
    expect(taken.json<{ error: { issues: unknown[] } }>().error.issues).toEqual([
      { path: "body.name", message: "Another product already has this name." },
      {
        path: "body.rules.compatible_vaccine_ids",
        message: "Please choose compatible products from the list.",
      },
    ]);
  });

  it("refuses to delete a product that diseases offer, with a message to retire it", async () => {
    const refused = await testApp.app.inject(
      asAdmin({ method: "DELETE", url: `/api/admin/products/${VaccineId.bovilisBvd}` }),
    );
    expect(refused.statusCode).toBe(409);
    expect(refused.json<{ error: { message: string } }>().error.message).toBe(
      "This product cannot be deleted: diseases offer it as their vaccine. Retire it instead, or give those diseases another vaccine first.",
    );
  });

  it("keeps an admin's product edit through a restart (re-seed), and lists it as a difference", async () => {
    const before = (
      await testApp.app.inject(
        asAdmin({ method: "GET", url: `/api/admin/products/${VaccineId.bovela}` }),
      )
    ).json<Product>();
    const { id, diseases, calendar_count, updated_at, ...input } = before;
    void [id, diseases, calendar_count, updated_at];
    const saved = await testApp.app.inject(
      asAdmin({
        method: "PUT",
        url: `/api/admin/products/${VaccineId.bovela}`,
        payload: { ...input, warning_message: "Check the batch before use." },
      }),
    );
    expect(saved.statusCode).toBe(200);

    await seedReferenceData(testApp.database.db, referenceData);

    const after = await testApp.app.inject(
      asAdmin({ method: "GET", url: `/api/admin/products/${VaccineId.bovela}` }),
    );
    expect(after.json<Product>().warning_message).toBe("Check the batch before use.");
    const differences = await testApp.app.inject(
      asAdmin({ method: "GET", url: "/api/admin/reference-differences" }),
    );
    expect(differences.json()).toContainEqual({
      table: "vaccines",
      key: { id: VaccineId.bovela },
      kind: "changed",
      fields: [
        {
          field: "warningMessage",
          shipped: before.warning_message,
          current: "Check the batch before use.",
        },
      ],
    });
  });
});
