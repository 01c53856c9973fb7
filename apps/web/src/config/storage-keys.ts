/**
 * localStorage keys of docs/product.md §9 that are not reference lists (those are the keys of the
 * contracts' `referenceLists`).
 */
export const StorageKey = {
  isAuthenticated: "isAuthenticated",
  authToken: "authToken",
  calendarForm: "calendarForm",
  scopedDiseasesAll: "scopedDiseasesAll",
  scopedDiseasesAvailable: "scopedDiseasesAvailable",
  // Not in the spec's list: the spec stores the code "locally" without naming the key.
  mobileVerificationCode: "mobileVerificationCode",
  // Not in the spec's list: a saved calendar's edit draft, kept apart from a new calendar's
  // (ADR 405), so neither takes the other's place.
  savedCalendarDraft: "savedCalendarDraft",
  savedCalendarAvailable: "savedCalendarAvailable",
  // Not in the spec's list: protocol differences a farmer answered 'Keep it as it is' to.
  declinedProtocolUpdates: "declinedProtocolUpdates",
} as const;
export type StorageKey = (typeof StorageKey)[keyof typeof StorageKey];
