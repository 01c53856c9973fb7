import type { Browser, Page } from "@playwright/test";
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
