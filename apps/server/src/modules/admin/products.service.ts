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
import type { Transaction } from "../../db/database.ts";
import { changeReferenceData } from "../../db/reference-changes.ts";
import { AppError } from "../../errors/app-error.ts";
import { createValidationError } from "../../errors/validation-error.ts";
import {
  mustFind,
  readPage,
  recordAudit,
  type Actor,
  type AdminContext,
} from "./admin-services.ts";
import { createAdminRepository, type AdminRepository } from "./admin.repository.ts";
import { createProtocolsRepository } from "./protocols.repository.ts";
import { checkNotChangedSince } from "./row-version.ts";

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
  return readPage(query.page, query.pageSize, (window) =>
    createAdminRepository(context.db).listProducts({
      category: query.category,
      disease: query.disease,
      search: query.search || undefined,
      ...window,
    }),
  );
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
  return changeReferenceData(context.db, (transaction) =>
    saveProduct(context, actor, transaction, null, input),
  );
}

/** Saves a product and its audit entry in one transaction, checked as `createProduct` is. */
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
    return saveProduct(context, actor, transaction, before, input);
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
    await audit(repository, actor, now, AuditAction.delete, id, { before, after: null });
  });
}

export async function listAudit(
  context: AdminContext,
  query: { product?: number | undefined; page: number },
): Promise<ListAuditResponse> {
  return readPage(query.page, adminLimits.pageSize, (window) =>
    createAdminRepository(context.db).listAuditEntries({ vaccineId: query.product, ...window }),
  );
}

async function checkProductInput(
  transaction: Transaction,
  input: ProductInput,
  productId?: number,
): Promise<void> {
  const repository = createAdminRepository(transaction);
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
    const existing = await createProtocolsRepository(transaction).listExistingIds(
      "vaccines",
      compatibleIds,
    );
    if (compatibleIds.some((id) => !existing.has(id))) {
      issues.push({
        path: "body.rules.compatible_vaccine_ids",
        message: adminMessages.compatibleUnknown,
      });
    }
  }
  if (issues.length > 0) throw createValidationError(issues);
}

/** Writes the input over `before` (null: a new product), and audits the change. */
async function saveProduct(
  context: AdminContext,
  actor: Actor,
  transaction: Transaction,
  before: Product | null,
  input: ProductInput,
): Promise<Product> {
  await checkProductInput(transaction, input, before?.id);
  const repository = createAdminRepository(transaction);
  const now = context.clock();
  let id: number;
  if (before) {
    id = before.id;
    await repository.updateProduct(id, input, now, before.retired);
  } else {
    id = await repository.insertProduct(input, now);
  }
  const after = await mustFind(repository.findProduct(id));
  await audit(repository, actor, now, before ? AuditAction.update : AuditAction.create, id, {
    before,
    after,
  });
  return after;
}

function audit(
  repository: AdminRepository,
  actor: Actor,
  now: Date,
  action: AuditAction,
  id: number,
  change: { before: Product | null; after: Product | null },
): Promise<void> {
  return recordAudit(repository, actor, now, {
    action,
    entity: productEntity,
    entityId: id,
    vaccineId: id,
    ...change,
  });
}
