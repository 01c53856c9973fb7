import type {
  AuditEntry,
  Product,
  ProductInput,
  ProductSummary,
  AuditAction,
} from "@vaxcal/contracts";
import { and, asc, count, desc, eq, exists, ilike, inArray, sql, type SQL } from "drizzle-orm";
import { runReads, type Executor } from "../../db/database.ts";
import {
  toVaccineColumns,
  toVaccineFields,
  toVaccineRules,
  toVaccineRulesColumns,
} from "../../db/reference-rows.ts";
import * as schema from "../../db/schema.ts";
import { nextVersionTime } from "./row-version.ts";

export type ProductFilters = {
  /** An enterprise id: products offered for one of its animals. */
  category?: number | undefined;
  /** A disease id: products that disease offers. */
  disease?: number | undefined;
  /** Part of the name, any case. */
  search?: string | undefined;
  offset: number;
  limit: number;
};

export type NewAuditEntry = {
  userId: number;
  userLabel: string;
  occurredAt: Date;
  action: AuditAction;
  entity: string;
  entityId: number;
  vaccineId: number | null;
  /** The entity as the admin calls show it (a product, a shot template, …). */
  before: Product | object | null;
  after: Product | object | null;
};

/** `LIKE` treats % and _ as wildcards; a search for "10%" means the characters. */
function escapeLikePattern(value: string): string {
  return value.replace(/[\\%_]/g, (character) => `\\${character}`);
}

/**
 * Products (the vaccines of the reference data) as the admin area reads and writes them, and the
 * audit trail. Rows become the contracts' snake_case JSON only here.
 */
