import { z } from "zod";
import { describeTooLong } from "./accounts.ts";
import { adminProtocolPaths } from "./admin-protocols.ts";
import {
  DayWindowSchema,
  Id,
  IdSchema,
  idInvalidMessage,
  VaccineRoute,
  type VaccineRulesSchema,
} from "./reference.ts";

/**
 * The admin area (docs/product.md D2): product management, the audit trail and the rows that
 * differ from the shipped reference data. Every call needs the ADMIN role: a visitor gets a 401,
 * anyone else a 403. Products are the vaccines of the reference data, with every field of
 * `VaccineSchema`, in the same snake_case.
 */

export const adminPaths = {
  products: "/api/admin/products",
  product: "/api/admin/products/:id",
  audit: "/api/admin/audit",
  referenceDifferences: "/api/admin/reference-differences",
  // Protocol management (admin-protocols.ts): templates, disease links, season dates, popups.
  ...adminProtocolPaths,
} as const;

export const adminMessages = {
  forbidden: "Only an admin can do this.",
  productNotFound: "This product does not exist. It may have been deleted.",
  productChangedMeanwhile:
    "Another admin saved this product after you opened it. Reload the page to see their changes, then make yours again.",
  productInUse:
    "This product cannot be deleted: saved calendars use it. Retire it instead, so that new calendars stop offering it.",
  productLinked:
    "This product cannot be deleted: diseases offer it as their vaccine. Retire it instead, or give those diseases another vaccine first.",
  nameRequired: "Please enter the product name.",
  nameTaken: "Another product already has this name.",
  sizeInfoRequired: "Please enter the pack sizes, e.g. 10 dose / 20 ml.",
  routesRequired: "Please choose at least one route.",
  routeUnknown: "Please choose routes from the list.",
  logoUrlInvalid: "Please enter a path starting with / or a web address starting with https://.",
  spcUrlInvalid: "Please enter the web address of the product's SPC, starting with https://.",
  accentColorInvalid:
    "Please enter three numbers from 0 to 255, separated by commas, e.g. 0,94,184.",
  sourceNoteRequired: "Please say where these facts come from, e.g. S16 (H).",
  wholeNumber: "Please enter a whole number.",
  positiveNumber: "Please enter a whole number above 0, or leave it empty.",
  notNegative: "Please enter a whole number of 0 or more, or leave it empty.",
  windowOrder: "The first day must not be after the last day.",
  compatibleUnknown: "Please choose compatible products from the list.",
  compatibleSelf: "A product cannot be listed as compatible with itself.",
  loadFailed: "We could not load the products. Please try again.",
  productLoadFailed: "We could not load this product. Please try again.",
  auditLoadFailed: "We could not load the audit trail. Please try again.",
  saveFailed: "We could not save the product. Please try again.",
  created: "Product added.",
  saved: "Product saved.",
  deleted: "Product deleted.",
} as const;

export const adminLimits = {
  name: 120,
  sizeInfo: 200,
  url: 500,
  longText: 2000,
  sourceNote: 500,
  search: 100,
  pageSize: 20,
  maxPageSize: 100,
} as const;

/** Texts an admin types: trimmed and bounded. */
const boundedText = (maxLength: number) =>
  z
    .string()
    .trim()
    .refine((value) => [...value].length <= maxLength, describeTooLong(maxLength));

const requiredText = (maxLength: number, requiredMessage: string) =>
  boundedText(maxLength).refine((value) => value !== "", requiredMessage);

const optionalWholeNumber = (kind: "positive" | "notNegative") =>
  z
    .number({ message: adminMessages.wholeNumber })
    .int(adminMessages.wholeNumber)
    .min(
      kind === "positive" ? 1 : 0,
      kind === "positive" ? adminMessages.positiveNumber : adminMessages.notNegative,
    )
    .max(100_000, adminMessages.wholeNumber)
    .nullable();

