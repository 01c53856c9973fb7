import {
  AuditAction,
  ErrorCode,
  ProtocolAuditEntity,
  protocolMessages,
  type AdminDiseaseAnimal,
  type AdminSeasonDefault,
  type AdminShotTemplate,
  type AdminWarning,
  type ErrorIssue,
  type HerdStatus,
  type NewDiseaseAnimalSchema,
  type ProtocolPreviewRequestSchema,
  type ProtocolPreviewResponse,
  type SeasonDefaultInputSchema,
  type ShotTemplateInputSchema,
  type WarningInputSchema,
  type DiseaseAnimalInputSchema,
} from "@vaxcal/contracts";
import type { z } from "zod";
import { changeReferenceData } from "../../db/reference-changes.ts";
import type { Transaction } from "../../db/database.ts";
import { AppError } from "../../errors/app-error.ts";
import { readIrishToday } from "../../lib/clock.ts";
import { createValidationError } from "../../errors/validation-error.ts";
import { createVaccinesRepository } from "../reference/index.ts";
import {
  mustFind,
  recordAudit,
  type Actor,
  type AdminContext,
  type AuditedChange,
} from "./admin-services.ts";
import { createAdminRepository } from "./admin.repository.ts";
import { previewSeason, type AnimalProtocol } from "./protocol-preview.ts";
import { createProtocolsRepository, type ProtocolsRepository } from "./protocols.repository.ts";
import { checkNotChangedSince } from "./row-version.ts";

type TemplateValues = z.output<typeof ShotTemplateInputSchema>;
type LinkValues = z.output<typeof DiseaseAnimalInputSchema>;
type NewLinkValues = z.output<typeof NewDiseaseAnimalSchema>;
type SeasonDefaultValues = z.output<typeof SeasonDefaultInputSchema>;
type WarningValues = z.output<typeof WarningInputSchema>;
type PreviewRequest = z.output<typeof ProtocolPreviewRequestSchema>;

/*
 * Protocol management (docs/product.md D2, `/admin/protocol/`). Every change runs in one
 * `changeReferenceData` transaction (so every node's reference lists are dropped at commit) that
 * also writes its audit entry, before and after as the admin calls show them; `vaccine_id` names
 * the product the change concerns, so the audit's product filter finds it. Checks the schema
 * cannot make (ids that name nothing, a season the animal is not offered in) answer as field
 * messages before anything is written.
 */

// ---- shot templates ----

export function listShotTemplates(
  context: AdminContext,
  filters: { vaccine?: number | undefined; animal?: number | undefined },
): Promise<AdminShotTemplate[]> {
  return createProtocolsRepository(context.db).listShotTemplates(filters);
}

export async function createShotTemplate(
  context: AdminContext,
  actor: Actor,
  input: TemplateValues,
): Promise<AdminShotTemplate> {
  return changeReferenceData(context.db, (transaction) =>
    saveShotTemplate(context, actor, transaction, null, input),
  );
}

export async function updateShotTemplate(
  context: AdminContext,
  actor: Actor,
  id: number,
  input: TemplateValues,
): Promise<AdminShotTemplate> {
  return changeReferenceData(context.db, async (transaction) => {
    const before = await createProtocolsRepository(transaction).findShotTemplate(id, {
      forUpdate: true,
    });
    if (!before) throw new AppError(ErrorCode.notFound, protocolMessages.templateNotFound);
    checkNotChangedSince(
      input.updated_at,
      before.updated_at,
      protocolMessages.templateChangedMeanwhile,
    );
    return saveShotTemplate(context, actor, transaction, before, input);
  });
}

/** Writes the input over `before` (null: a new template), and audits the change. */
async function saveShotTemplate(
  context: AdminContext,
  actor: Actor,
  transaction: Transaction,
  before: AdminShotTemplate | null,
  input: TemplateValues,
): Promise<AdminShotTemplate> {
  const repository = createProtocolsRepository(transaction);
  await checkTemplate(repository, input, "body");
  const now = context.clock();
  let id: number;
  if (before) {
    id = before.id;
    await repository.updateShotTemplate(id, input, now);
  } else {
    id = await repository.insertShotTemplate(input, now);
  }
  const after = await mustFind(repository.findShotTemplate(id));
  await audit(transaction, actor, now, {
    action: before ? AuditAction.update : AuditAction.create,
    entity: ProtocolAuditEntity.shotTemplate,
    entityId: id,
    vaccineId: after.vaccine_id,
    before,
    after,
  });
  return after;
}

