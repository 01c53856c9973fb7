import { escapeHtml } from "../mail/render-email.ts";
import type { OutboxMessage } from "./outbox.repository.ts";

/** Escapes the text, then makes each http(s) link in it clickable. */
function linkify(text: string): string {
  return text
    .split(/(https?:\/\/[^\s<>"']+)/g)
    .map((part, index) =>
      index % 2 === 1 ? `<a href="${escapeHtml(part)}">${escapeHtml(part)}</a>` : escapeHtml(part),
    )
    .join("");
}

function renderMessage(message: OutboxMessage): string {
  const heading =
    message.channel === "email"
      ? `E-mail to ${escapeHtml(message.recipient)}: ${escapeHtml(message.subject ?? "")}`
      : `Text to ${escapeHtml(message.recipient)}`;
  const body =
    message.bodyText === null
      ? "<p>(The body was cleared after delivery.)</p>"
      : `<pre>${linkify(message.bodyText)}</pre>`;
  return [
    `<article>`,
    `<h2>${heading}</h2>`,
    `<p>${escapeHtml(message.createdAt.toISOString())}, ${escapeHtml(message.status)}</p>`,
    body,
    `</article>`,
  ].join("\n");
}

/**
 * The development outbox: the e-mails and texts VaxCal would have sent, newest first, so that a
 * person trying VaxCal locally can click a verification or reset link. Plain HTML only: the
 * site's CSP allows no inline script or style, and this page needs neither.
 */
export function renderOutboxPage(messages: readonly OutboxMessage[]): string {
  const list =
    messages.length === 0
      ? "<p>No messages yet. Register or ask for a password reset, then reload this page.</p>"
      : messages.map(renderMessage).join("\n<hr>\n");
  return [
    `<!DOCTYPE html>`,
    `<html lang="en">`,
    `<head><meta charset="utf-8"><meta name="viewport" content="width=device-width,initial-scale=1">`,
    `<title>VaxCal outbox (development)</title></head>`,
    `<body>`,
    `<h1>VaxCal outbox</h1>`,
    `<p>Development only: the e-mails and texts VaxCal sent or would have sent, newest first.</p>`,
    `<p>This page is served only outside production, and only to a browser on this computer (a loopback address, not through a proxy): it shows everyone's reset links and codes.</p>`,
    list,
    `</body>`,
    `</html>`,
  ].join("\n");
}
