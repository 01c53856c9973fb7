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
  // Mail apps POST `List-Unsubscribe=One-Click` as an HTML form would (RFC 8058 §3.1). Only this
  // route's own scope reads form bodies; every other route still answers them 415. The signed
  // query is what authorises: the form's one field is read and dropped.
  void app.register(async (scope) => {
    scope.addContentTypeParser(
      oneClickFormTypes,
      { parseAs: "string", bodyLimit: oneClickFormLimit },
      (_request, _body, done) => done(null, undefined),
    );
    scope.post(path, { schema: { hide: true, querystring } }, async (request, reply) =>
      reply.code((await turnOff(request.query as z.infer<Query>)) ? 204 : 400).send(),
    );
  });
}

/** The form encodings RFC 8058 lets a mail app use for its one-click POST. */
const oneClickFormTypes = ["application/x-www-form-urlencoded", "multipart/form-data"];
/** `List-Unsubscribe=One-Click`, even as a multipart form, is far under this. */
const oneClickFormLimit = 1024;
