import { ApiError } from "../../../lib/api-client.ts";

/**
 * The message a server error body carried, or the fallback when the call failed without one
 * (no signal, a proxy's error page). Spec §8 words most failures as 'server message or …'.
 */
export function describeApiError(error: unknown, fallback: string): string {
  return error instanceof ApiError && error.code !== null ? error.message : fallback;
}

/** The field names the server's issues point at: `body.email` → `email`. */
export function readIssueFields(error: unknown): { field: string; message: string }[] {
  if (!(error instanceof ApiError)) return [];
  return error.issues.map((issue) => ({
    field: issue.path.replace(/^body\./, ""),
    message: issue.message,
  }));
}
