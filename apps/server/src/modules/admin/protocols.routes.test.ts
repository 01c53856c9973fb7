import {
  adminPaths,
  protocolMessages,
  type AdminDiseaseAnimal,
  type AdminSeasonDefault,
  type AdminShotTemplate,
  type AdminWarning,
  type AuditEntry,
  type ProtocolPreviewResponse,
  type ShotTemplate,
  type ShotTemplateInput,
} from "@vaxcal/contracts";
import {
  AnimalId,
  DiseaseId,
  EnterpriseId,
  SeasonId,
  VaccineId,
  referenceDataWithWindows as referenceData,
} from "@vaxcal/reference-data";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { seedReferenceData } from "../../db/seed.ts";
import { asUser, grantAdminRole, registerUser, type RegisteredUser } from "../../test/accounts.ts";
import { createTestApp, type TestApp } from "../../test/app.ts";

// Dairy spring-calving cows on 2 March 2026 (Irish time): calving from 1 Feb, breeding from
// 25 Apr 2026, so Bovilis BVD (breeding −28) is due on 28 Mar and Leptavoid-H (−42) on 14 Mar.
const now = new Date("2026-03-02T09:00:00Z");

let testApp: TestApp;
let admin: RegisteredUser;
let farmer: RegisteredUser;
beforeAll(async () => {
  testApp = await createTestApp({}, () => now);
  admin = await registerUser(testApp.app);
  await grantAdminRole(testApp.database, admin.id);
  farmer = await registerUser(testApp.app);
});
afterAll(() => testApp.close());

const asAdmin = (options: Parameters<typeof asUser>[1]) =>
  testApp.app.inject(asUser(admin.token, options));

const shippedBvdCowsTemplate = referenceData.shotTemplates.find(
  (template) =>
    template.vaccine_id === VaccineId.bovilisBvd && template.animal_id === AnimalId.cows,
) as ShotTemplate;

/** A template as an admin saves it, without its window unless the overrides give one. */
function toInput(template: ShotTemplate, overrides: Partial<ShotTemplateInput> = {}) {
  const { id: _id, earliest_days: _e, latest_days: _l, source_note: _s, ...fields } = template;
  return { ...fields, ...overrides } satisfies ShotTemplateInput;
}

/** A template as an admin saves it, with its window and source. */
function toWindowedInput(template: ShotTemplate, overrides: Partial<ShotTemplateInput> = {}) {
  const { id: _id, ...fields } = template;
  return { ...fields, ...overrides } satisfies ShotTemplateInput;
}

const templatePath = (id: number) => adminPaths.shotTemplate.replace(":id", String(id));

async function listAudit(product?: number): Promise<AuditEntry[]> {
  const response = await asAdmin({
    method: "GET",
    url: `${adminPaths.audit}${product === undefined ? "" : `?product=${product}`}`,
  });
  expect(response.statusCode).toBe(200);
  return response.json<{ items: AuditEntry[] }>().items;
}

async function countRows(table: string): Promise<number> {
  const result = await testApp.database.pool.query<{ count: string }>(
    `SELECT count(*) FROM ${table}`,
  );
  return Number(result.rows[0]?.count);
}

describe("who may call protocol management", () => {
  it("answers 401 to a visitor and 403 to a farmer, and changes nothing", async () => {
    const before = await countRows("admin_audit_entries");
    const payload = toInput(shippedBvdCowsTemplate, { breeding_days: -35 });
    const url = templatePath(shippedBvdCowsTemplate.id);
    expect((await testApp.app.inject({ method: "PUT", url, payload })).statusCode).toBe(401);
    const asFarmer = await testApp.app.inject(
      asUser(farmer.token, { method: "PUT", url, payload }),
    );
    expect(asFarmer.statusCode).toBe(403);
    const templates = await asAdmin({
      method: "GET",
      url: `${adminPaths.shotTemplates}?vaccine=${VaccineId.bovilisBvd}&animal=${AnimalId.cows}`,
    });
    expect(templates.json<AdminShotTemplate[]>()[0]?.breeding_days).toBe(-28);
    expect(await countRows("admin_audit_entries")).toBe(before);
  });
});

