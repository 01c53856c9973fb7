import type { APIRequestContext, Browser, Page } from "@playwright/test";
import { e2eAdmin } from "./admin-account.ts";
import { expect, waitForScreen } from "./fixtures.ts";

/**
 * The admin journeys run on "localhost": a pre-launch host (docs/product.md §2), where the header
 * offers Login and, to an admin, the Admin link, and /beta opens. 127.0.0.1, the journeys'
 * default, is not.
 */
export const adminBaseURL = `http://localhost:${Number(process.env.E2E_PORT ?? 3199)}`;

/** Logs in as the CLI-made admin through the header's Login dialog. */
export async function logInAsAdmin(page: Page): Promise<void> {
  await page.goto("/");
  await waitForScreen(page);
  await page.getByRole("banner").getByRole("button", { name: "Login", exact: true }).click();
  const dialog = page.getByRole("dialog", { name: "Login" });
  await dialog.getByLabel("Email address or mobile number").fill(e2eAdmin.email);
  await dialog.getByLabel("Password").fill(e2eAdmin.password);
  await dialog.getByRole("button", { name: "Login" }).click();
  await expect(dialog).toBeHidden();
}

/**
 * Logs in once in a context of its own and returns a step that signs any other page in with the
 * same session (its local storage), for the axe scans, which each open a fresh context.
 */
export async function prepareAdminSession(
  browser: Browser,
  baseURL: string | undefined,
): Promise<(target: Page) => Promise<void>> {
  const context = await browser.newContext({ baseURL });
  const page = await context.newPage();
  await logInAsAdmin(page);
  const storage = await context.storageState();
  await context.close();
  return async (target) => {
    const origin = storage.origins[0];
    if (!origin) throw new Error("no stored session");
    await target.evaluate((items) => {
      for (const { name, value } of items) window.localStorage.setItem(name, value);
    }, origin.localStorage);
    await target.reload();
    await waitForScreen(target);
  };
}

type ShotTemplate = {
  id: number;
  vaccine_id: number;
  animal_id: number;
  birth_days: number | null;
  breeding_days: number | null;
  custom_name: string | null;
  is_recurrent: number;
  herd_status: "primed" | "unprimed" | null;
  season_id: number | null;
  earliest_days?: number | null;
  latest_days?: number | null;
  source_note?: string | null;
};

/**
 * Moves a shot template by `days` through the admin protocol API, as the CLI-made admin: the
 * same call the protocols page's Save makes (audited, announced to every cache). Returns the
 * template as saved.
 */
export async function moveShotTemplateAsAdmin(
  request: APIRequestContext,
  templateId: number,
  days: number,
): Promise<ShotTemplate> {
  const login = await request.post("/api/login", {
    data: { username: e2eAdmin.email, password: e2eAdmin.password },
  });
  expect(login.status(), "the admin logged in").toBe(200);
  const { token } = (await login.json()) as { token: string };
  const headers = { authorization: `Bearer ${token}` };
  const listed = await request.get("/api/admin/shot-templates", { headers });
  expect(listed.status()).toBe(200);
  const template = ((await listed.json()) as ShotTemplate[]).find(({ id }) => id === templateId);
  if (!template) throw new Error(`no shot template ${templateId}`);
  const { id, ...values } = template;
  const shift = (offset: number | null) => (offset === null ? null : offset + days);
  const saved = await request.put(`/api/admin/shot-templates/${id}`, {
    headers,
    data: {
      vaccine_id: values.vaccine_id,
      animal_id: values.animal_id,
      birth_days: shift(values.birth_days),
      breeding_days: shift(values.breeding_days),
      custom_name: values.custom_name,
      is_recurrent: values.is_recurrent,
      herd_status: values.herd_status,
      season_id: values.season_id,
      // The window moves with the day (decision 414).
      earliest_days: shift(values.earliest_days ?? null),
      latest_days: shift(values.latest_days ?? null),
      source_note: values.source_note ?? null,
    },
  });
  expect(saved.status(), "the admin saved the template").toBe(200);
  return (await saved.json()) as ShotTemplate;
}

/**
 * Makes `vaccineId` the disease's default product for the animal through the admin protocol API
 * (the disease–animal link the protocols page saves), keeping its herd status question. Returns
 * the vaccine it had before.
 */
export async function setDefaultVaccineAsAdmin(
  request: APIRequestContext,
  link: { diseaseId: number; animalId: number },
  vaccineId: number,
): Promise<number> {
  const login = await request.post("/api/login", {
    data: { username: e2eAdmin.email, password: e2eAdmin.password },
  });
  expect(login.status(), "the admin logged in").toBe(200);
  const { token } = (await login.json()) as { token: string };
  const headers = { authorization: `Bearer ${token}` };
  const listed = await request.get(
    `/api/admin/disease-animals?disease=${link.diseaseId}&animal=${link.animalId}`,
    { headers },
  );
  expect(listed.status()).toBe(200);
  const [current] = (await listed.json()) as {
    vaccine_id: number;
    herd_status_question: string | null;
  }[];
  if (!current) throw new Error(`disease ${link.diseaseId} is not offered for ${link.animalId}`);
  const saved = await request.put(`/api/admin/disease-animals/${link.diseaseId}/${link.animalId}`, {
    headers,
    data: { vaccine_id: vaccineId, herd_status_question: current.herd_status_question },
  });
  expect(saved.status(), "the admin saved the disease's default product").toBe(200);
  return current.vaccine_id;
}