export async function deleteShotTemplate(
  context: AdminContext,
  actor: Actor,
  id: number,
): Promise<void> {
  await changeReferenceData(context.db, async (transaction) => {
    const repository = createProtocolsRepository(transaction);
    const before = await repository.findShotTemplate(id, { forUpdate: true });
    if (!before) throw new AppError(ErrorCode.notFound, protocolMessages.templateNotFound);
    await repository.deleteShotTemplate(id);
    await audit(transaction, actor, context.clock(), {
      action: AuditAction.delete,
      entity: ProtocolAuditEntity.shotTemplate,
      entityId: id,
      vaccineId: before.vaccine_id,
      before,
      after: null,
    });
  });
}

async function checkTemplate(
  repository: ProtocolsRepository,
  input: TemplateValues,
  prefix: string,
): Promise<void> {
  const issues: ErrorIssue[] = [];
  const [vaccines, animals, seasons] = [
    await repository.listExistingIds("vaccines", [input.vaccine_id]),
    await repository.listExistingIds("animals", [input.animal_id]),
    await repository.listExistingIds("seasons", input.season_id === null ? [] : [input.season_id]),
  ];
  if (!vaccines.has(input.vaccine_id)) {
    issues.push({ path: `${prefix}.vaccine_id`, message: protocolMessages.productUnknown });
  }
  if (!animals.has(input.animal_id)) {
    issues.push({ path: `${prefix}.animal_id`, message: protocolMessages.animalUnknown });
  }
  if (input.season_id !== null) {
    if (!seasons.has(input.season_id)) {
      issues.push({ path: `${prefix}.season_id`, message: protocolMessages.seasonUnknown });
    } else if (
      animals.has(input.animal_id) &&
      !(await repository.isSeasonOffered(input.animal_id, input.season_id))
    ) {
      issues.push({ path: `${prefix}.season_id`, message: protocolMessages.seasonNotOffered });
    }
  }
  if (issues.length > 0) throw createValidationError(issues);
}

// ---- disease links ----

export function listDiseaseAnimals(
  context: AdminContext,
  filters: {
    disease?: number | undefined;
    animal?: number | undefined;
    vaccine?: number | undefined;
  },
): Promise<AdminDiseaseAnimal[]> {
  return createProtocolsRepository(context.db).listDiseaseAnimals(filters);
}

export async function createDiseaseAnimal(
  context: AdminContext,
  actor: Actor,
  input: NewLinkValues,
): Promise<AdminDiseaseAnimal> {
  return changeReferenceData(context.db, async (transaction) => {
    const repository = createProtocolsRepository(transaction);
    const issues = await checkLinkIds(repository, input.disease_id, input.animal_id);
    await checkVaccine(repository, input.vaccine_id, issues);
    if (issues.length > 0) throw createValidationError(issues);
    // Two admins offering the same disease at once: the second insert finds the first's row.
    if (!(await repository.insertDiseaseAnimal(input))) {
      throw new AppError(ErrorCode.conflict, protocolMessages.diseaseAnimalExists);
    }
    const after = await mustFind(repository.findDiseaseAnimal(input.disease_id, input.animal_id));
    await audit(transaction, actor, context.clock(), {
      action: AuditAction.create,
      entity: ProtocolAuditEntity.diseaseAnimal,
      entityId: input.disease_id,
      vaccineId: after.vaccine_id,
      before: null,
      after,
    });
    return after;
  });
}

