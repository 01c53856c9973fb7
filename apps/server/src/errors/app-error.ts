import { ErrorCode, type ErrorIssue } from "@vaxcal/contracts";

/** The one place an error code becomes an HTTP status. */
export const statusByErrorCode = {
  [ErrorCode.validation]: 400,
  [ErrorCode.unauthorized]: 401,
  [ErrorCode.forbidden]: 403,
  [ErrorCode.notFound]: 404,
  [ErrorCode.conflict]: 409,
  [ErrorCode.payloadTooLarge]: 413,
  [ErrorCode.unsupportedMediaType]: 415,
  [ErrorCode.rateLimited]: 429,
  [ErrorCode.internal]: 500,
  [ErrorCode.busy]: 503,
} as const satisfies Record<ErrorCode, number>;

/**
 * The error a route or service throws to answer with a given code. The central error handler
 * turns it into the one error body; its message is shown to the caller, so it must be plain
 * language and carry no internals.
 */
export class AppError extends Error {
  override name = "AppError";
  readonly code: ErrorCode;
  readonly issues: ErrorIssue[] | undefined;

  constructor(code: ErrorCode, message: string, issues?: ErrorIssue[]) {
    super(message);
    this.code = code;
    this.issues = issues;
  }

  get statusCode(): number {
    return statusByErrorCode[this.code];
  }
}