describe("shot templates", () => {
  it("lists one vaccine's templates for one animal", async () => {
    const response = await asAdmin({
      method: "GET",
      url: `${adminPaths.shotTemplates}?vaccine=${VaccineId.bovilisLeptavoidH}&animal=${AnimalId.replacementHeifers}`,
    });
    expect(response.statusCode).toBe(200);
    const shipped = referenceData.shotTemplates.filter(
      (template) =>
        template.vaccine_id === VaccineId.bovilisLeptavoidH &&
        template.animal_id === AnimalId.replacementHeifers,
    );
    expect(response.json<AdminShotTemplate[]>().map(({ updated_at: _, ...rest }) => rest)).toEqual(
      shipped,
    );
  });

  it("shows each template's window and source, and saves an admin's window (decision 414)", async () => {
    const url = templatePath(shippedBvdCowsTemplate.id);
    const listed = await asAdmin({
      method: "GET",
      url: `${adminPaths.shotTemplates}?vaccine=${VaccineId.bovilisBvd}&animal=${AnimalId.cows}`,
    });
    const [shown] = listed.json<AdminShotTemplate[]>();
    expect(shown).toMatchObject({
      earliest_days: shippedBvdCowsTemplate.earliest_days,
      latest_days: shippedBvdCowsTemplate.latest_days,
      source_note: shippedBvdCowsTemplate.source_note,
    });
    const saved = await asAdmin({
      method: "PUT",
      url,
      payload: {
        ...toWindowedInput(shippedBvdCowsTemplate, { earliest_days: -60, latest_days: -21 }),
        source_note: "Our practice's advice",
        updated_at: shown?.updated_at,
      },
    });
    expect(saved.statusCode, saved.body).toBe(200);
    expect(saved.json()).toMatchObject({
      earliest_days: -60,
      latest_days: -21,
      source_note: "Our practice's advice",
    });
    const restored = await asAdmin({
      method: "PUT",
      url,
      payload: {
        ...toWindowedInput(shippedBvdCowsTemplate),
        updated_at: saved.json().updated_at,
      },
    });
    expect(restored.statusCode, restored.body).toBe(200);
  });

  it("refuses a window whose earliest day is after its latest, or that leaves out the preferred day, and writes nothing", async () => {
    const before = await countRows("admin_audit_entries");
    const reversed = await asAdmin({
      method: "PUT",
      url: templatePath(shippedBvdCowsTemplate.id),
      payload: toInput(shippedBvdCowsTemplate, { earliest_days: -20, latest_days: -40 }),
    });
    expect(reversed.statusCode).toBe(400);
    expect(reversed.json().error.issues).toContainEqual({
      path: "body.earliest_days",
      message: protocolMessages.windowOrder,
    });
    const outside = await asAdmin({
      method: "POST",
      url: adminPaths.shotTemplates,
      payload: toInput(shippedBvdCowsTemplate, { earliest_days: -20, latest_days: 10 }),
    });
    expect(outside.statusCode).toBe(400);
    expect(outside.json().error.issues).toContainEqual({
      path: "body.breeding_days",
      message: protocolMessages.preferredOutsideWindow,
    });
    expect(await countRows("admin_audit_entries")).toBe(before);
  });

  it("refuses a template with both anchors, or neither, with a message beside the field, and writes nothing", async () => {
    const before = await countRows("shot_templates");
    const both = await asAdmin({
      method: "POST",
      url: adminPaths.shotTemplates,
      payload: toInput(shippedBvdCowsTemplate, { birth_days: -10 }),
    });
    expect(both.statusCode).toBe(400);
    expect(both.json().error.issues).toContainEqual({
      path: "body.birth_days",
      message: protocolMessages.oneAnchor,
    });
    const neither = await asAdmin({
      method: "PUT",
      url: templatePath(shippedBvdCowsTemplate.id),
      payload: toInput(shippedBvdCowsTemplate, { breeding_days: null }),
    });
    expect(neither.statusCode).toBe(400);
    expect(neither.json().error.issues).toContainEqual({
      path: "body.birth_days",
      message: protocolMessages.anchorRequired,
    });
    const unknownIds = await asAdmin({
      method: "POST",
      url: adminPaths.shotTemplates,
      payload: toInput(shippedBvdCowsTemplate, {
        vaccine_id: 99_999,
        season_id: SeasonId.midSeasonLambing,
      }),
    });
    expect(unknownIds.statusCode).toBe(400);
    expect(unknownIds.json().error.issues).toEqual([
      { path: "body.vaccine_id", message: protocolMessages.productUnknown },
      { path: "body.season_id", message: protocolMessages.seasonNotOffered },
    ]);
    expect(await countRows("shot_templates")).toBe(before);
  });

  it("answers 404 for a template that does not exist", async () => {
    const response = await asAdmin({
      method: "PUT",
      url: templatePath(987_654),
      payload: toInput(shippedBvdCowsTemplate),
    });
    expect(response.statusCode).toBe(404);
    expect(response.json().error.message).toBe(protocolMessages.templateNotFound);
    expect((await asAdmin({ method: "DELETE", url: templatePath(987_654) })).statusCode).toBe(404);
  });

  it("creates, updates and deletes a template, each audited with before and after under its product", async () => {
    const created = await asAdmin({
      method: "POST",
      url: adminPaths.shotTemplates,
      payload: toInput(shippedBvdCowsTemplate, {
        breeding_days: 150,
        custom_name: "  BVD autumn top-up  ",
        is_recurrent: 0,
      }),
    });
    expect(created.statusCode).toBe(201);
    const template = created.json<AdminShotTemplate>();
    expect(template).toMatchObject({ breeding_days: 150, custom_name: "BVD autumn top-up" });

    const updated = await asAdmin({
      method: "PUT",
      url: templatePath(template.id),
      payload: toInput(shippedBvdCowsTemplate, { breeding_days: 160, custom_name: "" }),
    });
    expect(updated.statusCode).toBe(200);
    expect(updated.json()).toMatchObject({ breeding_days: 160, custom_name: null });

    expect((await asAdmin({ method: "DELETE", url: templatePath(template.id) })).statusCode).toBe(
      204,
    );

    const entries = (await listAudit(VaccineId.bovilisBvd)).filter(
      (entry) => entry.entity === "shot_template" && entry.entity_id === template.id,
    );
    expect(entries.map((entry) => entry.action)).toEqual(["delete", "update", "create"]);
    const [deleted, update, create] = entries;
    expect(create).toMatchObject({ before: null, vaccine_id: VaccineId.bovilisBvd });
    expect(create?.after).toMatchObject({ breeding_days: 150 });
    expect(update?.before).toMatchObject({ breeding_days: 150, custom_name: "BVD autumn top-up" });
    expect(update?.after).toMatchObject({ breeding_days: 160, custom_name: null });
    expect(deleted).toMatchObject({ after: null });
    expect(update?.user_label).toBe(admin.email);
  });
});

