/*
 * One plain layout for every e-mail VaxCal sends: short paragraphs, one large button, and the
 * link written out in full for clients that show no buttons. Styles are inline because many
 * mail clients drop <style> blocks.
 */

export type EmailContent = {
  /** Shown at the top of the message and used as the subject. */
  subject: string;
  greeting: string;
  paragraphs: string[];
  action?: { label: string; url: string };
  /** Paragraphs after the button, e.g. what to do if the mail was not expected. */
  afterword?: string[];
};

export type RenderedEmail = { subject: string; text: string; html: string };

const htmlEscapes: Record<string, string> = {
  "&": "&amp;",
  "<": "&lt;",
  ">": "&gt;",
  '"': "&quot;",
  "'": "&#39;",
};

export function escapeHtml(value: string): string {
  return value.replace(/[&<>"']/g, (character) => htmlEscapes[character] ?? character);
}

const paragraphStyle = "margin:0 0 16px;font-size:18px;line-height:1.5;color:#1a1a1a";
const buttonStyle =
  "display:inline-block;padding:14px 24px;background:#1b5e20;color:#ffffff;font-size:18px;" +
  "font-weight:bold;text-decoration:none;border-radius:6px";

export function renderEmail(content: EmailContent): RenderedEmail {
  const afterword = content.afterword ?? [];
  const textParts = [content.greeting, ...content.paragraphs];
  if (content.action) textParts.push(`${content.action.label}:\n${content.action.url}`);
  textParts.push(...afterword, "VaxCal");

  const paragraph = (value: string) => `<p style="${paragraphStyle}">${escapeHtml(value)}</p>`;
  const action = content.action
    ? `<p style="margin:24px 0"><a href="${escapeHtml(content.action.url)}" style="${buttonStyle}">` +
      `${escapeHtml(content.action.label)}</a></p>` +
      paragraph(`If the button does not work, copy this link into your browser:`) +
      `<p style="${paragraphStyle};word-break:break-all">${escapeHtml(content.action.url)}</p>`
    : "";
  const html = [
    `<!DOCTYPE html><html lang="en"><head><meta charset="utf-8">`,
    `<meta name="viewport" content="width=device-width,initial-scale=1">`,
    `<title>${escapeHtml(content.subject)}</title></head>`,
    `<body style="margin:0;padding:24px;background:#f4f4f0;font-family:Arial,Helvetica,sans-serif">`,
    `<div style="max-width:560px;margin:0 auto;padding:24px;background:#ffffff;border-radius:8px">`,
    paragraph(content.greeting),
    ...content.paragraphs.map(paragraph),
    action,
    ...afterword.map(paragraph),
    paragraph("VaxCal"),
    `</div></body></html>`,
  ].join("");

  return { subject: content.subject, text: textParts.join("\n\n"), html };
}
