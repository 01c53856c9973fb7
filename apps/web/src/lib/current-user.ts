import { queryOptions, useQuery, type QueryClient } from "@tanstack/react-query";
import { UserProfileSchema, accountPaths, type UserProfile } from "@vaxcal/contracts";
import { ApiError, fetchJson } from "./api-client.ts";
import {
  logOut,
  readAuthToken,
  setCurrentUser,
  startSession,
  useAuthStore,
} from "../stores/auth.ts";

/**
 * GET /api/user (docs/product.md §7), shared by the header greeting, the verification banner and
 * account settings. A rejected token logs the user out (docs/product.md §4, §8 'Profile fetch
 * fails'). A call that never reached the server (no signal in the yard) does not: that would wipe
 * the farmer's draft for nothing, and the screens that need the profile offer 'Try again' instead.
 */
export async function fetchCurrentUser(signal?: AbortSignal): Promise<UserProfile> {
  try {
    const user = await fetchJson(accountPaths.user, UserProfileSchema, { signal });
    setCurrentUser(user);
    return user;
  } catch (error) {
    if (error instanceof ApiError && error.status === 401) logOut();
    throw error;
  }
}

export const currentUserQueryKey = ["current-user"] as const;

export function currentUserQueryOptions(token: string | null) {
  return queryOptions({
    queryKey: [...currentUserQueryKey, token],
    queryFn: ({ signal }) => fetchCurrentUser(signal),
    staleTime: 60_000,
  });
}

/** The signed-in user's profile, loaded once per session; nothing is fetched when signed out. */
export function useCurrentUser({ isEnabled = true }: { isEnabled?: boolean } = {}) {
  const isAuthenticated = useAuthStore((state) => state.isAuthenticated);
  const token = useAuthStore((state) => state.token);
  return useQuery({ ...currentUserQueryOptions(token), enabled: isAuthenticated && isEnabled });
}

/**
 * Keeps a profile the server answered with (a settings save, a login) as the current user, so
 * the screens that follow show it without fetching it again.
 */
export function cacheCurrentUser(queryClient: QueryClient, user: UserProfile): void {
  setCurrentUser(user);
  queryClient.setQueryData(currentUserQueryOptions(readAuthToken()).queryKey, user);
}

/** After login, registration or a password reset: the session starts with the answer's profile. */
export function startSessionWithUser(
  queryClient: QueryClient,
  answer: { token: string; user: UserProfile },
): void {
  startSession(answer);
  cacheCurrentUser(queryClient, answer.user);
}