describe("two admins editing one template", () => {
  it("refuses the later save made from the older version with a 409, keeps the first, and audits only it", async () => {
    const created = await asAdmin({
      method: "POST",
      url: adminPaths.shotTemplates,
      payload: toInput(shippedBvdCowsTemplate, { breeding_days: 120, is_recurrent: 0 }),
    });
    const opened = created.json<AdminShotTemplate>();
    const save = (breedingDays: number, updatedAt: string) =>
      asAdmin({
        method: "PUT",
        url: templatePath(opened.id),
        payload: toInput(shippedBvdCowsTemplate, {
          breeding_days: breedingDays,
          is_recurrent: 0,
          updated_at: updatedAt,
        }),
      });
    const auditedUpdates = async () =>
      (await listAudit(VaccineId.bovilisBvd)).filter(
        (entry) =>
          entry.entity === "shot_template" &&
          entry.entity_id === opened.id &&
          entry.action === "update",
      ).length;

    // The clock stands still here: each save still makes a new version.
    const first = await save(125, opened.updated_at);
    expect(first.statusCode).toBe(200);
    const second = await save(130, opened.updated_at);

    expect(second.statusCode).toBe(409);
    expect(second.json()).toMatchObject({
      error: { code: "CONFLICT", message: protocolMessages.templateChangedMeanwhile },
    });
    const [kept] = (
      await asAdmin({
        method: "GET",
        url: `${adminPaths.shotTemplates}?vaccine=${VaccineId.bovilisBvd}&animal=${AnimalId.cows}`,
      })
    )
      .json<AdminShotTemplate[]>()
      .filter((template) => template.id === opened.id);
    expect(kept?.breeding_days).toBe(125);
    expect(await auditedUpdates()).toBe(1);
    expect((await save(130, first.json<AdminShotTemplate>().updated_at)).statusCode).toBe(200);
    await asAdmin({ method: "DELETE", url: templatePath(opened.id) });
  });
});

