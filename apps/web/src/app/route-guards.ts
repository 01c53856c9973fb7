import { redirect, type LoaderFunctionArgs } from "react-router";
import { hostGates } from "../config/hosts.ts";
import { paths } from "../config/paths.ts";
import { authMessages } from "../features/auth/auth-messages.ts";
import { storeMobileVerificationCode } from "../features/mobile-verification/mobile-code-storage.ts";
import { readIsAuthenticated } from "../stores/auth.ts";
import { ModalName, openModal } from "../stores/modals.ts";
import { rememberReturnPath } from "../stores/return-path.ts";

// Guards run as loaders, before the screen renders, so a signed-out visitor never sees a flash
// of a page they are about to leave.

/**
 * docs/product.md §6: My Calendars, settings, admin and the dashboard send a visitor to PublicHome.
 * There Login opens, and a successful login continues to the page the visitor followed a link to
 * (a saved calendar from an e-mail, say), instead of leaving them on the home page without a word.
 */
export function requireAuthentication({ request }: LoaderFunctionArgs): Response | null {
  if (readIsAuthenticated()) return null;
  const url = new URL(request.url);
  rememberReturnPath(`${url.pathname}${url.search}`, authMessages.loginToContinue);
  openModal(ModalName.login);
  return redirect(paths.home.getHref());
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
 * it for a signed-in farmer. A signed-out one is asked to log in there, and stays on PublicHome
 * to see the code confirmed (issue 25 item 8: not the home page without a word).
 */
export function storeMobileCodeAndGoHome({ request }: LoaderFunctionArgs): Response {
  const code = new URL(request.url).searchParams.get("code");
  if (code) storeMobileVerificationCode(code);
  if (code && !readIsAuthenticated()) {
    rememberReturnPath(paths.home.getHref(), authMessages.loginToConfirmMobile);
    openModal(ModalName.login);
  }
  return redirect(paths.home.getHref());
}
