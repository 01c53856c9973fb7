import { create } from "zustand";
import { StorageKey } from "../config/storage-keys.ts";
import { clearStorage, readStorage } from "./storage.ts";

/**
 * The signed-in state (spec §4). For now it only knows the `isAuthenticated` flag; the accounts
 * work adds the user profile, login and the token.
 */
type AuthState = {
  isAuthenticated: boolean;
  /** The first name for the header greeting, once the profile is loaded. */
  userName: string | null;
};

export const useAuthStore = create<AuthState>(() => ({ isAuthenticated: false, userName: null }));

/** Spec §4: a local flag `isAuthenticated` with the value 'true' means logged in. */
export function restoreAuthFromStorage(): void {
  useAuthStore.setState({
    isAuthenticated: readStorage(StorageKey.isAuthenticated) === "true",
    userName: null,
  });
}

export function readIsAuthenticated(): boolean {
  return useAuthStore.getState().isAuthenticated;
}

/** Spec §4: logout clears local storage, which also drops the cached lists and the draft. */
export function logOut(): void {
  clearStorage();
  useAuthStore.setState({ isAuthenticated: false, userName: null });
}
