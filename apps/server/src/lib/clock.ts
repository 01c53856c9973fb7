import type { IsoDate } from "@vaxcal/schedule";

/** What "now" is for expiry, throttles and today's date; tests pass one they move by hand. */
export type Clock = () => Date;

export const systemClock: Clock = () => new Date();

const irishDateFormat = new Intl.DateTimeFormat("en-CA", {
  timeZone: "Europe/Dublin",
  year: "numeric",
  month: "2-digit",
  day: "2-digit",
});

/** The farmer's today: calendars are Irish, so the day turns over at midnight in Ireland. */
export function readIrishToday(now: Date): IsoDate {
  return irishDateFormat.format(now);
}