export async function updateDiseaseAnimal(
  context: AdminContext,
  actor: Actor,
  key: { diseaseId: number; animalId: number },
  input: LinkValues,
): Promise<AdminDiseaseAnimal> {
  return changeReferenceData(context.db, async (transaction) => {
    const repository = createProtocolsRepository(transaction);
    const before = await repository.findDiseaseAnimal(key.diseaseId, key.animalId, {
      forUpdate: true,
    });
    if (!before) throw new AppError(ErrorCode.notFound, protocolMessages.diseaseAnimalNotFound);
    const issues: ErrorIssue[] = [];
    await checkVaccine(repository, input.vaccine_id, issues);
    if (issues.length > 0) throw createValidationError(issues);
    await repository.updateDiseaseAnimal(key.diseaseId, key.animalId, input);
    const after = await mustFind(repository.findDiseaseAnimal(key.diseaseId, key.animalId));
    const now = context.clock();
    // A new default vaccine concerns both products: one entry for each, so that the audit's
    // product filter finds the change from either side.
    const vaccineIds = [...new Set([before.vaccine_id, after.vaccine_id])];
    for (const vaccineId of vaccineIds) {
      await audit(transaction, actor, now, {
        action: AuditAction.update,
        entity: ProtocolAuditEntity.diseaseAnimal,
        entityId: key.diseaseId,
        vaccineId,
        before,
        after,
      });
    }
    return after;
  });
}

export async function deleteDiseaseAnimal(
  context: AdminContext,
  actor: Actor,
  key: { diseaseId: number; animalId: number },
): Promise<void> {
  await changeReferenceData(context.db, async (transaction) => {
    const repository = createProtocolsRepository(transaction);
    const before = await repository.findDiseaseAnimal(key.diseaseId, key.animalId, {
      forUpdate: true,
    });
    if (!before) throw new AppError(ErrorCode.notFound, protocolMessages.diseaseAnimalNotFound);
    await repository.deleteDiseaseAnimal(key.diseaseId, key.animalId);
    await audit(transaction, actor, context.clock(), {
      action: AuditAction.delete,
      entity: ProtocolAuditEntity.diseaseAnimal,
      entityId: key.diseaseId,
      vaccineId: before.vaccine_id,
      before,
      after: null,
    });
  });
}

/** The field messages for a disease link's disease and animal ids that name nothing. */
async function checkLinkIds(
  repository: ProtocolsRepository,
  diseaseId: number,
  animalId: number,
): Promise<ErrorIssue[]> {
  const issues: ErrorIssue[] = [];
  if (!(await repository.listExistingIds("diseases", [diseaseId])).has(diseaseId)) {
    issues.push({ path: "body.disease_id", message: protocolMessages.diseaseUnknown });
  }
  if (!(await repository.listExistingIds("animals", [animalId])).has(animalId)) {
    issues.push({ path: "body.animal_id", message: protocolMessages.animalUnknown });
  }
  return issues;
}

async function checkVaccine(
  repository: ProtocolsRepository,
  vaccineId: number,
  issues: ErrorIssue[],
): Promise<void> {
  if (!(await repository.listExistingIds("vaccines", [vaccineId])).has(vaccineId)) {
    issues.push({ path: "body.vaccine_id", message: protocolMessages.productUnknown });
  }
}

// ---- season default dates ----

export function listSeasonDefaults(
  context: AdminContext,
  filters: { animal?: number | undefined },
): Promise<AdminSeasonDefault[]> {
  return createProtocolsRepository(context.db).listSeasonDefaults(filters);
}

export async function updateSeasonDefault(
  context: AdminContext,
  actor: Actor,
  id: number,
  input: SeasonDefaultValues,
): Promise<AdminSeasonDefault> {
  return changeReferenceData(context.db, async (transaction) => {
    const repository = createProtocolsRepository(transaction);
    const before = await repository.findSeasonDefault(id, { forUpdate: true });
    if (!before) throw new AppError(ErrorCode.notFound, protocolMessages.seasonDefaultNotFound);
    await checkSeasonDates(repository, before.animal_id, input, "body");
    const now = context.clock();
    await repository.updateSeasonDefault(id, input, now);
    const after = await mustFind(repository.findSeasonDefault(id));
    await audit(transaction, actor, now, {
      action: AuditAction.update,
      entity: ProtocolAuditEntity.seasonDefault,
      entityId: id,
      vaccineId: null,
      before,
      after,
    });
    return after;
  });
}

