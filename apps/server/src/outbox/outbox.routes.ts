import { ErrorCode } from "@vaxcal/contracts";
import type { FastifyRequest } from "fastify";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { z } from "zod";
import type { Db } from "../db/database.ts";
import { AppError } from "../errors/app-error.ts";
import { isLoopbackAddress } from "../http/client-address.ts";
import { devOutboxStylesheetPath, outboxStylesheet, renderOutboxPage } from "./outbox-page.ts";
import { createOutboxRepository } from "./outbox.repository.ts";

type OutboxRoutesOptions = { db: Db };

const devOutboxPath = "/dev/outbox";

const forwardingHeaders = ["x-forwarded-for", "x-real-ip", "forwarded", "x-forwarded-host"];
const loopbackHostNames = new Set(["localhost", "127.0.0.1", "[::1]"]);

/**
 * Whether the Host names this machine, on the port the app listens on (when it listens; an
 * injected request has no port to compare).
 */
function isLoopbackHost(request: FastifyRequest): boolean {
  const match = /^(\[[^\]]*\]|[^:]*)(?::(\d+))?$/.exec(request.headers.host ?? "");
  if (!match || !loopbackHostNames.has((match[1] ?? "").toLowerCase())) return false;
  const address = request.server.server.address();
  if (typeof address !== "object" || address === null) return true;
  return Number(match[2] ?? 80) === address.port;
}

/**
 * Only a browser on this machine may read the outbox: it holds everyone's reset links and codes.
 * A request through a proxy (any forwarding header, nginx's X-Real-IP too) is refused even from
 * loopback, since the proxy may be relaying anyone, and so is a Host that is not this machine's
 * (DNS rebinding). Refused requests get the same 404 as a path that does not exist.
 */
async function allowLocalBrowserOnly(request: FastifyRequest): Promise<void> {
  const isForwarded = forwardingHeaders.some((name) => name in request.headers);
  if (
    isForwarded ||
    !isLoopbackAddress(request.socket.remoteAddress ?? "") ||
    !isLoopbackHost(request)
  ) {
    throw new AppError(ErrorCode.notFound, `Nothing is found at GET ${devOutboxPath}.`);
  }
}

/** GET /dev/outbox and its stylesheet. buildApp registers them only outside production. */
export const outboxRoutes: FastifyPluginAsyncZod<OutboxRoutesOptions> = async (app, { db }) => {
  const repository = createOutboxRepository(db);
  const options = { schema: { hide: true }, onRequest: allowLocalBrowserOnly };
  app.get(devOutboxPath, options, async (_request, reply) => {
    const messages = await repository.listRecentMessages(200);
    const attachments = await repository.listAttachments(messages.map((message) => message.id));
    return reply
      .header("cache-control", "no-store")
      .type("text/html; charset=utf-8")
      .send(renderOutboxPage(messages, attachments));
  });
  // A held e-mail's file (a reminder's calendar PDF), opened in the browser.
  app.get(
    `${devOutboxPath}/attachments/:id`,
    {
      ...options,
      schema: {
        hide: true,
        params: z.object({ id: z.coerce.number().int().positive().max(2_147_483_647) }),
      },
    },
    async (request, reply) => {
      const attachment = await repository.findAttachment(request.params.id);
      if (!attachment) {
        throw new AppError(ErrorCode.notFound, `Nothing is found at GET ${request.url}.`);
      }
      const filename = attachment.filename.replace(/[^\w.-]/g, "_");
      return reply
        .header("cache-control", "no-store")
        .header("content-disposition", `inline; filename="${filename}"`)
        .type(attachment.contentType)
        .send(attachment.content);
    },
  );
  app.get(devOutboxStylesheetPath, options, async (_request, reply) =>
    reply
      .header("cache-control", "no-store")
      .type("text/css; charset=utf-8")
      .send(outboxStylesheet),
  );
};
