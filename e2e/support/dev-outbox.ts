import type { Page } from "@playwright/test";
import { expect } from "./fixtures.ts";

/*
 * The development outbox (`/dev/outbox`) as a journey reads it: the e-mails and texts the server
 * holds without a transport, newest first.
 */

/** The newest link in the development outbox for the recipient that contains `hrefPart`. */
export async function readOutboxLink(
  page: Page,
  recipient: string,
  hrefPart: string,
): Promise<string> {
  let href: string | null = null;
  await expect
    .poll(
      async () => {
        await page.goto("/dev/outbox");
        const link = page
          .locator("article", { hasText: recipient })
          .locator(`a[href*="${hrefPart}"]`)
          .first();
        href = (await link.count()) > 0 ? await link.getAttribute("href") : null;
        return href;
      },
      { message: `a ${hrefPart} link for ${recipient} in the outbox` },
    )
    .not.toBeNull();
  return href ?? "";
}

/** Opens the e-mailed verification link through the API, as the web page does. */
export async function verifyEmailFromOutbox(page: Page, email: string): Promise<void> {
  const link = new URL(await readOutboxLink(page, email, "/email/verify/"));
  const verified = await page.request.get(`/api${link.pathname}${link.search}`);
  expect(verified.status(), await verified.text()).toBe(200);
}