const OrderedWindowSchema = DayWindowSchema.extend({
  from: z.number({ message: adminMessages.wholeNumber }).int(adminMessages.wholeNumber),
  to: z.number({ message: adminMessages.wholeNumber }).int(adminMessages.wholeNumber),
})
  .refine((window) => window.from <= window.to, {
    message: adminMessages.windowOrder,
    path: ["to"],
  })
  .nullable();

/** The protocol-check facts of `VaccineRulesSchema`, as an admin edits them. */
export const ProductRulesInputSchema = z.object({
  max_shots: optionalWholeNumber("positive"),
  min_age_days: optionalWholeNumber("notNegative"),
  live: z.boolean(),
  not_in_pregnancy: z.boolean(),
  min_days_before_breeding: optionalWholeNumber("notNegative"),
  blackout_birth_days: OrderedWindowSchema,
  window_birth_days: OrderedWindowSchema,
  compatible_vaccine_ids: z.array(Id).max(100),
  course_interval_days: OrderedWindowSchema,
  booster_window_birth_days: OrderedWindowSchema,
  max_days_before_breeding: optionalWholeNumber("positive"),
  min_days_before_birth: optionalWholeNumber("positive"),
  not_protective_in_pregnancy: z.boolean(),
  /** Decision 415; a client that does not send it leaves it off. */
  crosses_placenta: z.boolean().default(false),
  handler_warning: z.string().trim().max(500).nullable().default(null),
}) satisfies z.ZodType<z.infer<typeof VaccineRulesSchema>>;

const routeCodes = Object.keys(VaccineRoute);

/**
 * A product as an admin creates or saves it: every vaccine field (docs/product.md §3) and whether
 * it is retired. The same schema checks the form and the server, so the messages match.
 */
export const ProductInputSchema = z.object({
  name: requiredText(adminLimits.name, adminMessages.nameRequired),
  /** Pack sizes, e.g. `10 dose / 20 ml, 25 dose / 50 ml`. */
  size_info: requiredText(adminLimits.sizeInfo, adminMessages.sizeInfoRequired),
  /** Comma list of route codes, e.g. `IN,IM`. */
  vaccine_type: z
    .string()
    .trim()
    .refine((value) => value !== "", adminMessages.routesRequired)
    .refine(
      (value) => value === "" || value.split(",").every((code) => routeCodes.includes(code.trim())),
      adminMessages.routeUnknown,
    ),
  logo_url: boundedText(adminLimits.url).refine(
    (value) => /^\/[^\s]*$/.test(value) || /^https:\/\/[^\s]+$/.test(value),
    adminMessages.logoUrlInvalid,
  ),
  product_spc_url: boundedText(adminLimits.url).refine(
    (value) => /^https:\/\/[^\s.]+\.[^\s]+$/.test(value),
    adminMessages.spcUrlInvalid,
  ),
  /** An rgb triple, `r,g,b`, each 0 to 255. */
  accent_color: z
    .string()
    .trim()
    .refine(
      (value) =>
        /^\d{1,3},\d{1,3},\d{1,3}$/.test(value) &&
        value.split(",").every((part) => Number(part) <= 255),
      adminMessages.accentColorInvalid,
    ),
  information: boundedText(adminLimits.longText),
  warning_message: boundedText(adminLimits.longText),
  source_note: requiredText(adminLimits.sourceNote, adminMessages.sourceNoteRequired),
  rules: ProductRulesInputSchema,
  /** Retired products stay on saved calendars; new calendars stop offering them. */
  retired: z.boolean(),
  /**
   * On a save: the `updated_at` of the product as the form loaded it. A product saved by someone
   * else since is a 409, so one admin's save never silently undoes another's.
   */
  updated_at: z.string().max(40).optional(),
});
export type ProductInput = z.infer<typeof ProductInputSchema>;

