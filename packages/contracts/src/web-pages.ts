import { undoContactChangePagePath } from "./security.ts";
import { vetInvitePagePath } from "./vet-practices.ts";

/**
 * The web app's pages that e-mails and texts link to, as route patterns (`:name` is one path
 * segment). The web app's router takes these paths from here, and the server builds every link it
 * sends from them, so a link in a message always opens a page the app has (tested on both sides).
 */
export const messageLinkPages = {
  home: "/",
  settings: "/settings",
  myCalendars: "/calendars",
  calendarDetail: "/calendar/:id",
  verifyMobile: "/verify-mobile",
  passwordReset: "/password/reset",
  emailVerify: "/email/verify/:id/:hash",
  vetDashboard: "/vet/dashboard",
  vetJoin: vetInvitePagePath,
  undoContactChange: undoContactChangePagePath,
} as const;

/** Whether a URL's path is the pattern's (each `:name` matching one non-empty segment). */
export function matchesPagePattern(pathname: string, pattern: string): boolean {
  const patternSegments = pattern.split("/");
  const segments = pathname.split("/");
  return (
    patternSegments.length === segments.length &&
    patternSegments.every((part, index) => {
      const segment = segments[index] ?? "";
      return part.startsWith(":") ? segment.length > 0 : part === segment;
    })
  );
}

/** The pattern with each `:name` replaced by its value, encoded as one path segment. */
export function fillPagePattern(
  pattern: string,
  values: Readonly<Record<string, string | number>> = {},
): string {
  return pattern.replace(/:([A-Za-z]+)/g, (_match, name: string) => {
    const value = values[name];
    if (value === undefined) throw new Error(`No value for :${name} in ${pattern}`);
    return encodeURIComponent(String(value));
  });
}
