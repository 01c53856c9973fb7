import { useAuthStore } from "../../../stores/auth.ts";
import { useCurrentUser } from "../../../lib/current-user.ts";

/**
 * docs/product.md §4 and §7: with a stored token, GET /api/user at start fills in the greeting and
 * the verification banner; a rejected token logs out (lib/current-user.ts). Without a token there
 * is nothing to ask with.
 */
export function useSessionBootstrap(): void {
  const hasToken = useAuthStore((state) => state.token !== null);
  useCurrentUser({ isEnabled: hasToken });
}