describe("preview", () => {
  const preview = (payload: object) =>
    asAdmin({ method: "POST", url: adminPaths.protocolPreview, payload });

  it("shows the shot moved by 7 days in every season the cows are offered in, with a new spacing warning, and saves nothing", async () => {
    const before = await countRows("admin_audit_entries");
    const response = await preview({
      kind: "shot_template",
      template_id: shippedBvdCowsTemplate.id,
      template: toInput(shippedBvdCowsTemplate, { breeding_days: -35 }),
    });
    expect(response.statusCode).toBe(200);
    const body = response.json<ProtocolPreviewResponse>();
    expect(body.today).toBe("2026-03-02");
    expect(body.animal).toEqual({ id: AnimalId.cows, name: "Cows" });
    expect(body.product_offered).toBe(true);
    const cowSeasons = referenceData.combinations.filter(
      (combination) => combination.animal_id === AnimalId.cows,
    );
    expect(body.seasons.map((season) => season.combination_id).sort()).toEqual(
      cowSeasons.map((combination) => combination.id).sort(),
    );

    const dairySpring = body.seasons.find(
      (season) =>
        season.enterprise.id === EnterpriseId.dairy && season.season.id === SeasonId.springCalving,
    );
    expect(dairySpring?.current.breeding_date).toBe("2026-04-25");
    expect(dairySpring?.differences).toEqual([
      {
        change: "moved",
        shot_id: `${DiseaseId.bvd}-${shippedBvdCowsTemplate.id}`,
        disease_name: "BVD",
        label: "Bovilis BVD",
        before: "2026-03-28",
        after: "2026-03-21",
      },
    ]);
    const moved = dairySpring?.proposed.shots.find((shot) => shot.change === "moved");
    expect(moved).toMatchObject({ date: "2026-03-21", template_id: shippedBvdCowsTemplate.id });
    // Seven days after Leptavoid-H (14 March): the 14-day spacing rule now fires.
    const newWarnings = dairySpring?.proposed.warnings.filter((warning) => warning.is_new);
    expect(newWarnings).toEqual([
      expect.objectContaining({
        rule: "spacing",
        message: expect.stringContaining("7 days apart"),
      }),
    ]);
    expect(dairySpring?.current.warnings.some((w) => w.message.includes("7 days apart"))).toBe(
      false,
    );
    // Every other season moves the same shot by the same 7 days.
    for (const season of body.seasons) {
      expect(season.differences).toHaveLength(1);
      const [difference] = season.differences;
      const days =
        (Date.parse(difference?.before ?? "") - Date.parse(difference?.after ?? "")) / 86_400_000;
      expect(days).toBe(7);
    }

    // Nothing was written.
    expect(await countRows("admin_audit_entries")).toBe(before);
    const stored = await asAdmin({
      method: "GET",
      url: `${adminPaths.shotTemplates}?vaccine=${VaccineId.bovilisBvd}&animal=${AnimalId.cows}`,
    });
    expect(stored.json<AdminShotTemplate[]>()[0]?.breeding_days).toBe(-28);
  });

  it("marks a new template's shot added and a deleted template's shot removed", async () => {
    const added = await preview({
      kind: "shot_template",
      template_id: null,
      template: toInput(shippedBvdCowsTemplate, { breeding_days: 60, is_recurrent: 0 }),
    });
    expect(added.statusCode).toBe(200);
    const dairySpring = (body: ProtocolPreviewResponse) =>
      body.seasons.find((season) => season.combination_id === 1);
    expect(dairySpring(added.json())?.differences).toEqual([
      expect.objectContaining({ change: "added", before: null, after: "2026-06-24" }),
    ]);
    const removed = await preview({
      kind: "shot_template",
      template_id: shippedBvdCowsTemplate.id,
      template: null,
    });
    expect(dairySpring(removed.json())?.differences).toEqual([
      expect.objectContaining({ change: "removed", before: "2026-03-28", after: null }),
    ]);
  });

  it("says when no disease offers the template's product for the animal by default", async () => {
    const response = await preview({
      kind: "shot_template",
      template_id: null,
      template: toInput(shippedBvdCowsTemplate, { vaccine_id: VaccineId.footvax }),
    });
    expect(response.statusCode).toBe(200);
    const body = response.json<ProtocolPreviewResponse>();
    expect(body.product_offered).toBe(false);
    expect(body.seasons.every((season) => season.differences.length === 0)).toBe(true);
  });

  it("previews new season dates for that season only", async () => {
    const response = await preview({
      kind: "season_default",
      season_default_id: 1,
      season_default: { birth_date: "0.02.08", breeding_date: "0.05.02" },
    });
    expect(response.statusCode).toBe(200);
    const body = response.json<ProtocolPreviewResponse>();
    expect(body.seasons).toHaveLength(1);
    expect(body.seasons[0]?.proposed.breeding_date).toBe("2026-05-02");
    const bvd = body.seasons[0]?.differences.find(
      (difference) => difference.label === "Bovilis BVD",
    );
    expect(bvd).toMatchObject({ before: "2026-03-28", after: "2026-04-04" });
  });

  it("previews a disease's new default product, and a disease no longer offered", async () => {
    const dairySpring = (body: ProtocolPreviewResponse) =>
      body.seasons.find((season) => season.combination_id === 1);
    const switched = await preview({
      kind: "disease_animal",
      disease_id: DiseaseId.bvd,
      animal_id: AnimalId.cows,
      link: { vaccine_id: VaccineId.covexin10, herd_status_question: null },
    });
    expect(switched.statusCode).toBe(200);
    // By date: Bovilis BVD's shot goes, Covexin 10's comes (its season date, 35 days before the
    // 2026 calving, is past, so the yearly series starts in December).
    expect(dairySpring(switched.json())?.differences).toEqual([
      expect.objectContaining({ change: "removed", label: "Bovilis BVD", before: "2026-03-28" }),
      expect.objectContaining({ change: "added", label: "Covexin 10", after: "2026-12-28" }),
    ]);
    const removed = await preview({
      kind: "disease_animal",
      disease_id: DiseaseId.bvd,
      animal_id: AnimalId.cows,
      link: null,
    });
    expect(dairySpring(removed.json())?.differences).toEqual([
      expect.objectContaining({ change: "removed", label: "Bovilis BVD" }),
    ]);
    const unknown = await preview({
      kind: "disease_animal",
      disease_id: DiseaseId.bvd,
      animal_id: AnimalId.cows,
      link: { vaccine_id: 99_999, herd_status_question: null },
    });
    expect(unknown.json().error.issues).toEqual([
      { path: "body.link.vaccine_id", message: protocolMessages.productUnknown },
    ]);
  });

  it("gives field messages for a bad proposal and a 404 for an unknown template", async () => {
    const bad = await preview({
      kind: "shot_template",
      template_id: shippedBvdCowsTemplate.id,
      template: toInput(shippedBvdCowsTemplate, { breeding_days: 99_999 }),
    });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().error.issues).toContainEqual({
      path: "body.template.breeding_days",
      message: protocolMessages.offsetRange,
    });
    const missing = await preview({
      kind: "shot_template",
      template_id: 987_654,
      template: toInput(shippedBvdCowsTemplate),
    });
    expect(missing.statusCode).toBe(404);
  });
});

