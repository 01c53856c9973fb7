import { accountPaths, type UserProfile } from "@vaxcal/contracts";
import { http, HttpResponse } from "msw";
import { StorageKey } from "../config/storage-keys.ts";
import { farmerFixture } from "./mocks/account-fixtures.ts";
import { server } from "./mocks/server.ts";

/** Signed in as the app leaves a browser after login, with this profile behind `GET /api/user`. */
export function signInAs(user: UserProfile = farmerFixture): void {
  window.localStorage.setItem(StorageKey.authToken, "stored-token");
  window.localStorage.setItem(StorageKey.isAuthenticated, "true");
  server.use(http.get(accountPaths.user, () => HttpResponse.json<UserProfile>(user)));
}
