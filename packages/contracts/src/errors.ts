import { z } from "zod";

/** The closed set of error codes; the server maps each to one HTTP status. */
export const ErrorCode = {
  validation: "VALIDATION_FAILED",
  unauthorized: "UNAUTHORIZED",
  /** Signed in, but without the role the call needs (an admin call by a farmer). */
  forbidden: "FORBIDDEN",
  notFound: "NOT_FOUND",
  conflict: "CONFLICT",
  rateLimited: "RATE_LIMITED",
  payloadTooLarge: "PAYLOAD_TOO_LARGE",
  unsupportedMediaType: "UNSUPPORTED_MEDIA_TYPE",
  /** The server is busy with other large requests; trying again shortly works. */
  busy: "BUSY",
  internal: "INTERNAL",
} as const;
export type ErrorCode = (typeof ErrorCode)[keyof typeof ErrorCode];

export const ErrorIssueSchema = z.object({
  /** Dotted path of the offending field, e.g. `query.seasonComboId`. */
  path: z.string(),
  message: z.string(),
});
export type ErrorIssue = z.infer<typeof ErrorIssueSchema>;

/** A 400 lists at most this many issues, the first ones found; `omittedIssueCount` counts the rest. */
export const maxErrorIssues = 20;

/** The one error body every failing call returns. */
export const ErrorBodySchema = z.object({
  error: z.object({
    code: z.enum(Object.values(ErrorCode) as [ErrorCode, ...ErrorCode[]]),
    message: z.string(),
    issues: z.array(ErrorIssueSchema).optional(),
    /** The issues found beyond the first `maxErrorIssues`, when there were more. */
    omittedIssueCount: z.number().int().positive().optional(),
  }),
});
export type ErrorBody = z.infer<typeof ErrorBodySchema>;
