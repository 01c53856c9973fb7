import { ErrorBodySchema, type ErrorCode, type ErrorIssue } from "@vaxcal/contracts";
import type { z } from "zod";
import { readAuthToken } from "../stores/auth.ts";

/** A failed call: the server's error body when it sent one, a plain reason otherwise. */
export class ApiError extends Error {
  readonly status: number;
  readonly code: ErrorCode | null;
  /** The fields at fault, as `body.email`, when the server named them. */
  readonly issues: readonly ErrorIssue[];
  /** True when the server answered 2xx with a body that does not fit the contract. */
  readonly isUnexpectedShape: boolean;

  constructor(
    message: string,
    status: number,
    code: ErrorCode | null,
    { issues = [], isUnexpectedShape = false }: ApiErrorDetails = {},
  ) {
    super(message);
    this.name = "ApiError";
    this.status = status;
    this.code = code;
    this.issues = issues;
    this.isUnexpectedShape = isUnexpectedShape;
  }
}

type ApiErrorDetails = { issues?: readonly ErrorIssue[]; isUnexpectedShape?: boolean };

// docs/product.md §7: the XSRF cookie, when the server sets one, goes back as a header on every
// change.
const xsrfCookieName = "XSRF-TOKEN";
const xsrfHeaderName = "X-XSRF-TOKEN";
const safeMethods = new Set(["GET", "HEAD", "OPTIONS"]);

function readCookie(name: string): string | null {
  for (const pair of document.cookie.split(";")) {
    const [key, ...rest] = pair.trim().split("=");
    if (key === name) return decodeURIComponent(rest.join("="));
  }
  return null;
}

/**
 * Accounts work: the bearer token after login (docs/product.md §7) and the XSRF header on changes.
 */
function addSessionHeaders(headers: Headers, method: string): void {
  const token = readAuthToken();
  if (token && !headers.has("Authorization")) headers.set("Authorization", `Bearer ${token}`);
  if (!safeMethods.has(method)) {
    const xsrfToken = readCookie(xsrfCookieName);
    if (xsrfToken) headers.set(xsrfHeaderName, xsrfToken);
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
  addSessionHeaders(headers, (init.method ?? "GET").toUpperCase());
  const response = await fetch(url, { ...init, headers });
  const body = await readJsonBody(response);

  if (!response.ok) {
    const errorBody = ErrorBodySchema.safeParse(body);
    if (errorBody.success) {
      const { message, code, issues } = errorBody.data.error;
      throw new ApiError(message, response.status, code, { issues });
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
      { isUnexpectedShape: true },
    );
  }
  return result.data;
}

/** Sends a JSON body (POST unless told otherwise) and checks the reply like `fetchJson`. */
export function sendJson<Schema extends z.ZodType>(
  path: string,
  schema: Schema,
  body: unknown,
  {
    method = "POST",
    signal,
  }: { method?: "POST" | "PUT" | "PATCH" | "DELETE"; signal?: AbortSignal } = {},
): Promise<z.output<Schema>> {
  return fetchJson(path, schema, {
    method,
    signal,
    headers: { "Content-Type": "application/json" },
    body: JSON.stringify(body ?? {}),
  });
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
