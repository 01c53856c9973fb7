import {
  countryCallingCodes,
  largestId,
  type AnimalName,
  type CountryCallingCode,
  type EnterpriseName,
  type FarmSizeBand,
  type RoleName,
  type UserProfile,
} from "@vaxcal/contracts";
import { and, asc, eq, inArray, ne } from "drizzle-orm";
import { runReads, type Executor } from "../../db/database.ts";
import { isLinkablePractice } from "../../db/linkable-practices.ts";
import { animals, enterprises, vetPractices } from "../../db/schema.ts";
import { userAnimals, userEnterprises, userRoles, users } from "../../db/schema/accounts.ts";

export type UserRow = typeof users.$inferSelect;
export type NewUser = typeof users.$inferInsert;
export type UserChanges = Partial<Omit<NewUser, "id" | "createdAt">>;

/** Postgres's unique-violation code, and the constraints that mean "already registered". */
const uniqueViolation = "23505";
export const ContactField = { email: "email", phone: "phone" } as const;
export type ContactField = (typeof ContactField)[keyof typeof ContactField];

/** Which contact a failed insert or update collided on, if that is why it failed. */
export function findTakenContact(error: unknown): ContactField | null {
  const cause = error instanceof Error && "cause" in error ? error.cause : error;
  const details = (cause ?? {}) as { code?: string; constraint?: string };
  if (details.code !== uniqueViolation) return null;
  if (details.constraint === "users_email_unique") return ContactField.email;
  if (details.constraint === "users_phone_unique") return ContactField.phone;
  return null;
}

function toTimestamp(value: Date | null): string | null {
  return value ? value.toISOString() : null;
}

/** The e-mail, or the mobile's digits when there is no e-mail (docs/product.md §3). */
export function deriveUsername(user: Pick<UserRow, "email" | "phone">): string {
  return user.email ?? (user.phone ?? "").replace(/\D/g, "");
}

/** The farm-profile fields that registration and settings both send, by the spec's names. */
type ProfileFields = {
  farmer_name: string | null;
  address1: string | null;
  address2: string | null;
  town: string | null;
  eircode: string | null;
  county: string | null;
  country: string;
  product_notifications: boolean;
};
type ProfileColumns = Pick<
  NewUser,
  | "farmerName"
  | "address1"
  | "address2"
  | "town"
  | "eircode"
  | "county"
  | "country"
  | "productNotifications"
>;

/**
 * The profile fields as user columns. From a settings request an absent field stays undefined,
 * which an update leaves as it is.
 */
export function mapProfileFields(input: ProfileFields): ProfileColumns;
export function mapProfileFields(input: Partial<ProfileFields>): Partial<ProfileColumns>;
export function mapProfileFields(input: Partial<ProfileFields>): Partial<ProfileColumns> {
  return {
    farmerName: input.farmer_name,
    address1: input.address1,
    address2: input.address2,
    town: input.town,
    eircode: input.eircode,
    county: input.county,
    country: input.country,
    productNotifications: input.product_notifications,
  };
}

