import type { ScopedDisease } from "@vaxcal/contracts";
import type { Calendar, Shot } from "@vaxcal/schedule";
import { formatDayDate } from "./calendar-dates.ts";

/** The shots dated before the calendar's today, by date, then column order. */
export function listPastShots(calendar: Calendar): Shot[] {
  const past: Shot[] = [];
  for (const column of calendar.diseases) {
    for (const shot of column.shots) {
      if (shot.date !== null && shot.date < calendar.today) past.push(shot);
    }
  }
  // Stable: same-day shots keep column order.
  return past.sort((left, right) => ((left.date ?? "") < (right.date ?? "") ? -1 : 1));
}

/** A shot's name as the calendar shows it: its own name, else the vaccine's, else the disease's. */
export function describeShotName(shot: Shot, disease: ScopedDisease | null | undefined): string {
  return shot.custom_name ?? disease?.vaccine?.name ?? disease?.name ?? "Shot";
}

/** docs/product.md §4: `Wed 4 March 2026 · Bovilis BVD · Cows`, one line per past shot. */
export function describePastShot(
  shot: Shot,
  disease: ScopedDisease | null | undefined,
  animalName: string | undefined,
): string {
  const parts = [formatDayDate(shot.date ?? ""), describeShotName(shot, disease)];
  if (animalName) parts.push(animalName);
  return parts.join(" · ");
}
