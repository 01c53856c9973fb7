import type { UserProfile } from "@vaxcal/contracts";
import { http, HttpResponse } from "msw";
import { accountPaths } from "@vaxcal/contracts";
import { StorageKey } from "../../../config/storage-keys.ts";
import { farmerFixture } from "../../../testing/mocks/account-fixtures.ts";
import { server } from "../../../testing/mocks/server.ts";

/** A returning visitor: a stored token and flag, and GET /api/user answering this profile. */
export function storeSignedInUser(overrides: Partial<UserProfile> = {}): UserProfile {
  const user = { ...farmerFixture, ...overrides };
  window.localStorage.setItem(StorageKey.authToken, "stored-token");
  window.localStorage.setItem(StorageKey.isAuthenticated, "true");
  server.use(http.get(accountPaths.user, () => HttpResponse.json<UserProfile>(user)));
  return user;
}
