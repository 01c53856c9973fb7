import type { FastifyInstance } from "fastify";

/**
 * API answers are not stored by browsers or proxies unless their route says otherwise (the
 * reference data, the feed, the preview): logins, registrations and resets carry session tokens,
 * and calendar answers carry the secret feed links.
 */
export function preventApiCaching(app: FastifyInstance): void {
  // A callback hook, not an async one: it runs on every answer, and a promise per answer shows
  // in the profile of the cached GETs.
  app.addHook("onSend", (request, reply, payload, done) => {
    if (request.url.startsWith("/api/") && !reply.hasHeader("cache-control")) {
      reply.header("cache-control", "no-store");
    }
    done(null, payload);
  });
}
