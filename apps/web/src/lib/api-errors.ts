import { ApiError } from "./api-client.ts";

/**
 * The message a server error body carried, or the fallback when the call failed without one
 * (no signal, a proxy's error page). docs/product.md §8 words most failures as 'server message or
 * …'.
 */
export function describeApiError(error: unknown, fallback: string): string {
  return error instanceof ApiError && error.code !== null ? error.message : fallback;
}

export type FieldIssue = { field: string; message: string };

/** The field names the server's issues point at: `body.email` → `email`. */
export function readIssueFields(error: unknown): FieldIssue[] {
  if (!(error instanceof ApiError)) return [];
  return error.issues.map((issue) => ({
    field: issue.path.replace(/^body\./, ""),
    message: issue.message,
  }));
}

export type FormFailure = {
  /** Every message to list in the form's alert box, each once. */
  messages: string[];
  /** The fields at fault, to mark. */
  fields: FieldIssue[];
};

/**
 * Why a form's save failed (docs/product.md §8): every field issue; else the server's message;
 * else, for a reply that was not the expected answer, `unexpectedReply`; else the fallback.
 */
export function describeFormFailure(
  error: unknown,
  { fallback, unexpectedReply = fallback }: { fallback: string; unexpectedReply?: string },
): FormFailure {
  const fields = readIssueFields(error);
  if (fields.length > 0) {
    return { messages: [...new Set(fields.map((issue) => issue.message))], fields };
  }
  if (error instanceof ApiError && error.isUnexpectedShape) {
    return { messages: [unexpectedReply], fields };
  }
  return { messages: [describeApiError(error, fallback)], fields };
}
