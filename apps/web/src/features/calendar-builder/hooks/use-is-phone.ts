import { useSyncExternalStore } from "react";

/** Phones (under 48rem): step 2 opens on 'Due next', folds its summary and lays months out as a list. */
export const phoneQuery = "(max-width: 47.99rem)";

function readMediaQuery(): MediaQueryList | null {
  return typeof window.matchMedia === "function" ? window.matchMedia(phoneQuery) : null;
}

/** Whether the screen is phone-wide now, outside React (a default read once). */
export function isPhoneWidth(): boolean {
  return readMediaQuery()?.matches ?? false;
}

function subscribe(onChange: () => void): () => void {
  const query = readMediaQuery();
  query?.addEventListener?.("change", onChange);
  return () => query?.removeEventListener?.("change", onChange);
}

/** Whether the screen is phone-wide, following a turn of the phone or a resized window. */
export function useIsPhone(): boolean {
  return useSyncExternalStore(subscribe, isPhoneWidth, () => false);
}