describe("disease links, season dates and popup messages", () => {
  it("changes a disease's herd status question for an animal, audited under its vaccine", async () => {
    const url = adminPaths.diseaseAnimal
      .replace(":diseaseId", String(DiseaseId.bvd))
      .replace(":animalId", String(AnimalId.cows));
    const [link] = (
      await asAdmin({
        method: "GET",
        url: `${adminPaths.diseaseAnimals}?disease=${DiseaseId.bvd}&animal=${AnimalId.cows}`,
      })
    ).json<AdminDiseaseAnimal[]>();
    expect(link?.vaccine_id).toBe(VaccineId.bovilisBvd);
    const response = await asAdmin({
      method: "PUT",
      url,
      payload: { vaccine_id: VaccineId.bovilisBvd, herd_status_question: "Fully vaccinated?" },
    });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toMatchObject({ herd_status_question: "Fully vaccinated?" });
    const [entry] = (await listAudit(VaccineId.bovilisBvd)).filter(
      (candidate) => candidate.entity === "disease_animal",
    );
    expect(entry?.before).toMatchObject({ herd_status_question: link?.herd_status_question });
    expect(entry?.after).toMatchObject({ herd_status_question: "Fully vaccinated?" });

    const unknownVaccine = await asAdmin({
      method: "PUT",
      url,
      payload: { vaccine_id: 99_999, herd_status_question: null },
    });
    expect(unknownVaccine.statusCode).toBe(400);
    expect(unknownVaccine.json().error.issues).toEqual([
      { path: "body.vaccine_id", message: protocolMessages.productUnknown },
    ]);
    const duplicate = await asAdmin({
      method: "POST",
      url: adminPaths.diseaseAnimals,
      payload: {
        disease_id: DiseaseId.bvd,
        animal_id: AnimalId.cows,
        vaccine_id: VaccineId.bovilisBvd,
        herd_status_question: null,
      },
    });
    expect(duplicate.statusCode).toBe(409);

    // Offer BVD for hoggets, then stop: both audited under the product.
    const created = await asAdmin({
      method: "POST",
      url: adminPaths.diseaseAnimals,
      payload: {
        disease_id: DiseaseId.bvd,
        animal_id: AnimalId.hoggets,
        vaccine_id: VaccineId.bovilisBvd,
        herd_status_question: "",
      },
    });
    expect(created.statusCode).toBe(201);
    expect(created.json()).toMatchObject({ animal_name: "Hoggets", herd_status_question: null });
    const removed = await asAdmin({
      method: "DELETE",
      url: adminPaths.diseaseAnimal
        .replace(":diseaseId", String(DiseaseId.bvd))
        .replace(":animalId", String(AnimalId.hoggets)),
    });
    expect(removed.statusCode).toBe(204);
    const hoggetEntries = (await listAudit(VaccineId.bovilisBvd)).filter(
      (candidate) =>
        candidate.entity === "disease_animal" &&
        (candidate.after ?? candidate.before)?.animal_id === AnimalId.hoggets,
    );
    expect(hoggetEntries.map((candidate) => candidate.action)).toEqual(["delete", "create"]);
  });

  it("saves season dates in yearOffset.MM.DD and refuses other shapes beside the field", async () => {
    const url = adminPaths.seasonDefault.replace(":id", "21");
    const bad = await asAdmin({
      method: "PUT",
      url,
      payload: { birth_date: "1 March", breeding_date: "" },
    });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().error.issues).toEqual([
      { path: "body.birth_date", message: protocolMessages.seasonDateInvalid },
    ]);
    // 31 April never exists; 29 February does, in leap years (the engine takes the 28th otherwise).
    const noSuchDay = await asAdmin({
      method: "PUT",
      url,
      payload: { birth_date: "0.04.31", breeding_date: "-1.10.05" },
    });
    expect(noSuchDay.json().error.issues).toEqual([
      { path: "body.birth_date", message: protocolMessages.seasonDateInvalid },
    ]);
    const leapDay = await asAdmin({
      method: "POST",
      url: adminPaths.protocolPreview,
      payload: {
        kind: "season_default",
        season_default_id: 21,
        season_default: { birth_date: "0.02.29", breeding_date: "-1.10.05" },
      },
    });
    expect(leapDay.statusCode).toBe(200);
    // 2026 is a common year: the lambing date is the 28th.
    expect(leapDay.json<ProtocolPreviewResponse>().seasons[0]?.proposed.birth_date).toMatch(
      /^\d{4}-02-28$/,
    );
    const farOff = await asAdmin({
      method: "PUT",
      url,
      payload: { birth_date: "99999.03.01", breeding_date: "-1.10.05" },
    });
    expect(farOff.json().error.issues).toEqual([
      { path: "body.birth_date", message: protocolMessages.seasonYearOffsetRange },
    ]);
    const missingBreeding = await asAdmin({
      method: "PUT",
      url,
      payload: { birth_date: "0.03.05", breeding_date: "" },
    });
    expect(missingBreeding.json().error.issues).toEqual([
      { path: "body.breeding_date", message: protocolMessages.breedingDateRequired },
    ]);
    const saved = await asAdmin({
      method: "PUT",
      url,
      payload: { birth_date: "0.03.05", breeding_date: "-1.10.09" },
    });
    expect(saved.statusCode).toBe(200);
    expect(saved.json<AdminSeasonDefault>()).toMatchObject({
      animal_name: "Ewes",
      season_name: "Mid-season lambing",
      birth_date: "0.03.05",
      breeding_date: "-1.10.09",
    });
    const combinations = await testApp.app.inject({
      method: "GET",
      url: "/api/animal-enterprise-season-combinations",
    });
    expect(combinations.json()).toContainEqual(
      expect.objectContaining({ id: 21, birth_date: "0.03.05", breeding_date: "-1.10.09" }),
    );
    const [entry] = (await listAudit()).filter(
      (candidate) => candidate.entity === "season_default",
    );
    expect(entry).toMatchObject({ entity_id: 21, vaccine_id: null });
    expect(entry?.before).toMatchObject({ birth_date: "0.03.01" });
  });

  it("edits a popup message's texts, which the public list shows at once", async () => {
    const warnings = (await asAdmin({ method: "GET", url: adminPaths.warnings })).json<
      AdminWarning[]
    >();
    const warning = warnings[0] as AdminWarning;
    const url = adminPaths.warning.replace(":id", String(warning.id));
    const empty = await asAdmin({
      method: "PUT",
      url,
      payload: { ...warning, title: " ", id: undefined, slug: undefined },
    });
    expect(empty.statusCode).toBe(400);
    expect(empty.json().error.issues).toEqual([
      { path: "body.title", message: protocolMessages.titleRequired },
    ]);
    const saved = await asAdmin({
      method: "PUT",
      url,
      payload: {
        title: "Check with your vet",
        body: warning.body,
        button_confirm: warning.button_confirm,
        button_cancel: warning.button_cancel,
        severity: warning.severity,
      },
    });
    expect(saved.statusCode).toBe(200);
    const publicList = await testApp.app.inject({ method: "GET", url: "/api/warnings" });
    expect(publicList.json()).toContainEqual(
      expect.objectContaining({ slug: warning.slug, title: "Check with your vet" }),
    );
  });
});

