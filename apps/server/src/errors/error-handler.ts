import { ErrorCode, maxErrorIssues, type ErrorBody, type ErrorIssue } from "@vaxcal/contracts";
import type { FastifyInstance, FastifyReply, FastifyRequest } from "fastify";
import { createValidationError } from "./validation-error.ts";
import { ThrottledError } from "./throttled-error.ts";
import { AppError, statusByErrorCode } from "./app-error.ts";

type ValidationItem = { instancePath?: string; message?: string };
type FrameworkError = {
  code?: string;
  statusCode?: number;
  validation?: ValidationItem[];
  validationContext?: string;
};

/** Fastify's own 4xx errors, with the plain words a caller sees instead of the framework's. */
const frameworkErrors: Record<string, { code: ErrorCode; message: string }> = {
  FST_ERR_CTP_INVALID_JSON_BODY: {
    code: ErrorCode.validation,
    message: "The request body is not valid JSON.",
  },
  FST_ERR_CTP_EMPTY_JSON_BODY: {
    code: ErrorCode.validation,
    message: "The request body is empty although its content type says JSON.",
  },
  FST_ERR_CTP_INVALID_CONTENT_LENGTH: {
    code: ErrorCode.validation,
    message: "The request body does not match its Content-Length.",
  },
  FST_ERR_CTP_BODY_TOO_LARGE: {
    code: ErrorCode.payloadTooLarge,
    message: "The request body is too large.",
  },
  FST_ERR_CTP_INVALID_MEDIA_TYPE: {
    code: ErrorCode.unsupportedMediaType,
    message: "This content type is not supported; send JSON (Content-Type: application/json).",
  },
  FST_ERR_BAD_URL: {
    code: ErrorCode.validation,
    message: "The address is not valid: check its % escapes.",
  },
  FST_ERR_MAX_PARAM_LENGTH: {
    code: ErrorCode.validation,
    message: "A part of the address is too long.",
  },
};

const codeByClientStatus: Record<number, ErrorCode> = {
  401: ErrorCode.unauthorized,
  404: ErrorCode.notFound,
  409: ErrorCode.conflict,
  413: ErrorCode.payloadTooLarge,
  415: ErrorCode.unsupportedMediaType,
  429: ErrorCode.rateLimited,
};

// Fastify calls the querystring "querystring"; callers know it as the query.
const partNames: Record<string, string> = { querystring: "query" };

/** Installs the one error handler: every failure leaves as `{ error: { code, message, issues? } }`. */
export function installErrorHandler(app: FastifyInstance): void {
  app.setErrorHandler((error: unknown, request: FastifyRequest, reply: FastifyReply) => {
    const body = describeError(error, request.id);
    const status = statusByErrorCode[body.error.code];
    if (error instanceof ThrottledError) {
      reply.header("retry-after", String(error.retryAfterSeconds));
    }
    if (body.error.code === ErrorCode.busy) {
      // Shed on purpose (http/large-body-turns.ts): the caller may try again in a moment.
      reply.header("retry-after", "1");
      request.log.warn({ code: body.error.code }, "request shed");
    } else if (status >= 500) {
      request.log.error({ err: describeForLog(error) }, "request failed");
    } else {
      request.log.info({ code: body.error.code }, "request rejected");
    }
    return reply.code(status).send(body);
  });
}

/** Turns anything thrown into the error body; 5xx bodies carry only the request id as reference. */
export function describeError(error: unknown, requestId: string): ErrorBody {
  if (error instanceof AppError) {
    return toBody(error.code, error.message, error.issues);
  }
  const framework = (typeof error === "object" && error !== null ? error : {}) as FrameworkError;
  if (Array.isArray(framework.validation)) {
    const part = framework.validationContext ?? "body";
    const issues = framework.validation.map((item) => toIssue(partNames[part] ?? part, item));
    return describeError(createValidationError(issues, { summarise: true }), requestId);
  }
  const known = framework.code ? frameworkErrors[framework.code] : undefined;
  if (known) {
    return toBody(known.code, known.message);
  }
  const status = framework.statusCode ?? 500;
  if (status >= 400 && status < 500) {
    return toBody(codeByClientStatus[status] ?? ErrorCode.validation, clientMessage(error));
  }
  return toBody(
    ErrorCode.internal,
    `Something went wrong on our side. Please try again later. (Reference: ${requestId})`,
  );
}

/**
 * Only the name, code, message and stack reach the log: driver errors carry extra fields (the
 * PostgreSQL `detail` repeats the offending value, e.g. an e-mail address) that must not. A
 * failed query's message and stack list its parameters, and PostgreSQL's own message often quotes
 * the value it refused, so of those only the SQL text and the SQLSTATE are kept.
 */
function describeForLog(error: unknown): Record<string, unknown> {
  if (!(error instanceof Error)) return { message: String(error) };
  const { code, query, cause } = error as { code?: unknown; query?: unknown; cause?: unknown };
  if (typeof query === "string") {
    const sqlState = (cause as { code?: unknown } | undefined)?.code;
    const frames = (error.stack ?? "").split("\n").filter((line) => /^\s+at /.test(line));
    return {
      type: error.name,
      code: sqlState,
      message: `Failed query: ${query}`,
      stack: frames.join("\n"),
    };
  }
  return { type: error.name, code, message: error.message, stack: error.stack };
}

/**
 * Only the first `maxErrorIssues` issues are listed, with a count of the rest: one bad field per
 * shot of a 200-shot save is over a thousand, and the answer stays a few kilobytes (security
 * round 3, H1).
 */
function toBody(code: ErrorCode, message: string, issues?: ErrorIssue[]): ErrorBody {
  if (!issues) return { error: { code, message } };
  if (issues.length <= maxErrorIssues) return { error: { code, message, issues } };
  return {
    error: {
      code,
      message,
      issues: issues.slice(0, maxErrorIssues),
      omittedIssueCount: issues.length - maxErrorIssues,
    },
  };
}

function toIssue(part: string, item: ValidationItem): ErrorIssue {
  const fieldPath = (item.instancePath ?? "").split("/").filter(Boolean);
  return { path: [part, ...fieldPath].join("."), message: item.message ?? "Invalid value" };
}

function clientMessage(error: unknown): string {
  return error instanceof Error && error.message ? error.message : "The request is not valid.";
}
