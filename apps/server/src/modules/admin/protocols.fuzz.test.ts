import { adminPaths } from "@vaxcal/contracts";
import { AnimalId, DiseaseId, VaccineId, referenceData } from "@vaxcal/reference-data";
import fc from "fast-check";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { asUser, grantAdminRole, registerUser, type RegisteredUser } from "../../test/accounts.ts";
import { createTestApp, type TestApp } from "../../test/app.ts";
import { hostileString, mutatedExample, percentEncode } from "../../test/request-arbitraries.ts";
import { installWriteLog, type WriteLog } from "../../test/write-log.ts";

/*
 * The whole-app fuzz test (src/http/routes.fuzz.test.ts) calls the admin routes as a farmer and a
 * visitor, who never get past the ADMIN hook. This one is the admin: protocol management's calls
 * with valid requests bent one field at a time. No answer may be a 5xx, and a refused request
 * (4xx) must write nothing, not even half a change or an audit entry.
 */

let testApp: TestApp;
let admin: RegisteredUser;
let writeLog: WriteLog;
beforeAll(async () => {
  testApp = await createTestApp();
  admin = await registerUser(testApp.app);
  await grantAdminRole(testApp.database, admin.id);
  writeLog = await installWriteLog(testApp.database);
});
afterAll(() => testApp.close());

const template = referenceData.shotTemplates[1];
if (!template) throw new Error("the dataset has too few shot templates");
const { id: templateId, ...templateFields } = template;

const examples: Array<{ method: "POST" | "PUT"; url: string; body: unknown }> = [
  { method: "POST", url: adminPaths.shotTemplates, body: templateFields },
  {
    method: "PUT",
    url: adminPaths.shotTemplate.replace(":id", String(templateId)),
    body: templateFields,
  },
  {
    method: "POST",
    url: adminPaths.protocolPreview,
    body: { kind: "shot_template", template_id: templateId, template: templateFields },
  },
  {
    method: "POST",
    url: adminPaths.protocolPreview,
    body: {
      kind: "season_default",
      season_default_id: 1,
      season_default: { birth_date: "0.02.01", breeding_date: "0.04.25" },
    },
  },
  {
    method: "POST",
    url: adminPaths.protocolPreview,
    body: {
      kind: "disease_animal",
      disease_id: DiseaseId.bvd,
      animal_id: AnimalId.cows,
      link: { vaccine_id: VaccineId.covexin10, herd_status_question: null },
    },
  },
  {
    method: "PUT",
    url: adminPaths.diseaseAnimal
      .replace(":diseaseId", String(DiseaseId.bvd))
      .replace(":animalId", String(AnimalId.cows)),
    body: { vaccine_id: VaccineId.bovilisBvd, herd_status_question: null },
  },
  {
    method: "POST",
    url: adminPaths.diseaseAnimals,
    body: {
      disease_id: DiseaseId.bvd,
      animal_id: AnimalId.ram,
      vaccine_id: VaccineId.bovilisBvd,
      herd_status_question: null,
    },
  },
  {
    method: "PUT",
    url: adminPaths.seasonDefault.replace(":id", "23"),
    body: { birth_date: null, breeding_date: "-1.10.05" },
  },
  {
    method: "PUT",
    url: adminPaths.warning.replace(":id", "1"),
    body: {
      title: "Title",
      body: "Body",
      button_confirm: null,
      button_cancel: "Cancel",
      severity: "alert",
    },
  },
];

describe("protocol management as an admin, with bent requests", () => {
  it.each(examples.map((example) => [`${example.method} ${example.url}`, example] as const))(
    "%s: never a 5xx, and nothing written on a 4xx",
    async (_name, example) => {
      await fc.assert(
        fc.asyncProperty(mutatedExample(example.body), async (body) => {
          const mark = await writeLog.mark();
          const response = await testApp.app.inject(
            asUser(admin.token, {
              method: example.method,
              url: example.url,
              payload: body as object,
            }),
          );
          expect(response.statusCode, response.body).toBeLessThan(500);
          if (response.statusCode >= 400) {
            expect(await writeLog.readSince(mark), response.body).toEqual([]);
          }
        }),
        { numRuns: 60, seed: 14 },
      );
    },
  );

  it("answers ids in the path that name nothing, or are not ids, with a 4xx", async () => {
    await fc.assert(
      fc.asyncProperty(
        fc.oneof(fc.integer({ min: 100_000, max: 2 ** 31 - 1 }).map(String), hostileString),
        async (id) => {
          const url = adminPaths.shotTemplate.replace(":id", percentEncode(id));
          const response = await testApp.app.inject(asUser(admin.token, { method: "DELETE", url }));
          expect([400, 404]).toContain(response.statusCode);
        },
      ),
      { numRuns: 40, seed: 14 },
    );
  });
});