describe("admin protocol edits last", () => {
  it("a moved template, season dates, a disease link and a popup message survive a re-seed (a restart), and new calendars use them", async () => {
    const moved = await asAdmin({
      method: "PUT",
      url: templatePath(shippedBvdCowsTemplate.id),
      payload: toInput(shippedBvdCowsTemplate, { breeding_days: -35 }),
    });
    expect(moved.statusCode).toBe(200);

    // A restart seeds again: the admin's edit is kept (decision 404).
    await seedReferenceData(testApp.database.db, referenceData);
    await seedReferenceData(testApp.database.db, referenceData);

    // The edits of the tests above are all still there.
    const combinations = await testApp.app.inject({
      method: "GET",
      url: "/api/animal-enterprise-season-combinations",
    });
    expect(combinations.json()).toContainEqual(
      expect.objectContaining({ id: 21, birth_date: "0.03.05", breeding_date: "-1.10.09" }),
    );
    const warnings = await testApp.app.inject({ method: "GET", url: "/api/warnings" });
    expect(warnings.json()).toContainEqual(
      expect.objectContaining({ title: "Check with your vet" }),
    );
    const diseases = await testApp.app.inject({ method: "GET", url: "/api/diseases" });
    const bvdDisease = diseases
      .json<
        Array<{
          id: number;
          animals: Array<{ animal_id: number; herd_status_question: string | null }>;
        }>
      >()
      .find((disease) => disease.id === DiseaseId.bvd);
    expect(
      bvdDisease?.animals.find((offer) => offer.animal_id === AnimalId.cows)?.herd_status_question,
    ).toBe("Fully vaccinated?");

    const templates = await testApp.app.inject({ method: "GET", url: "/api/shot-templates" });
    expect(templates.json()).toContainEqual(
      expect.objectContaining({ id: shippedBvdCowsTemplate.id, breeding_days: -35 }),
    );
    // Step 2 of a new calendar (the scoped diseases call) lays BVD out from the new offset.
    const scoped = await testApp.app.inject({
      method: "GET",
      url: `/api/diseases?seasonComboId=1&birthDate=2026-02-01&breedingDate=2026-04-25&include=vaccine,vaccine.shots`,
    });
    expect(scoped.statusCode).toBe(200);
    const bvd = scoped
      .json<Array<{ id: number; vaccine?: { shots?: Array<{ date: string; cycle: number }> } }>>()
      .find((disease) => disease.id === DiseaseId.bvd);
    expect(bvd?.vaccine?.shots?.find((shot) => shot.cycle === 1)?.date).toBe("2026-03-21");
  });
});
