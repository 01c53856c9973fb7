import { sql } from "drizzle-orm";
import { runReads, type Executor } from "../../db/database.ts";

/** One of the farmer's saved calendars as the list names it. */
export type FarmCalendarRow = {
  id: number;
  animal: string;
  season: string;
  year: number;
};

/** The SQL of "This week on the farm" (decision 603): the farmer's own calendars and the names. */
export function createFarmWeekRepository(db: Executor) {
  return {
    /** The account's own calendars only: owner-only, so a vet's list never holds a client's. */
    async listOwnCalendars(userId: number, limit: number): Promise<FarmCalendarRow[]> {
      const { rows } = await db.execute(sql`
        SELECT c.id, a.name AS animal, s.name AS season, c.calendar_year
        FROM calendars c
        JOIN animals a ON a.id = c.animal_id
        JOIN seasons s ON s.id = c.season_id
        WHERE c.user_id = ${userId}
        ORDER BY c.id
        LIMIT ${limit}`);
      return rows.map((row) => ({
        id: Number(row.id),
        animal: String(row.animal),
        season: String(row.season),
        year: Number(row.calendar_year),
      }));
    },

    /** Disease and vaccine names by id, for the shots of the list. */
    async readNames(
      diseaseIds: readonly number[],
      vaccineIds: readonly number[],
    ): Promise<{ diseases: Map<number, string>; vaccines: Map<number, string> }> {
      const toArray = (ids: readonly number[]) => `{${ids.join(",")}}`;
      const [diseases, vaccines] = await runReads(db, [
        () =>
          db.execute(
            sql`SELECT id, name FROM diseases WHERE id = ANY(${toArray(diseaseIds)}::int[])`,
          ),
        () =>
          db.execute(
            sql`SELECT id, name FROM vaccines WHERE id = ANY(${toArray(vaccineIds)}::int[])`,
          ),
      ]);
      const toMap = (rows: Record<string, unknown>[]) =>
        new Map(rows.map((row) => [Number(row.id), String(row.name)]));
      return { diseases: toMap(diseases.rows), vaccines: toMap(vaccines.rows) };
    },
  };
}
