import { vi } from "vitest";

/**
 * Makes the screen phone-wide (under 48rem) or not, for the components that read it with
 * matchMedia; undo with `vi.unstubAllGlobals()`. Only width queries match on a phone.
 */
export function matchPhoneWidth(isPhone: boolean): void {
  vi.stubGlobal(
    "matchMedia",
    (query: string) =>
      ({
        matches: isPhone && query.includes("max-width"),
        media: query,
        addEventListener: () => {},
        removeEventListener: () => {},
      }) as unknown as MediaQueryList,
  );
}
