import type { Executor } from "../db/database.ts";
import type { BackgroundTasks } from "../lib/background-tasks.ts";
import type { Clock } from "../lib/clock.ts";
import { createRateLimitsRepository } from "./rate-limits.repository.ts";

const hourMs = 60 * 60_000;

/**
 * Clears what expires with time: throttle windows older than a day, which count for nothing but
 * would pile up with every new address and e-mail. Runs once at start, then every hour, as a
 * background task; the returned function stops it.
 */
export function startHousekeeping(
  { db, clock, tasks }: { db: Executor; clock: Clock; tasks: BackgroundTasks },
  everyMs = hourMs,
): () => void {
  const sweep = () =>
    tasks.run("rate limit windows clean-up", () =>
      createRateLimitsRepository(db).deleteStaleWindows(clock()),
    );
  sweep();
  const timer = setInterval(sweep, everyMs);
  timer.unref();
  return () => clearInterval(timer);
}