/** docs/product.md §5, §9: a birth date unless the animal has none, a breeding date for adults. */
async function checkSeasonDates(
  repository: ProtocolsRepository,
  animalId: number,
  input: SeasonDefaultValues,
  prefix: string,
): Promise<void> {
  const animal = await repository.findAnimal(animalId);
  if (!animal) throw new Error(`animal ${animalId} of a season default is missing`);
  const issues: ErrorIssue[] = [];
  if (animal.hasBirthDate && input.birth_date === null) {
    issues.push({ path: `${prefix}.birth_date`, message: protocolMessages.birthDateRequired });
  }
  if (!animal.hasBirthDate && input.birth_date !== null) {
    issues.push({ path: `${prefix}.birth_date`, message: protocolMessages.birthDateNotUsed });
  }
  if (animal.isAdult && input.breeding_date === null) {
    issues.push({
      path: `${prefix}.breeding_date`,
      message: protocolMessages.breedingDateRequired,
    });
  }
  if (issues.length > 0) throw createValidationError(issues);
}

// ---- popup messages ----

export function listWarnings(context: AdminContext): Promise<AdminWarning[]> {
  return createProtocolsRepository(context.db).listWarnings();
}

export async function updateWarning(
  context: AdminContext,
  actor: Actor,
  id: number,
  input: WarningValues,
): Promise<AdminWarning> {
  return changeReferenceData(context.db, async (transaction) => {
    const repository = createProtocolsRepository(transaction);
    const before = await repository.findWarning(id, { forUpdate: true });
    if (!before) throw new AppError(ErrorCode.notFound, protocolMessages.warningNotFound);
    const now = context.clock();
    await repository.updateWarning(id, input, now);
    const after = await mustFind(repository.findWarning(id));
    await audit(transaction, actor, now, {
      action: AuditAction.update,
      entity: ProtocolAuditEntity.warning,
      entityId: id,
      vaccineId: null,
      before,
      after,
    });
    return after;
  });
}

// ---- preview ----

/**
 * The default calendars a proposed change would give, beside today's, for every season and
 * enterprise the animal is offered in (decision 406). Nothing is written: the change is applied
 * to the reference data in memory and run through the same engine calls as the calendar builder.
 */