export function createUsersRepository(db: Executor) {
  return {
    async findUserById(id: number): Promise<UserRow | undefined> {
      const [row] = await db.select().from(users).where(eq(users.id, id));
      return row;
    },

    async findUserByEmail(email: string): Promise<UserRow | undefined> {
      const [row] = await db.select().from(users).where(eq(users.email, email));
      return row;
    },

    findUsersByPhones(phones: readonly string[]): Promise<UserRow[]> {
      if (phones.length === 0) return Promise.resolve([]);
      return db
        .select()
        .from(users)
        .where(inArray(users.phone, [...phones]));
    },

    /** Whether another user already has this e-mail or phone. */
    async isContactTaken(field: ContactField, value: string, exceptUserId?: number) {
      const column = field === ContactField.email ? users.email : users.phone;
      const [row] = await db
        .select({ id: users.id })
        .from(users)
        .where(and(eq(column, value), exceptUserId ? ne(users.id, exceptUserId) : undefined));
      return row !== undefined;
    },

    async insertUser(user: NewUser, roles: readonly RoleName[]): Promise<UserRow> {
      const [row] = await db.insert(users).values(user).returning();
      if (!row) throw new Error("insert into users returned no row");
      if (roles.length > 0) {
        await db.insert(userRoles).values(roles.map((role) => ({ userId: row.id, role })));
      }
      return row;
    },

    async updateUser(id: number, changes: UserChanges): Promise<void> {
      await db.update(users).set(changes).where(eq(users.id, id));
    },

    /** Whether e-mail and text reminders are on, for the reminders' state in Account Settings. */
    async readReminderSettings(
      userId: number,
    ): Promise<{ notifyEmail: boolean; notifyPhone: boolean } | undefined> {
      const [row] = await db
        .select({ notifyEmail: users.notifyEmail, notifyPhone: users.notifyPhone })
        .from(users)
        .where(eq(users.id, userId));
      return row;
    },

    /** PUT semantics for the lists: the given names replace the stored ones. */
    async replaceEnterprises(userId: number, names: readonly EnterpriseName[]): Promise<void> {
      await db.delete(userEnterprises).where(eq(userEnterprises.userId, userId));
      if (names.length === 0) return;
      const rows = await db
        .select({ id: enterprises.id })
        .from(enterprises)
        .where(inArray(enterprises.name, [...names]));
      if (rows.length === 0) return;
      await db
        .insert(userEnterprises)
        .values(rows.map((row) => ({ userId, enterpriseId: row.id })));
    },

    async replaceAnimals(userId: number, names: readonly AnimalName[]): Promise<void> {
      await db.delete(userAnimals).where(eq(userAnimals.userId, userId));
      if (names.length === 0) return;
      const rows = await db
        .select({ id: animals.id })
        .from(animals)
        .where(inArray(animals.name, [...names]));
      if (rows.length === 0) return;
      await db.insert(userAnimals).values(rows.map((row) => ({ userId, animalId: row.id })));
    },

    /** Whether a farmer may link the practice: it exists and its e-mail is proved (decision 503). */
    async isVetPracticeLinkable(id: number): Promise<boolean> {
      if (id > largestId) return false;
      const [row] = await db
        .select({ id: vetPractices.id })
        .from(vetPractices)
        .where(and(eq(vetPractices.id, id), isLinkablePractice));
      return row !== undefined;
    },

    /** The profile of docs/product.md §3 as GET /api/user returns it. */
    async loadProfile(userId: number): Promise<UserProfile | undefined> {
      const [found] = await db
        .select({
          user: users,
          vetName: vetPractices.vetPracticeName,
          vetTown: vetPractices.town,
        })
        .from(users)
        .leftJoin(vetPractices, eq(vetPractices.id, users.vetPracticeId))
        .where(eq(users.id, userId));
      if (!found) return undefined;
      const [roles, enterpriseRows, animalRows] = await runReads(db, [
        () =>
          db
            .select({ name: userRoles.role })
            .from(userRoles)
            .where(eq(userRoles.userId, userId))
            .orderBy(asc(userRoles.role)),
        () =>
          db
            .select({ id: enterprises.id, name: enterprises.name })
            .from(userEnterprises)
            .innerJoin(enterprises, eq(enterprises.id, userEnterprises.enterpriseId))
            .where(eq(userEnterprises.userId, userId))
            .orderBy(asc(enterprises.id)),
        () =>
          db
            .select({ id: animals.id, name: animals.name })
            .from(userAnimals)
            .innerJoin(animals, eq(animals.id, userAnimals.animalId))
            .where(eq(userAnimals.userId, userId))
            .orderBy(asc(animals.sortOrder), asc(animals.id)),
      ]);
      const { user, vetName, vetTown } = found;
      const mobile = user.phone ? splitStoredPhone(user.phone) : null;
      return {
        id: user.id,
        username: deriveUsername(user),
        name: user.name,
        surname: user.surname,
        email: user.email,
        country_code: mobile?.countryCode ?? null,
        phone_number: mobile?.nationalNumber ?? null,
        phone: user.phone,
        farmer_name: user.farmerName,
        address1: user.address1,
        address2: user.address2,
        town: user.town,
        eircode: user.eircode,
        county: user.county,
        country: user.country,
        product_notifications: user.productNotifications,
        notify_email: user.notifyEmail,
        notify_phone: user.notifyPhone,
        herd_size: user.herdSize as FarmSizeBand | null,
        flock_size: user.flockSize as FarmSizeBand | null,
        vet:
          user.vetPracticeId !== null && vetName !== null
            ? {
                id: user.vetPracticeId,
                vet_practice_name: vetName,
                vet_practice_address_id: null,
                town: vetTown ?? "",
              }
            : null,
        vet_id: user.vetPracticeId,
        enterprises: enterpriseRows,
        animals: animalRows,
        email_verified_at: toTimestamp(user.emailVerifiedAt),
        phone_verified_at: toTimestamp(user.phoneVerifiedAt),
        pending_email: user.pendingEmail,
        pending_phone: user.pendingPhone,
        terms_version: user.termsVersion,
        roles: roles.map((role) => ({ name: role.name as RoleName })),
      };
    },
  };
}

export type UsersRepository = ReturnType<typeof createUsersRepository>;

/** Splits a stored E.164 number back into the calling code and the national number. */
function splitStoredPhone(
  e164: string,
): { countryCode: CountryCallingCode; nationalNumber: string } | null {
  const countryCode = countryCallingCodes.find((code) => e164.startsWith(code));
  return countryCode ? { countryCode, nationalNumber: e164.slice(countryCode.length) } : null;
}
