import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import type { Db } from "../db/database.ts";
import { renderOutboxPage } from "./outbox-page.ts";
import { createOutboxRepository } from "./outbox.repository.ts";

export type OutboxRoutesOptions = { db: Db };

export const devOutboxPath = "/dev/outbox";

/** GET /dev/outbox. buildApp registers it only outside production. */
export const outboxRoutes: FastifyPluginAsyncZod<OutboxRoutesOptions> = async (app, { db }) => {
  const repository = createOutboxRepository(db);
  app.get(devOutboxPath, { schema: { hide: true } }, async (_request, reply) => {
    const messages = await repository.listRecentMessages(200);
    return reply
      .header("cache-control", "no-store")
      .type("text/html; charset=utf-8")
      .send(renderOutboxPage(messages));
  });
};
