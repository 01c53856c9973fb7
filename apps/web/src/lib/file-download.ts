import { ErrorBodySchema } from "@vaxcal/contracts";
import { ApiError } from "./api-client.ts";
import { readAuthToken } from "../stores/auth.ts";

/**
 * A binary answer behind the bearer token (a calendar's PDF or preview, the doses due CSV), which
 * a plain link or `<img src>` cannot load. Errors carry the server's error body like every call.
 */
export async function fetchFileWithSession(path: string, signal?: AbortSignal): Promise<Blob> {
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

/** Hands a file to the browser's download, as a link with a file name would. */
export function saveFile(file: Blob, fileName: string): void {
  const url = URL.createObjectURL(file);
  const link = document.createElement("a");
  link.href = url;
  link.download = fileName;
  link.hidden = true;
  document.body.append(link);
  link.click();
  link.remove();
  // Some browsers read the file after the click returns; a minute is ample on a slow phone.
  setTimeout(() => URL.revokeObjectURL(url), 60_000);
}