/** A product as the admin area shows it: its fields, and what uses it. */
export const ProductSchema = ProductInputSchema.extend({
  id: Id,
  /** The diseases that offer it as their vaccine (for some animal), by name. */
  diseases: z.array(z.object({ id: Id, name: z.string() })),
  /** How many saved calendars have a column with it. */
  calendar_count: z.number().int().nonnegative(),
  updated_at: z.string(),
});
export type Product = z.infer<typeof ProductSchema>;

/** One row of the product table: name, category and disease. */
export const ProductSummarySchema = z.object({
  id: Id,
  name: z.string(),
  /**
   * The enterprises whose animals it is offered for (Dairy, Beef, Sheep): the product's category.
   */
  categories: z.array(z.string()),
  diseases: z.array(z.string()),
  retired: z.boolean(),
});
export type ProductSummary = z.infer<typeof ProductSummarySchema>;

const pageNumber = z.coerce.number().int().min(1).max(10_000).default(1);
const optionalIdFilter = z
  .union([z.literal(""), IdSchema], { error: idInvalidMessage })
  .optional()
  .transform((value) => (value === "" || value === undefined ? undefined : value));

/** GET /api/admin/products: filters (enterprise id as the category, disease id, search), page. */
export const ListProductsQuerySchema = z.object({
  category: optionalIdFilter,
  disease: optionalIdFilter,
  search: z.string().trim().max(adminLimits.search).optional(),
  page: pageNumber,
  pageSize: z.coerce
    .number()
    .int()
    .min(1)
    .max(adminLimits.maxPageSize)
    .default(adminLimits.pageSize),
});
export type ListProductsQuery = z.input<typeof ListProductsQuerySchema>;

export const ListProductsResponseSchema = z.object({
  items: z.array(ProductSummarySchema),
  total: z.number().int().nonnegative(),
  page: z.number().int().positive(),
  pageSize: z.number().int().positive(),
});
export type ListProductsResponse = z.infer<typeof ListProductsResponseSchema>;

export const AuditAction = {
  create: "create",
  update: "update",
  delete: "delete",
} as const;
export type AuditAction = (typeof AuditAction)[keyof typeof AuditAction];

export const AuditEntrySchema = z.object({
  id: Id,
  /** ISO 8601 with time zone. */
  occurred_at: z.string(),
  /** Who: the admin's e-mail (or mobile) at the time. */
  user_label: z.string(),
  action: z.enum([AuditAction.create, AuditAction.update, AuditAction.delete]),
  entity: z.string(),
  entity_id: Id,
  vaccine_id: Id.nullable(),
  /** The entity before and after the change; null before a create and after a delete. */
  before: z.record(z.string(), z.unknown()).nullable(),
  after: z.record(z.string(), z.unknown()).nullable(),
});
export type AuditEntry = z.infer<typeof AuditEntrySchema>;

/** GET /api/admin/audit: newest first, optionally only one product's changes. */
export const ListAuditQuerySchema = z.object({
  product: optionalIdFilter,
  page: pageNumber,
});
export type ListAuditQuery = z.input<typeof ListAuditQuerySchema>;

export const ListAuditResponseSchema = z.object({
  items: z.array(AuditEntrySchema),
  total: z.number().int().nonnegative(),
  page: z.number().int().positive(),
  pageSize: z.number().int().positive(),
});
export type ListAuditResponse = z.infer<typeof ListAuditResponseSchema>;

/** GET /api/admin/reference-differences: rows that differ from the shipped data (decision 404). */
export const ReferenceDifferenceSchema = z.object({
  table: z.string(),
  key: z.record(z.string(), z.number()),
  kind: z.enum(["changed", "deleted", "added"]),
  fields: z.array(z.object({ field: z.string(), shipped: z.unknown(), current: z.unknown() })),
});
export const ListReferenceDifferencesResponseSchema = z.array(ReferenceDifferenceSchema);
export type ReferenceDifferenceItem = z.infer<typeof ReferenceDifferenceSchema>;
