import type {
  AdminDiseaseAnimal,
  AdminSeasonDefault,
  AdminShotTemplate,
  AdminWarning,
  ShotTemplate,
} from "@vaxcal/contracts";
import { and, asc, eq, inArray, sql, type SQL } from "drizzle-orm";
import type { Executor } from "../../db/database.ts";
import {
  toShotTemplate,
  toShotTemplateColumns,
  toWarning,
  toWarningColumns,
} from "../../db/reference-rows.ts";
import * as schema from "../../db/schema.ts";
import { nextVersionTime } from "./row-version.ts";

/** A shot template as the service writes it: every field but its id. */
export type ShotTemplateValues = Omit<ShotTemplate, "id">;

export type AnimalFacts = { id: number; name: string; isAdult: boolean; hasBirthDate: boolean };

/**
 * Protocol management's rows (shot templates, disease links, season default dates, popup
 * messages), read and written as the contracts' snake_case JSON. `forUpdate` locks the row for
 * the rest of the transaction, so two admins' saves of one row are audited one after the other.
 */
export function createProtocolsRepository(db: Executor) {
  const templates = schema.shotTemplates;
  const links = schema.diseaseAnimals;
  const combinations = schema.animalEnterpriseSeasonCombinations;

  const mapTemplate = (row: typeof templates.$inferSelect): AdminShotTemplate => ({
    ...toShotTemplate(row),
    updated_at: row.updatedAt.toISOString(),
  });

  const selectLinks = () =>
    db
      .select({
        disease_id: links.diseaseId,
        disease_name: schema.diseases.name,
        animal_id: links.animalId,
        animal_name: schema.animals.name,
        vaccine_id: links.vaccineId,
        vaccine_name: schema.vaccines.name,
        herd_status_question: links.herdStatusQuestion,
      })
      .from(links)
      .innerJoin(schema.diseases, eq(schema.diseases.id, links.diseaseId))
      .innerJoin(schema.animals, eq(schema.animals.id, links.animalId))
      .innerJoin(schema.vaccines, eq(schema.vaccines.id, links.vaccineId));

  const selectSeasonDefaults = () =>
    db
      .select({
        id: combinations.id,
        animal_id: combinations.animalId,
        animal_name: schema.animals.name,
        enterprise_id: combinations.enterpriseId,
        enterprise_name: schema.enterprises.name,
        season_id: combinations.seasonId,
        season_name: schema.seasons.name,
        birth_date: combinations.birthDate,
        breeding_date: combinations.breedingDate,
      })
      .from(combinations)
      .innerJoin(schema.animals, eq(schema.animals.id, combinations.animalId))
      .innerJoin(schema.enterprises, eq(schema.enterprises.id, combinations.enterpriseId))
      .innerJoin(schema.seasons, eq(schema.seasons.id, combinations.seasonId));

  return {
    async listShotTemplates(filters: {
      vaccine?: number | undefined;
      animal?: number | undefined;
    }): Promise<AdminShotTemplate[]> {
      const conditions: SQL[] = [];
      if (filters.vaccine !== undefined) conditions.push(eq(templates.vaccineId, filters.vaccine));
      if (filters.animal !== undefined) conditions.push(eq(templates.animalId, filters.animal));
      const rows = await db
        .select()
        .from(templates)
        .where(conditions.length > 0 ? and(...conditions) : undefined)
        .orderBy(asc(templates.animalId), asc(templates.vaccineId), asc(templates.id));
      return rows.map(mapTemplate);
    },

    async findShotTemplate(id: number, { forUpdate = false } = {}) {
      const query = db.select().from(templates).where(eq(templates.id, id));
      const [row] = forUpdate ? await query.for("update") : await query;
      return row ? mapTemplate(row) : null;
    },

    async insertShotTemplate(values: ShotTemplateValues, now: Date): Promise<number> {
      const [row] = await db
        .insert(templates)
        .values({ ...toShotTemplateColumns(values), createdAt: now, updatedAt: now })
        .returning({ id: templates.id });
      if (!row) throw new Error("inserting a shot template returned no row");
      return row.id;
    },

    async updateShotTemplate(id: number, values: ShotTemplateValues, now: Date): Promise<void> {
      await db
        .update(templates)
        .set({
          ...toShotTemplateColumns(values),
          updatedAt: nextVersionTime(templates.updatedAt, now),
        })
        .where(eq(templates.id, id));
    },

    async deleteShotTemplate(id: number): Promise<void> {
      await db.delete(templates).where(eq(templates.id, id));
    },

    /** Whether an admin retired this product (new calendars do not offer it). */
    async isVaccineRetired(vaccineId: number): Promise<boolean> {
      const [row] = await db
        .select({ retiredAt: schema.vaccines.retiredAt })
        .from(schema.vaccines)
        .where(eq(schema.vaccines.id, vaccineId));
      return row?.retiredAt != null;
    },

    /** Which of these ids name a row of the table (vaccines, animals, seasons or diseases). */
    async listExistingIds(
      table: "vaccines" | "animals" | "seasons" | "diseases",
      ids: readonly number[],
    ): Promise<Set<number>> {
      if (ids.length === 0) return new Set();
      const target = schema[table];
      const rows = await db
        .select({ id: target.id })
        .from(target)
        .where(inArray(target.id, [...ids]));
      return new Set(rows.map((row) => row.id));
    },

    async findDiseaseName(id: number): Promise<string | null> {
      const [row] = await db
        .select({ name: schema.diseases.name })
        .from(schema.diseases)
        .where(eq(schema.diseases.id, id));
      return row?.name ?? null;
    },

    async findAnimal(id: number): Promise<AnimalFacts | null> {
      const [row] = await db
        .select({
          id: schema.animals.id,
          name: schema.animals.name,
          isAdult: schema.animals.isAdult,
          hasBirthDate: schema.animals.hasBirthDate,
        })
        .from(schema.animals)
        .where(eq(schema.animals.id, id));
      return row ?? null;
    },

    /** Whether the animal is offered in the season (in any enterprise). */
    async isSeasonOffered(animalId: number, seasonId: number): Promise<boolean> {
      const rows = await db
        .select({ one: sql`1` })
        .from(combinations)
        .where(and(eq(combinations.animalId, animalId), eq(combinations.seasonId, seasonId)))
        .limit(1);
      return rows.length > 0;
    },

    async listDiseaseAnimals(filters: {
      disease?: number | undefined;
      animal?: number | undefined;
      vaccine?: number | undefined;
    }): Promise<AdminDiseaseAnimal[]> {
      const conditions: SQL[] = [];
      if (filters.disease !== undefined) conditions.push(eq(links.diseaseId, filters.disease));
      if (filters.animal !== undefined) conditions.push(eq(links.animalId, filters.animal));
      if (filters.vaccine !== undefined) conditions.push(eq(links.vaccineId, filters.vaccine));
      return selectLinks()
        .where(conditions.length > 0 ? and(...conditions) : undefined)
        .orderBy(asc(links.diseaseId), asc(schema.animals.sortOrder), asc(links.animalId));
    },

    async findDiseaseAnimal(
      diseaseId: number,
      animalId: number,
      { forUpdate = false } = {},
    ): Promise<AdminDiseaseAnimal | null> {
      const where = and(eq(links.diseaseId, diseaseId), eq(links.animalId, animalId));
      if (forUpdate) {
        await db
          .select({ one: sql`1` })
          .from(links)
          .where(where)
          .for("update");
      }
      const [row] = await selectLinks().where(where);
      return row ?? null;
    },

    /** Inserts the link; false when the disease is already offered for the animal. */
    async insertDiseaseAnimal(values: {
      disease_id: number;
      animal_id: number;
      vaccine_id: number;
      herd_status_question: string | null;
    }): Promise<boolean> {
      const inserted = await db
        .insert(links)
        .values({
          diseaseId: values.disease_id,
          animalId: values.animal_id,
          vaccineId: values.vaccine_id,
          herdStatusQuestion: values.herd_status_question,
        })
        .onConflictDoNothing()
        .returning({ diseaseId: links.diseaseId });
      return inserted.length > 0;
    },

    async updateDiseaseAnimal(
      diseaseId: number,
      animalId: number,
      values: { vaccine_id: number; herd_status_question: string | null },
    ): Promise<void> {
      await db
        .update(links)
        .set({ vaccineId: values.vaccine_id, herdStatusQuestion: values.herd_status_question })
        .where(and(eq(links.diseaseId, diseaseId), eq(links.animalId, animalId)));
    },

    async deleteDiseaseAnimal(diseaseId: number, animalId: number): Promise<void> {
      await db
        .delete(links)
        .where(and(eq(links.diseaseId, diseaseId), eq(links.animalId, animalId)));
    },

    async listSeasonDefaults(filters: { animal?: number | undefined }) {
      return selectSeasonDefaults()
        .where(filters.animal === undefined ? undefined : eq(combinations.animalId, filters.animal))
        .orderBy(
          asc(combinations.enterpriseId),
          asc(schema.animals.sortOrder),
          asc(combinations.seasonId),
        ) as Promise<AdminSeasonDefault[]>;
    },

    async findSeasonDefault(
      id: number,
      { forUpdate = false } = {},
    ): Promise<AdminSeasonDefault | null> {
      if (forUpdate) {
        await db
          .select({ one: sql`1` })
          .from(combinations)
          .where(eq(combinations.id, id))
          .for("update");
      }
      const [row] = await selectSeasonDefaults().where(eq(combinations.id, id));
      return row ?? null;
    },

    async updateSeasonDefault(
      id: number,
      values: { birth_date: string | null; breeding_date: string | null },
      now: Date,
    ): Promise<void> {
      await db
        .update(combinations)
        .set({ birthDate: values.birth_date, breedingDate: values.breeding_date, updatedAt: now })
        .where(eq(combinations.id, id));
    },

    async listWarnings(): Promise<AdminWarning[]> {
      const rows = await db.select().from(schema.warnings).orderBy(asc(schema.warnings.id));
      return rows.map(toWarning);
    },

    async findWarning(id: number, { forUpdate = false } = {}): Promise<AdminWarning | null> {
      const query = db.select().from(schema.warnings).where(eq(schema.warnings.id, id));
      const [row] = forUpdate ? await query.for("update") : await query;
      return row ? toWarning(row) : null;
    },

    async updateWarning(
      id: number,
      values: Omit<AdminWarning, "id" | "slug">,
      now: Date,
    ): Promise<void> {
      await db
        .update(schema.warnings)
        .set({ ...toWarningColumns(values), updatedAt: now })
        .where(eq(schema.warnings.id, id));
    },
  };
}

export type ProtocolsRepository = ReturnType<typeof createProtocolsRepository>;
