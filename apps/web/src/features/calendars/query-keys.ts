/**
 * Every query key of the saved calendars, from one place: a call's query options and every
 * invalidation use these, so renaming a key cannot silently stop an invalidation. Other features
 * take them from this feature's entry (index.ts).
 */
export const calendarsQueryKeys = {
  /** My Calendars' pages. */
  list: () => ["user-calendars"] as const,
  detail: (calendarId: number) => ["calendar-detail", calendarId] as const,
  /** A saved change draws a new picture. */
  preview: (calendarId: number, updatedAt: string) =>
    ["calendar-preview", calendarId, updatedAt] as const,
  givenShots: (calendarId: number) => ["given-shots", calendarId] as const,
  protocolUpdate: (calendarId: number) => ["protocol-update", calendarId] as const,
  /** Which calendars have a protocol update waiting (My Calendars' notices). */
  protocolUpdates: () => ["protocol-updates"] as const,
};