export function createAdminRepository(db: Executor) {
  /** The product is offered by a disease, for an animal, that meets `condition`. */
  const isOffered = (condition: SQL) =>
    exists(
      db
        .select({ one: sql`1` })
        .from(schema.diseaseAnimals)
        .where(and(eq(schema.diseaseAnimals.vaccineId, schema.vaccines.id), condition)),
    );

  return {
    async listProducts(
      filters: ProductFilters,
    ): Promise<{ items: ProductSummary[]; total: number }> {
      const conditions: SQL[] = [];
      if (filters.search) {
        conditions.push(ilike(schema.vaccines.name, `%${escapeLikePattern(filters.search)}%`));
      }
      if (filters.disease !== undefined) {
        conditions.push(isOffered(eq(schema.diseaseAnimals.diseaseId, filters.disease)));
      }
      if (filters.category !== undefined) {
        const categoryAnimals = db
          .select({ animalId: schema.enterpriseAnimals.animalId })
          .from(schema.enterpriseAnimals)
          .where(eq(schema.enterpriseAnimals.enterpriseId, filters.category));
        conditions.push(isOffered(inArray(schema.diseaseAnimals.animalId, categoryAnimals)));
      }
      const where = conditions.length > 0 ? and(...conditions) : undefined;
      const [rows, [totalRow]] = await runReads(db, [
        () =>
          db
            .select({
              id: schema.vaccines.id,
              name: schema.vaccines.name,
              retiredAt: schema.vaccines.retiredAt,
            })
            .from(schema.vaccines)
            .where(where)
            .orderBy(asc(schema.vaccines.name), asc(schema.vaccines.id))
            .limit(filters.limit)
            .offset(filters.offset),
        () => db.select({ total: count() }).from(schema.vaccines).where(where),
      ]);
      const ids = rows.map((row) => row.id);
      const [diseaseLinks, enterpriseLinks] = ids.length
        ? await runReads(db, [
            () =>
              db
                .selectDistinct({
                  vaccineId: schema.diseaseAnimals.vaccineId,
                  name: schema.diseases.name,
                })
                .from(schema.diseaseAnimals)
                .innerJoin(schema.diseases, eq(schema.diseases.id, schema.diseaseAnimals.diseaseId))
                .where(inArray(schema.diseaseAnimals.vaccineId, ids))
                .orderBy(asc(schema.diseases.name)),
            () =>
              db
                .selectDistinct({
                  vaccineId: schema.diseaseAnimals.vaccineId,
                  enterpriseId: schema.enterprises.id,
                  name: schema.enterprises.name,
                })
                .from(schema.diseaseAnimals)
                .innerJoin(
                  schema.enterpriseAnimals,
                  eq(schema.enterpriseAnimals.animalId, schema.diseaseAnimals.animalId),
                )
                .innerJoin(
                  schema.enterprises,
                  eq(schema.enterprises.id, schema.enterpriseAnimals.enterpriseId),
                )
                .where(inArray(schema.diseaseAnimals.vaccineId, ids))
                .orderBy(asc(schema.enterprises.id)),
          ])
        : [[], []];
      return {
        total: totalRow?.total ?? 0,
        items: rows.map((row) => ({
          id: row.id,
          name: row.name,
          categories: enterpriseLinks
            .filter((link) => link.vaccineId === row.id)
            .map((link) => link.name),
          diseases: diseaseLinks
            .filter((link) => link.vaccineId === row.id)
            .map((link) => link.name),
          retired: row.retiredAt !== null,
        })),
      };
    },

    /** The product with every field, or null; `forUpdate` locks its row for the transaction. */
    async findProduct(id: number, { forUpdate = false } = {}): Promise<Product | null> {
      const query = db.select().from(schema.vaccines).where(eq(schema.vaccines.id, id));
      const [vaccine] = forUpdate ? await query.for("update") : await query;
      if (!vaccine) return null;
      // One after another: inside a transaction the queries share one connection.
      const [rules] = await db
        .select()
        .from(schema.vaccineRules)
        .where(eq(schema.vaccineRules.vaccineId, id));
      const compatibles = await db
        .select({ id: schema.vaccineCompatibilities.compatibleVaccineId })
        .from(schema.vaccineCompatibilities)
        .where(eq(schema.vaccineCompatibilities.vaccineId, id))
        .orderBy(asc(schema.vaccineCompatibilities.compatibleVaccineId));
      const diseases = await db
        .selectDistinct({ id: schema.diseases.id, name: schema.diseases.name })
        .from(schema.diseaseAnimals)
        .innerJoin(schema.diseases, eq(schema.diseases.id, schema.diseaseAnimals.diseaseId))
        .where(eq(schema.diseaseAnimals.vaccineId, id))
        .orderBy(asc(schema.diseases.name));
      const [calendarCount] = await db
        .select({
          total: sql<number>`count(DISTINCT ${schema.calendarDiseases.calendarId})::int`,
        })
        .from(schema.calendarDiseases)
        .where(eq(schema.calendarDiseases.vaccineId, id));
      return {
        ...toVaccineFields(vaccine),
        retired: vaccine.retiredAt !== null,
        rules: toVaccineRules(
          rules,
          compatibles.map((row) => row.id),
        ),
        diseases,
        calendar_count: calendarCount?.total ?? 0,
        updated_at: vaccine.updatedAt.toISOString(),
      };
    },

    /** The id of another product with this name (any case), if there is one. */
    async findProductIdByName(name: string, exceptId?: number): Promise<number | null> {
      const rows = await db
        .select({ id: schema.vaccines.id })
        .from(schema.vaccines)
        .where(sql`lower(${schema.vaccines.name}) = lower(${name})`);
      return rows.find((row) => row.id !== exceptId)?.id ?? null;
    },

    async insertProduct(input: ProductInput, now: Date): Promise<number> {
      const [row] = await db
        .insert(schema.vaccines)
        .values({ ...toProductColumns(input, now), createdAt: now, updatedAt: now })
        .returning({ id: schema.vaccines.id });
      if (!row) throw new Error("inserting a product returned no row");
      await writeRules(row.id, input);
      return row.id;
    },

    async updateProduct(id: number, input: ProductInput, now: Date, wasRetired: boolean) {
      await db
        .update(schema.vaccines)
        .set({
          ...toProductColumns(input, now),
          // Retiring again keeps the first date; only the flag's change moves it.
          retiredAt: input.retired ? (wasRetired ? undefined : now) : null,
          updatedAt: nextVersionTime(schema.vaccines.updatedAt, now),
        })
        .where(eq(schema.vaccines.id, id));
      await writeRules(id, input);
    },

    async deleteProduct(id: number): Promise<void> {
      await db.delete(schema.vaccines).where(eq(schema.vaccines.id, id));
    },

    /** Whether any disease offers the product (`disease_animals` refers to it). */
    async isOfferedByDiseases(id: number): Promise<boolean> {
      const rows = await db
        .select({ one: sql`1` })
        .from(schema.diseaseAnimals)
        .where(eq(schema.diseaseAnimals.vaccineId, id))
        .limit(1);
      return rows.length > 0;
    },

    async insertAuditEntry(entry: NewAuditEntry): Promise<void> {
      await db.insert(schema.adminAuditEntries).values(entry);
    },

    async listAuditEntries(filters: {
      vaccineId?: number | undefined;
      offset: number;
      limit: number;
    }): Promise<{ items: AuditEntry[]; total: number }> {
      const where =
        filters.vaccineId === undefined
          ? undefined
          : eq(schema.adminAuditEntries.vaccineId, filters.vaccineId);
      const [rows, [totalRow]] = await runReads(db, [
        () =>
          db
            .select()
            .from(schema.adminAuditEntries)
            .where(where)
            .orderBy(desc(schema.adminAuditEntries.occurredAt), desc(schema.adminAuditEntries.id))
            .limit(filters.limit)
            .offset(filters.offset),
        () => db.select({ total: count() }).from(schema.adminAuditEntries).where(where),
      ]);
      return {
        total: totalRow?.total ?? 0,
        items: rows.map((row) => ({
          id: row.id,
          occurred_at: row.occurredAt.toISOString(),
          user_label: row.userLabel,
          action: row.action as AuditAction,
          entity: row.entity,
          entity_id: row.entityId,
          vaccine_id: row.vaccineId,
          before: (row.before as Record<string, unknown> | null) ?? null,
          after: (row.after as Record<string, unknown> | null) ?? null,
        })),
      };
    },

    /** What the audit trail calls the admin: e-mail, else mobile. */
    async findUserLabel(userId: number): Promise<string> {
      const [row] = await db
        .select({ email: schema.users.email, phone: schema.users.phone })
        .from(schema.users)
        .where(eq(schema.users.id, userId));
      return row?.email ?? row?.phone ?? `user ${userId}`;
    },
  };

  /** Replaces the product's rules and compatible products with the input's. */
  async function writeRules(vaccineId: number, input: ProductInput): Promise<void> {
    const { rules } = input;
    const values = toVaccineRulesColumns(rules);
    await db
      .insert(schema.vaccineRules)
      .values({ vaccineId, ...values })
      .onConflictDoUpdate({
        target: schema.vaccineRules.vaccineId,
        set: { ...values, updatedAt: sql`now()` },
      });
    await db
      .delete(schema.vaccineCompatibilities)
      .where(eq(schema.vaccineCompatibilities.vaccineId, vaccineId));
    const compatibleIds = [...new Set(rules.compatible_vaccine_ids)];
    if (compatibleIds.length > 0) {
      await db
        .insert(schema.vaccineCompatibilities)
        .values(compatibleIds.map((compatibleVaccineId) => ({ vaccineId, compatibleVaccineId })));
    }
  }
}

function toProductColumns(input: ProductInput, now: Date) {
  return {
    ...toVaccineColumns({
      ...input,
      vaccine_type: input.vaccine_type
        .split(",")
        .map((code) => code.trim())
        .join(","),
    }),
    retiredAt: input.retired ? now : null,
  };
}

export type AdminRepository = ReturnType<typeof createAdminRepository>;
