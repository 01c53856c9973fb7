import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import type { z } from "zod";
import { escapeHtml } from "../../mail/render-email.ts";

type FastifyZodInstance = Parameters<FastifyPluginAsyncZod>[0];

/** A small HTML page for a one-click link's answer, with a link back into the app. */
export function renderPage(
  title: string,
  text: string,
  linkPath = "/account-settings",
  linkLabel = "Account Settings",
): string {
  return `<!DOCTYPE html><html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width,initial-scale=1"><title>${escapeHtml(title)}</title></head><body style="font-family:Arial,Helvetica,sans-serif;font-size:18px;max-width:560px;margin:40px auto;padding:0 16px"><h1>${escapeHtml(title)}</h1><p>${escapeHtml(text)}</p><p><a href="${escapeHtml(linkPath)}">${escapeHtml(linkLabel)}</a></p></body></html>`;
}

/**
 * A signed one-click link: GET (the link itself) answers a small page, 200 when `turnOff` took it,
 * 400 when the signature does not hold; POST (mail apps, RFC 8058) answers 204 or 400.
 */
export function registerOneClickLink<Query extends z.ZodType>(
  app: FastifyZodInstance,
  path: string,
  querystring: Query,
  turnOff: (query: z.infer<Query>) => Promise<boolean>,
  pages: { done: string; refused: string },
): void {
  app.get(path, { schema: { hide: true, querystring } }, async (request, reply) => {
    const done = await turnOff(request.query as z.infer<Query>);
    return reply
      .code(done ? 200 : 400)
      .type("text/html; charset=utf-8")
      .send(done ? pages.done : pages.refused);
  });
  app.post(path, { schema: { hide: true, querystring } }, async (request, reply) =>
    reply.code((await turnOff(request.query as z.infer<Query>)) ? 204 : 400).send(),
  );
}
