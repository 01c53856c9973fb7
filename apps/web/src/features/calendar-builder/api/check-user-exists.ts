import {
  CheckUserExistsResponseSchema,
  accountPaths,
  type CheckUserExistsResponse,
} from "@vaxcal/contracts";
import { fetchJson } from "../../../lib/api-client.ts";

/**
 * docs/product.md §5 contact warnings: GET /api/check-user-exists?email=, whether an account uses
 * it.
 */
export function checkUserExists(email: string): Promise<CheckUserExistsResponse> {
  const query = new URLSearchParams({ email });
  return fetchJson(
    `${accountPaths.checkUserExists}?${query.toString()}`,
    CheckUserExistsResponseSchema,
  );
}
