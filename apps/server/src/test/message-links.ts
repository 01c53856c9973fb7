import { matchesPagePattern, messageLinkPages } from "@vaxcal/contracts";
import { expect } from "vitest";

/** A message as a template renders it: an e-mail's text and HTML, or a text's body. */
type RenderedMessage = string | { text: string; html?: string };

/** Every http(s) link in the message: its plain text, and each href of its HTML. */
export function findMessageLinks(message: RenderedMessage): string[] {
  const parts = typeof message === "string" ? [message] : [message.text, message.html ?? ""];
  const links = parts.flatMap((part) => part.match(/https?:\/\/[^\s<>"']+/g) ?? []);
  // A sentence may end right after a link.
  return [...new Set(links.map((link) => link.replace(/[.,;:)]+$/, "").replace(/&amp;/g, "&")))];
}

/**
 * Asserts that every link of the message starts with the public URL and opens a page: one of the
 * web app's pages for messages (the web app's router is checked against the same list), or one
 * of the server's own one-click pages that the caller names.
 */
export function expectEveryLinkToOpenAPage(
  message: RenderedMessage,
  publicUrl: string,
  serverPages: readonly string[] = [],
): void {
  for (const link of findMessageLinks(message)) {
    const url = new URL(link);
    expect(`${url.origin}/`, link).toBe(new URL("/", publicUrl).href);
    const pages = [...Object.values(messageLinkPages), ...serverPages];
    expect(
      pages.some((pattern) => matchesPagePattern(url.pathname, pattern)),
      `${link} opens no page the app has`,
    ).toBe(true);
  }
}
