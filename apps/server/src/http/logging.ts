import { randomUUID } from "node:crypto";
import type { FastifyRequest, FastifyServerOptions } from "fastify";
import pino from "pino";

/** The levels LOG_LEVEL may name (src/config.ts reads it). */
export const logLevels = ["fatal", "error", "warn", "info", "debug", "trace", "silent"] as const;
export type LogLevel = (typeof logLevels)[number];
/** Where log lines go: one JSON object per `write`. */
export type LogStream = { write: (line: string) => void };

const redacted = "[redacted]";

/*
 * Secrets that travel in URLs, and so would reach a log with them (security round 3, L4): the
 * calendar feed's token (`/api/calendars/feed/{token}.ics`, and the page paths that end in one),
 * the e-mail verification link's signature (`/email/verify/{id}/{expires}.{signature}`), and the
 * tokens and signatures of the reset, invite, undo and unsubscribe links' query strings.
 */
const unquoted = String.raw`[^/?#&\s"'\\]`;
// A segment that starts with ":" is a route's parameter name (`/api/calendars/feed/:file`).
const secretPathPatterns = [
  new RegExp(String.raw`(/api/calendars/feed/)(?!:)${unquoted}+`, "g"),
  new RegExp(String.raw`(/email/verify/${unquoted}+/)(?!:)${unquoted}+`, "g"),
];
const secretQueryPattern = new RegExp(
  String.raw`([?&](?:token|signature|hash|code|email|password|key|secret)=)${unquoted}+`,
  "gi",
);
const bearerPattern = /(\bBearer\s+)[^\s"',\\]+/gi;

/** A path segment shaped like a token: long, with letters and digits. Never worth logging. */
function looksLikeToken(segment: string): boolean {
  return segment.length >= 20 && /\d/.test(segment) && /[A-Za-z]/.test(segment);
}

/** `text` with every feed token, link signature, link token and bearer token replaced. */
export function redactSecrets(text: string): string {
  let result = text;
  for (const pattern of secretPathPatterns) result = result.replace(pattern, `$1${redacted}`);
  return result
    .replace(secretQueryPattern, `$1${redacted}`)
    .replace(bearerPattern, `$1${redacted}`);
}

/** A request URL as logged: no query string at all, and no secret or token-like path segment. */
export function redactRequestPath(url: string): string {
  const path = redactSecrets(url.split("?")[0] ?? "");
  return path
    .split("/")
    .map((segment) => (looksLikeToken(segment) ? redacted : segment))
    .join("/");
}

/**
 * Where the log goes (stdout unless `stream` is given), each line scrubbed by redactSecrets on its
 * way: a message, an error or a stack that quotes a secret link loses its secret too.
 */
export function createRedactingDestination(stream?: LogStream): LogStream {
  const target = stream ?? pino.destination(1);
  return { write: (line) => target.write(redactSecrets(line)) };
}

/**
 * Logger and request-id options. Logs carry no personal data: no client address, no query string
 * (e-mail addresses travel in some), no bodies, and no credentials or cookies; no secret of a
 * link either. Each request is logged with its route (`/api/calendars/feed/:file`), its path with
 * secrets replaced by [redacted], and its answer's status.
 */
export function buildLoggingOptions(
  level: LogLevel,
  stream?: LogStream,
): Partial<FastifyServerOptions> {
  return {
    logger: {
      level,
      stream: createRedactingDestination(stream),
      redact: {
        paths: ["req.headers.authorization", "req.headers.cookie", 'res.headers["set-cookie"]'],
        censor: redacted,
      },
      serializers: {
        req: (request: FastifyRequest) => ({
          method: request.method,
          ...(request.routeOptions.url ? { route: request.routeOptions.url } : {}),
          path: redactRequestPath(request.url),
        }),
        res: (reply: { statusCode: number }) => ({ statusCode: reply.statusCode }),
      },
    },
    // Ids are ours, never taken from a request header, so a caller cannot forge log entries.
    genReqId: () => randomUUID(),
    requestIdHeader: false,
  };
}
