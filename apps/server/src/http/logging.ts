import { randomUUID } from "node:crypto";
import type { FastifyRequest, FastifyServerOptions } from "fastify";

/** The levels LOG_LEVEL may name (src/config.ts reads it). */
export const logLevels = ["fatal", "error", "warn", "info", "debug", "trace", "silent"] as const;
export type LogLevel = (typeof logLevels)[number];

/**
 * Logger and request-id options. Logs carry no personal data: no client address, no query string
 * (e-mail addresses travel in some), no bodies, and no credentials or cookies.
 */
export function buildLoggingOptions(level: LogLevel): Partial<FastifyServerOptions> {
  return {
    logger: {
      level,
      redact: {
        paths: ["req.headers.authorization", "req.headers.cookie", 'res.headers["set-cookie"]'],
        censor: "[redacted]",
      },
      serializers: {
        req: (request: FastifyRequest) => ({
          method: request.method,
          path: request.url.split("?")[0],
        }),
        res: (reply: { statusCode: number }) => ({ statusCode: reply.statusCode }),
      },
    },
    // Ids are ours, never taken from a request header, so a caller cannot forge log entries.
    genReqId: () => randomUUID(),
    requestIdHeader: false,
  };
}
