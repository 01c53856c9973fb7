import { redirect, type LoaderFunctionArgs } from "react-router";
import { hostGates } from "../config/hosts.ts";
import { paths } from "../config/paths.ts";
import { storeMobileVerificationCode } from "../features/mobile-verification/mobile-code-storage.ts";
import { readIsAuthenticated } from "../stores/auth.ts";

// Guards run as loaders, before the screen renders, so a signed-out visitor never sees a flash
// of a page they are about to leave.

/**
 * docs/product.md §6: My Calendars, settings, admin and the dashboard send a visitor to PublicHome.
 */
export function requireAuthentication(): Response | null {
  return readIsAuthenticated() ? null : redirect(paths.home.getHref());
}

/**
 * docs/product.md §2: /beta only on beta, test and local hosts (or when a deployment switches it
 * on).
 */
export function requireBetaHost(): Response | null {
  return hostGates.canReachBetaRoute ? null : redirect(paths.home.getHref());
}

/**
 * docs/product.md §2: /verify-mobile?code= stores the code and goes to PublicHome, which confirms
 * it.
 */
export function storeMobileCodeAndGoHome({ request }: LoaderFunctionArgs): Response {
  const code = new URL(request.url).searchParams.get("code");
  if (code) storeMobileVerificationCode(code);
  return redirect(paths.home.getHref());
}
