import { ErrorBodySchema } from "@vaxcal/contracts";
import { ApiError } from "../../../lib/api-client.ts";
import { readAuthToken } from "../../../stores/auth.ts";

/**
 * A saved calendar's PDF or preview: binary answers behind the bearer token (docs/product.md §7),
 * so a plain link or `<img src>` cannot load them. Errors carry the server's error body like every
 * call.
 */
export async function fetchCalendarFile(path: string, signal?: AbortSignal): Promise<Blob> {
  const headers = new Headers();
  const token = readAuthToken();
  if (token) headers.set("Authorization", `Bearer ${token}`);
  const response = await fetch(new URL(path, window.location.origin), { headers, signal });
  if (response.ok) return response.blob();
  const body: unknown = await response.json().catch(() => undefined);
  const errorBody = ErrorBodySchema.safeParse(body);
  if (errorBody.success) {
    const { message, code, issues } = errorBody.data.error;
    throw new ApiError(message, response.status, code, { issues });
  }
  throw new ApiError(`The server answered ${response.status} for ${path}.`, response.status, null);
}