export async function previewProtocolChange(
  context: AdminContext,
  request: PreviewRequest,
): Promise<ProtocolPreviewResponse> {
  const repository = createProtocolsRepository(context.db);
  const today = readIrishToday(context.clock());
  let animalId: number;
  let applyChange: (protocol: AnimalProtocol) => AnimalProtocol;
  let onlySeasonId: number | null = null;
  const herdStatusOf = new Set<HerdStatus | null>();
  let changedVaccineIds: number[] = [];

  if (request.kind === ProtocolAuditEntity.shotTemplate) {
    const current =
      request.template_id === null ? null : await repository.findShotTemplate(request.template_id);
    if (request.template_id !== null && current === null) {
      throw new AppError(ErrorCode.notFound, protocolMessages.templateNotFound);
    }
    const proposed = request.template;
    if (proposed === null && current === null) {
      throw createValidationError([
        { path: "body.template", message: protocolMessages.anchorRequired },
      ]);
    }
    if (proposed !== null) await checkTemplate(repository, proposed, "body.template");
    animalId = proposed?.animal_id ?? current?.animal_id ?? 0;
    for (const template of [current, proposed]) {
      if (template === null) continue;
      herdStatusOf.add(template.herd_status);
      changedVaccineIds.push(template.vaccine_id);
    }
    // A new template has no id yet; the engine only needs one that no other template has.
    const proposedId = request.template_id ?? -1;
    applyChange = (protocol) => ({
      ...protocol,
      shotTemplates: [
        ...protocol.shotTemplates.filter((template) => template.id !== request.template_id),
        ...(proposed !== null && proposed.animal_id === animalId
          ? [{ ...proposed, id: proposedId }]
          : []),
      ],
    });
  } else if (request.kind === ProtocolAuditEntity.diseaseAnimal) {
    const { disease_id: diseaseId, animal_id: linkAnimalId, link } = request;
    const existing = await repository.findDiseaseAnimal(diseaseId, linkAnimalId);
    if (link === null && existing === null) {
      throw new AppError(ErrorCode.notFound, protocolMessages.diseaseAnimalNotFound);
    }
    const issues = await checkLinkIds(repository, diseaseId, linkAnimalId);
    const vaccine =
      link === null
        ? null
        : ((await createVaccinesRepository(context.db).listVaccines()).find(
            (candidate) => candidate.id === link.vaccine_id,
          ) ?? null);
    if (link !== null && vaccine === null) {
      issues.push({ path: "body.link.vaccine_id", message: protocolMessages.productUnknown });
    }
    if (issues.length > 0) throw createValidationError(issues);
    const vaccineRetired = vaccine !== null && (await repository.isVaccineRetired(vaccine.id));
    const diseaseName =
      existing?.disease_name ?? (await repository.findDiseaseName(diseaseId)) ?? "";
    animalId = linkAnimalId;
    applyChange = (protocol) => {
      const others = protocol.offers.filter((offer) => offer.disease.id !== diseaseId);
      if (vaccine === null) return { ...protocol, offers: others };
      const current = protocol.offers.find((offer) => offer.disease.id === diseaseId);
      const disease = current?.disease ?? {
        id: diseaseId,
        name: diseaseName,
        desc_name: diseaseName,
        footnote: null,
        footnoteNumber: null,
      };
      // Decision 421: the link's default answer is not edited here; a new link's is primed.
      const herdStatusDefault = current?.herdStatusDefault ?? "primed";
      const offers = [
        ...others,
        { disease, vaccine, retired: vaccineRetired, herdStatusDefault },
      ].sort((left, right) => left.disease.id - right.disease.id);
      return { ...protocol, offers };
    };
  } else {
    const season = await repository.findSeasonDefault(request.season_default_id);
    if (season === null) {
      throw new AppError(ErrorCode.notFound, protocolMessages.seasonDefaultNotFound);
    }
    await checkSeasonDates(
      repository,
      season.animal_id,
      request.season_default,
      "body.season_default",
    );
    animalId = season.animal_id;
    onlySeasonId = season.id;
    applyChange = (protocol) => ({
      ...protocol,
      seasonDefaults: protocol.seasonDefaults.map((candidate) =>
        candidate.id === season.id ? { ...candidate, ...request.season_default } : candidate,
      ),
    });
  }

  const animal = await repository.findAnimal(animalId);
  if (!animal) throw new Error(`animal ${animalId} vanished`);
  const { offers, shotTemplates } = await createVaccinesRepository(
    context.db,
  ).readAnimalVaccineInputs(animalId);
  const current: AnimalProtocol = {
    offers,
    shotTemplates,
    seasonDefaults: await repository.listSeasonDefaults({ animal: animalId }),
  };
  const proposed = applyChange(current);
  // A dose of a primary course shows only on a herd that has not had the course: the diseases
  // whose vaccine the template belongs to are previewed unprimed then.
  changedVaccineIds = [...new Set(changedVaccineIds)];
  const herdStatus: Record<string, HerdStatus> = herdStatusOf.has("unprimed")
    ? Object.fromEntries(
        offers
          .filter(({ vaccine }) => changedVaccineIds.includes(vaccine.id))
          .map(({ disease }) => [String(disease.id), "unprimed" as const]),
      )
    : {};
  const seasons = current.seasonDefaults.filter(
    (season) => onlySeasonId === null || season.id === onlySeasonId,
  );
  return {
    today,
    animal: { id: animal.id, name: animal.name },
    product_offered:
      request.kind === ProtocolAuditEntity.shotTemplate
        ? offers.some(({ vaccine }) => changedVaccineIds.includes(vaccine.id))
        : null,
    seasons: seasons.map((season) =>
      previewSeason({ animal, season, current, proposed, herdStatus, today }),
    ),
  };
}

// ---- shared ----

function audit(
  transaction: Transaction,
  actor: Actor,
  now: Date,
  change: AuditedChange & { entity: ProtocolAuditEntity },
): Promise<void> {
  return recordAudit(createAdminRepository(transaction), actor, now, change);
}
