import type { RoleName, UserProfile } from "@vaxcal/contracts";
import { create } from "zustand";
import { StorageKey } from "../config/storage-keys.ts";
import { clearStorage, readStorage, writeStorage } from "../lib/storage.ts";

/**
 * The signed-in state (docs/product.md §4), shared by every feature: the flag, the bearer token
 * and, once loaded, the user's profile. The accounts feature (features/auth) fills it in; the rest
 * only read.
 */
type AuthState = {
  isAuthenticated: boolean;
  /** The bearer token from login, registration or a password reset. */
  token: string | null;
  /** The profile from GET /api/user, or from the answer that started the session. */
  user: UserProfile | null;
  /** The first name for the header greeting, once the profile is loaded. */
  userName: string | null;
};

const signedOut = { isAuthenticated: false, token: null, user: null, userName: null } as const;

export const useAuthStore = create<AuthState>(() => ({ ...signedOut }));

/**
 * docs/product.md §4: a stored token is loaded at start; the flag `isAuthenticated` = 'true' means
 * logged in.
 */
export function restoreAuthFromStorage(): void {
  useAuthStore.setState({
    isAuthenticated: readStorage(StorageKey.isAuthenticated) === "true",
    token: readStorage(StorageKey.authToken),
    user: null,
    userName: null,
  });
}

export function readIsAuthenticated(): boolean {
  return useAuthStore.getState().isAuthenticated;
}

export function readAuthToken(): string | null {
  return useAuthStore.getState().token;
}

/** After login, registration or a password reset: keep the token and mark the user signed in. */
export function startSession({ token, user }: { token: string; user: UserProfile }): void {
  writeStorage(StorageKey.authToken, token);
  writeStorage(StorageKey.isAuthenticated, "true");
  useAuthStore.setState({ isAuthenticated: true, token, user, userName: user.name });
}

/** A fresher profile (GET /api/user, a settings save, a verification) replaces the one held. */
export function setCurrentUser(user: UserProfile): void {
  useAuthStore.setState({ user, userName: user.name });
}

/**
 * docs/product.md §4: logout clears local storage, which also drops the cached lists and the draft.
 */
export function logOut(): void {
  // Features that reset their own state on sign-out may write it back; clearing last wins.
  useAuthStore.setState({ ...signedOut });
  clearStorage();
}

/** Whether the signed-in user holds a role; always false until the profile has loaded. */
export function hasRole(user: UserProfile | null, role: RoleName): boolean {
  return user?.roles.some((held) => held.name === role) ?? false;
}
