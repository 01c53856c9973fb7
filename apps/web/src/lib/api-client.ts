import { ErrorBodySchema, type ErrorCode } from "@vaxcal/contracts";
import type { z } from "zod";

/** A failed call: the server's error body when it sent one, a plain reason otherwise. */
export class ApiError extends Error {
  readonly status: number;
  readonly code: ErrorCode | null;

  constructor(message: string, status: number, code: ErrorCode | null) {
    super(message);
    this.name = "ApiError";
    this.status = status;
    this.code = code;
  }
}

/**
 * Calls the API and checks the reply against its contract schema, so a reply of the wrong
 * shape fails here with a clear error instead of deep inside a screen.
 */
export async function fetchJson<Schema extends z.ZodType>(
  path: string,
  schema: Schema,
  init: RequestInit = {},
): Promise<z.output<Schema>> {
  // An absolute URL, because fetch outside a browser (tests) cannot resolve a bare path.
  const url = new URL(path, window.location.origin);
  const headers = new Headers(init.headers);
  headers.set("Accept", "application/json");
  const response = await fetch(url, { ...init, headers });
  const body = await readJsonBody(response);

  if (!response.ok) {
    const errorBody = ErrorBodySchema.safeParse(body);
    if (errorBody.success) {
      throw new ApiError(errorBody.data.error.message, response.status, errorBody.data.error.code);
    }
    throw new ApiError(
      `The server answered ${response.status} for ${path}.`,
      response.status,
      null,
    );
  }

  const result = schema.safeParse(body);
  if (!result.success) {
    throw new ApiError(
      `The server's reply to ${path} had an unexpected shape.`,
      response.status,
      null,
    );
  }
  return result.data;
}

async function readJsonBody(response: Response): Promise<unknown> {
  const text = await response.text();
  if (text === "") return undefined;
  try {
    return JSON.parse(text);
  } catch {
    return undefined;
  }
}
