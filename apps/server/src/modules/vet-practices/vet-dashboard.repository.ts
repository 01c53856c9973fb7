import { and, asc, desc, eq } from "drizzle-orm";
import type { Executor } from "../../db/database.ts";
import { users, vetPracticeMembers } from "../../db/schema/accounts.ts";
import { calendars } from "../../db/schema/calendars.ts";
import {
  animals,
  diseases,
  enterprises,
  seasons,
  vaccines,
  vetPractices,
} from "../../db/schema/reference.ts";

/** A client's calendar as the dashboard and the doses due need it. */
export type ClientCalendarRow = {
  calendarId: number;
  clientId: number;
  name: string;
  surname: string;
  farmName: string | null;
  town: string | null;
  county: string | null;
  herdSize: string | null;
  flockSize: string | null;
  enterprise: string;
  animal: string;
  season: string;
  calendarYear: number;
  updatedAt: Date;
};

/** The farmers who link a practice, their calendars, and the names the dashboard prints. */
export function createVetDashboardRepository(db: Executor) {
  return {
    /** Every linked farmer (also those with no calendar yet), newest calendar first. */
    listClientCalendars(vetPracticeId: number) {
      return db
        .select({
          clientId: users.id,
          name: users.name,
          surname: users.surname,
          farmName: users.farmerName,
          town: users.town,
          county: users.county,
          herdSize: users.herdSize,
          flockSize: users.flockSize,
          calendarId: calendars.id,
          enterprise: enterprises.name,
          animal: animals.name,
          season: seasons.name,
          calendarYear: calendars.calendarYear,
          updatedAt: calendars.updatedAt,
        })
        .from(users)
        .leftJoin(calendars, eq(calendars.userId, users.id))
        .leftJoin(enterprises, eq(enterprises.id, calendars.enterpriseId))
        .leftJoin(animals, eq(animals.id, calendars.animalId))
        .leftJoin(seasons, eq(seasons.id, calendars.seasonId))
        .where(eq(users.vetPracticeId, vetPracticeId))
        .orderBy(asc(users.surname), asc(users.name), asc(users.id), desc(calendars.updatedAt));
    },

    /**
     * The weekly digest's setting (decision 602), and whether the practice's e-mail is verified:
     * it is the manager's login, verified like a farmer's.
     */
    async readDigestSetting(vetPracticeId: number) {
      const [row] = await db
        .select({
          digestEmails: vetPractices.digestEmails,
          verifiedAt: users.emailVerifiedAt,
        })
        .from(vetPractices)
        .leftJoin(vetPracticeMembers, eq(vetPracticeMembers.vetPracticeId, vetPractices.id))
        .leftJoin(
          users,
          and(eq(users.id, vetPracticeMembers.userId), eq(users.email, vetPractices.email)),
        )
        .where(eq(vetPractices.id, vetPracticeId))
        .orderBy(asc(users.emailVerifiedAt));
      return {
        digestEmails: row?.digestEmails ?? false,
        emailVerified: row?.verifiedAt !== null && row?.verifiedAt !== undefined,
      };
    },

    async updateDigestSetting(vetPracticeId: number, digestEmails: boolean, now: Date) {
      await db
        .update(vetPractices)
        .set({ digestEmails, updatedAt: now })
        .where(eq(vetPractices.id, vetPracticeId));
    },

    async readDiseaseNames(): Promise<Map<number, string>> {
      const rows = await db.select({ id: diseases.id, name: diseases.name }).from(diseases);
      return new Map(rows.map((row) => [row.id, row.name]));
    },

    async readVaccineNames(): Promise<Map<number, string>> {
      const rows = await db.select({ id: vaccines.id, name: vaccines.name }).from(vaccines);
      return new Map(rows.map((row) => [row.id, row.name]));
    },
  };
}

export type VetDashboardRepository = ReturnType<typeof createVetDashboardRepository>;
