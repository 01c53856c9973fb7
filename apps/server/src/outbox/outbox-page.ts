import { escapeHtml } from "../mail/render-email.ts";
import type { OutboxAttachmentEntry, OutboxMessage } from "./outbox.repository.ts";

export const devOutboxStylesheetPath = "/dev/outbox.css";

/** Where /dev/outbox opens a held e-mail's file (outbox.routes.ts serves it). */
const devOutboxAttachmentPath = (id: number) => `/dev/outbox/attachments/${id}`;

function formatSize(bytes: number): string {
  return bytes < 1024 ? `${bytes} bytes` : `${Math.round(bytes / 1024)} kB`;
}

function renderAttachments(attachments: readonly OutboxAttachmentEntry[]): string {
  if (attachments.length === 0) return "";
  const items = attachments.map(
    (attachment) =>
      `<li><a href="${devOutboxAttachmentPath(attachment.id)}">${escapeHtml(attachment.filename)}</a> (${escapeHtml(attachment.contentType)}, ${formatSize(attachment.bytes)})</li>`,
  );
  return [`<p class="attachments-heading">Attached:</p>`, `<ul>`, ...items, `</ul>`].join("\n");
}

/** Escapes the text, then makes each http(s) link in it clickable. */
function linkify(text: string): string {
  return text
    .split(/(https?:\/\/[^\s<>"']+)/g)
    .map((part, index) =>
      index % 2 === 1 ? `<a href="${escapeHtml(part)}">${escapeHtml(part)}</a>` : escapeHtml(part),
    )
    .join("");
}

function renderMessage(
  message: OutboxMessage,
  attachments: readonly OutboxAttachmentEntry[],
): string {
  const heading =
    message.channel === "email"
      ? `E-mail to ${escapeHtml(message.recipient)}: ${escapeHtml(message.subject ?? "")}`
      : `Text to ${escapeHtml(message.recipient)}`;
  const body =
    message.bodyText === null
      ? "<p>(The body was cleared after delivery.)</p>"
      : `<pre>${linkify(message.bodyText)}</pre>`;
  const createdAt = escapeHtml(message.createdAt.toISOString());
  return [
    `<article>`,
    `<h2>${heading}</h2>`,
    `<p class="status"><time datetime="${createdAt}">${createdAt}</time>, ${escapeHtml(message.status)}</p>`,
    body,
    renderAttachments(attachments),
    `</article>`,
  ].join("\n");
}

/**
 * The page's styles, served as `/dev/outbox.css`: the site's CSP allows no inline style. A phone
 * must not scroll sideways, so addresses, links and their tokens (one long word each) break
 * anywhere, and message bodies keep their line breaks but wrap.
 */
export const outboxStylesheet = `
:root { color: #1f2328; background: #ffffff; font-family: system-ui, sans-serif; line-height: 1.5; }
body { margin: 0; }
main { box-sizing: border-box; max-width: 60rem; margin: 0 auto; padding: 1rem; }
h1, h2, p, pre, a { overflow-wrap: anywhere; }
h1 { font-size: 1.5rem; margin: 0 0 0.5rem; }
h2 { font-size: 1.0625rem; margin: 0 0 0.25rem; }
article { border-top: 1px solid #d0d7de; padding: 1rem 0; }
.status { margin: 0 0 0.5rem; color: #57606a; font-size: 0.875rem; }
.attachments-heading { margin: 0.5rem 0 0; font-weight: 600; }
ul { margin: 0.25rem 0 0; padding-left: 1.25rem; }
pre { margin: 0; padding: 0.75rem; white-space: pre-wrap; background: #f6f8fa; border-radius: 4px; font-family: ui-monospace, monospace; font-size: 0.875rem; }
a { color: #0550ae; }
a:focus-visible { outline: 3px solid #0550ae; outline-offset: 2px; border-radius: 2px; }
`.trimStart();

/**
 * The development outbox: the e-mails and texts VaxCal would have sent, newest first, so that a
 * person trying VaxCal locally can click a verification or reset link. No script; its styles are
 * a file of their own (`outboxStylesheet`), since the site's CSP allows no inline style.
 */
export function renderOutboxPage(
  messages: readonly OutboxMessage[],
  attachments: readonly OutboxAttachmentEntry[] = [],
): string {
  const list =
    messages.length === 0
      ? "<p>No messages yet. Register or ask for a password reset, then reload this page.</p>"
      : messages
          .map((message) =>
            renderMessage(
              message,
              attachments.filter((attachment) => attachment.messageId === message.id),
            ),
          )
          .join("\n");
  return [
    `<!DOCTYPE html>`,
    `<html lang="en">`,
    `<head><meta charset="utf-8"><meta name="viewport" content="width=device-width,initial-scale=1">`,
    `<title>VaxCal outbox (development)</title>`,
    `<link rel="stylesheet" href="${devOutboxStylesheetPath}"></head>`,
    `<body>`,
    `<main>`,
    `<h1>VaxCal outbox</h1>`,
    `<p>Development only: the e-mails and texts VaxCal sent or would have sent, newest first.</p>`,
    `<p>This page is served only outside production, and only to a browser on this computer (a loopback address, not through a proxy): it shows everyone's reset links and codes.</p>`,
    list,
    `</main>`,
    `</body>`,
    `</html>`,
  ].join("\n");
}
