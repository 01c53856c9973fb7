import {
  ErrorBodySchema,
  ListAuditQuerySchema,
  ListAuditResponseSchema,
  ListProductsQuerySchema,
  ListProductsResponseSchema,
  ListReferenceDifferencesResponseSchema,
  ProductInputSchema,
  ProductSchema,
  adminPaths,
  IdSchema,
} from "@vaxcal/contracts";
import { referenceDataWithWindows } from "@vaxcal/reference-data";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { z } from "zod";
import { readSession } from "../../auth/authentication.ts";
import { createRequireAdmin } from "../../auth/authorization.ts";
import { listReferenceDifferences } from "../../db/reference-differences.ts";
import type { AdminContext } from "./admin-services.ts";
import {
  createProduct,
  deleteProduct,
  listAudit,
  listProducts,
  readProduct,
  updateProduct,
} from "./products.service.ts";
import { protocolRoutes } from "./protocols.routes.ts";

const ProductParamsSchema = z.object({
  id: IdSchema,
});
const errors = { 400: ErrorBodySchema, 401: ErrorBodySchema, 403: ErrorBodySchema };

/**
 * The admin area's calls (docs/product.md D2). One onRequest hook on the whole plugin checks the
 * ADMIN role before anything else runs, so no admin route can exist without it: a visitor gets a
 * 401, anyone else a 403, before the body is even read.
 */
export const adminRoutes: FastifyPluginAsyncZod<AdminContext> = async (app, { db, clock }) => {
  const context: AdminContext = { db, clock };
  app.addHook("onRequest", createRequireAdmin({ db, clock }));

  app.get(
    adminPaths.products,
    {
      schema: {
        tags: ["admin"],
        summary: "One page of products, filtered by category (enterprise), disease and name",
        querystring: ListProductsQuerySchema,
        response: { 200: ListProductsResponseSchema, ...errors },
      },
    },
    (request) => listProducts(context, request.query),
  );

  app.post(
    adminPaths.products,
    {
      schema: {
        tags: ["admin"],
        summary: "Add a product with every vaccine field",
        body: ProductInputSchema,
        response: { 201: ProductSchema, ...errors },
      },
    },
    async (request, reply) => {
      const product = await createProduct(
        context,
        { userId: readSession(request).userId },
        request.body,
      );
      return reply.code(201).send(product);
    },
  );

  app.get(
    adminPaths.product,
    {
      schema: {
        tags: ["admin"],
        summary: "One product with every field, the diseases that offer it and its calendar count",
        params: ProductParamsSchema,
        response: { 200: ProductSchema, ...errors, 404: ErrorBodySchema },
      },
    },
    (request) => readProduct(context, request.params.id),
  );

  app.put(
    adminPaths.product,
    {
      schema: {
        tags: ["admin"],
        summary: "Save a product's fields, or retire it (new calendars stop offering it)",
        params: ProductParamsSchema,
        body: ProductInputSchema,
        response: { 200: ProductSchema, ...errors, 404: ErrorBodySchema },
      },
    },
    (request) =>
      updateProduct(
        context,
        { userId: readSession(request).userId },
        request.params.id,
        request.body,
      ),
  );

  app.delete(
    adminPaths.product,
    {
      schema: {
        tags: ["admin"],
        summary: "Delete a product no saved calendar or disease uses (409 otherwise: retire it)",
        params: ProductParamsSchema,
        response: {
          204: z.null(),
          ...errors,
          404: ErrorBodySchema,
          409: ErrorBodySchema,
        },
      },
    },
    async (request, reply) => {
      await deleteProduct(context, { userId: readSession(request).userId }, request.params.id);
      return reply.code(204).send(null);
    },
  );

  app.get(
    adminPaths.audit,
    {
      schema: {
        tags: ["admin"],
        summary: "The audit trail of admin changes, newest first, optionally for one product",
        querystring: ListAuditQuerySchema,
        response: { 200: ListAuditResponseSchema, ...errors },
      },
    },
    (request) => listAudit(context, request.query),
  );

  app.get(
    adminPaths.referenceDifferences,
    {
      schema: {
        tags: ["admin"],
        summary: "Reference rows that differ from the shipped data: changed, deleted, added",
        response: { 200: ListReferenceDifferencesResponseSchema, ...errors },
      },
    },
    () => listReferenceDifferences(db, referenceDataWithWindows),
  );

  await app.register(protocolRoutes, context);
};
