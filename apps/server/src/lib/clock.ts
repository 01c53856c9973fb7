import { addDays, countDaysBetween, type IsoDate } from "@vaxcal/schedule";

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

// 5 January 1970 was a Monday: weeks start on Mondays, as Irish calendars print them.
const aMonday = "1970-01-05";

/** The Monday of the week `date` falls in (the vet dashboard's weeks, the practice digest's). */
export function findWeekStart(date: IsoDate): IsoDate {
  const weekday = ((countDaysBetween(aMonday, date) % 7) + 7) % 7;
  return addDays(date, -weekday);
}

/** A clock a test can move to another day (decision 016); it runs on from there. */
export type ShiftableClock = {
  clock: Clock;
  /** Moves the clock to noon UTC of `today` (the same day in Ireland); null puts it back. */
  setToday: (today: IsoDate | null) => void;
};

export function createShiftableClock(base: Clock): ShiftableClock {
  let offsetMs = 0;
  return {
    clock: () => new Date(base().getTime() + offsetMs),
    setToday: (today) => {
      offsetMs = today === null ? 0 : Date.parse(`${today}T12:00:00Z`) - base().getTime();
    },
  };
}
