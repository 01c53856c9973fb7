import {
  AuditAction,
  ErrorCode,
  adminLimits,
  adminMessages,
  type ErrorIssue,
  type ListAuditResponse,
  type ListProductsResponse,
  type Product,
  type ProductInput,
} from "@vaxcal/contracts";
import type { Db } from "../../db/database.ts";
import { changeReferenceData } from "../../db/reference-changes.ts";
import { AppError } from "../../errors/app-error.ts";
import { checkNotChangedSince } from "./row-version.ts";
import type { Clock } from "../../lib/clock.ts";
import { createValidationError } from "../../errors/validation-error.ts";
import { createAdminRepository, type AdminRepository } from "./admin.repository.ts";

export type AdminContext = { db: Db; clock: Clock };

/** Who made a change, as the audit trail records it. */
export type Actor = { userId: number };

const productEntity = "vaccine";

export async function listProducts(
  context: AdminContext,
  query: {
    category?: number | undefined;
    disease?: number | undefined;
    search?: string | undefined;
    page: number;
    pageSize: number;
  },
): Promise<ListProductsResponse> {
  const { items, total } = await createAdminRepository(context.db).listProducts({
    category: query.category,
    disease: query.disease,
    search: query.search || undefined,
    offset: (query.page - 1) * query.pageSize,
    limit: query.pageSize,
  });
  return { items, total, page: query.page, pageSize: query.pageSize };
}

export async function readProduct(context: AdminContext, id: number): Promise<Product> {
  const product = await createAdminRepository(context.db).findProduct(id);
  if (!product) throw new AppError(ErrorCode.notFound, adminMessages.productNotFound);
  return product;
}

/**
 * Creates a product and its audit entry in one transaction. The checks the schema cannot make
 * (a name already used, compatible products that do not exist) answer as field messages.
 */
export async function createProduct(
  context: AdminContext,
  actor: Actor,
  input: ProductInput,
): Promise<Product> {
  return changeReferenceData(context.db, async (transaction) => {
    const repository = createAdminRepository(transaction);
    await checkProductInput(repository, input);
    const now = context.clock();
    const id = await repository.insertProduct(input, now);
    const after = await readOrFail(repository, id);
    await audit(repository, actor, now, AuditAction.create, id, null, after);
    return after;
  });
}

export async function updateProduct(
  context: AdminContext,
  actor: Actor,
  id: number,
  input: ProductInput,
): Promise<Product> {
  return changeReferenceData(context.db, async (transaction) => {
    const repository = createAdminRepository(transaction);
    const before = await repository.findProduct(id, { forUpdate: true });
    if (!before) throw new AppError(ErrorCode.notFound, adminMessages.productNotFound);
    checkNotChangedSince(
      input.updated_at,
      before.updated_at,
      adminMessages.productChangedMeanwhile,
    );
    await checkProductInput(repository, input, id);
    const now = context.clock();
    await repository.updateProduct(id, input, now, before.retired);
    const after = await readOrFail(repository, id);
    await audit(repository, actor, now, AuditAction.update, id, before, after);
    return after;
  });
}

/**
 * Deletes a product no saved calendar and no disease uses; otherwise a 409 that says to retire
 * it instead. Saved calendars keep their shots whatever happens to a product.
 */
export async function deleteProduct(
  context: AdminContext,
  actor: Actor,
  id: number,
): Promise<void> {
  await changeReferenceData(context.db, async (transaction) => {
    const repository = createAdminRepository(transaction);
    const before = await repository.findProduct(id, { forUpdate: true });
    if (!before) throw new AppError(ErrorCode.notFound, adminMessages.productNotFound);
    if (before.calendar_count > 0) {
      throw new AppError(ErrorCode.conflict, adminMessages.productInUse);
    }
    if (await repository.isOfferedByDiseases(id)) {
      throw new AppError(ErrorCode.conflict, adminMessages.productLinked);
    }
    const now = context.clock();
    await repository.deleteProduct(id);
    await audit(repository, actor, now, AuditAction.delete, id, before, null);
  });
}

export async function listAudit(
  context: AdminContext,
  query: { product?: number | undefined; page: number },
): Promise<ListAuditResponse> {
  const pageSize = adminLimits.pageSize;
  const { items, total } = await createAdminRepository(context.db).listAuditEntries({
    vaccineId: query.product,
    offset: (query.page - 1) * pageSize,
    limit: pageSize,
  });
  return { items, total, page: query.page, pageSize };
}

async function checkProductInput(
  repository: AdminRepository,
  input: ProductInput,
  productId?: number,
): Promise<void> {
  const issues: ErrorIssue[] = [];
  if ((await repository.findProductIdByName(input.name, productId)) !== null) {
    issues.push({ path: "body.name", message: adminMessages.nameTaken });
  }
  const compatibleIds = input.rules.compatible_vaccine_ids;
  if (productId !== undefined && compatibleIds.includes(productId)) {
    issues.push({
      path: "body.rules.compatible_vaccine_ids",
      message: adminMessages.compatibleSelf,
    });
  } else {
    const existing = await repository.listExistingProductIds(compatibleIds);
    if (compatibleIds.some((id) => !existing.has(id))) {
      issues.push({
        path: "body.rules.compatible_vaccine_ids",
        message: adminMessages.compatibleUnknown,
      });
    }
  }
  if (issues.length > 0) throw createValidationError(issues);
}

async function readOrFail(repository: AdminRepository, id: number): Promise<Product> {
  const product = await repository.findProduct(id);
  if (!product) throw new Error(`product ${id} vanished inside its own transaction`);
  return product;
}

async function audit(
  repository: AdminRepository,
  actor: Actor,
  now: Date,
  action: AuditAction,
  id: number,
  before: Product | null,
  after: Product | null,
): Promise<void> {
  await repository.insertAuditEntry({
    userId: actor.userId,
    userLabel: await repository.findUserLabel(actor.userId),
    occurredAt: now,
    action,
    entity: productEntity,
    entityId: id,
    vaccineId: id,
    before,
    after,
  });
}
