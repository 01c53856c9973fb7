import type { FarmWeekChannel, FarmWeekItem } from "@vaxcal/contracts";

/** One shot of This week on the farm (decision 603): Leptavoid-H for the cows, on 5 April 2026. */
export function buildFarmWeekItem(overrides: Partial<FarmWeekItem> = {}): FarmWeekItem {
  return {
    calendar_id: 1,
    animal: "Cows",
    calendar: "Cows, Spring calving 2026",
    shot_id: "s1",
    date: "2026-04-05",
    group: "later",
    week_start: "2026-03-30",
    disease: "Leptospirosis",
    vaccine: "Leptavoid-H",
    reminders: [],
    no_reminder: null,
    ...overrides,
  };
}

/** A verified mobile with texts on, and an e-mail not verified yet. */
export const farmWeekChannels: FarmWeekChannel[] = [
  { channel: "sms", recipient: "+353871234567", verified: true, on: true },
  { channel: "email", recipient: "aoife@example.ie", verified: false, on: true },
];
