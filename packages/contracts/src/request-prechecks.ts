import type { z } from "zod";

/** A problem found before a request's full check: where, and the full check's own message. */
export type PrecheckIssue = { path: (string | number)[]; message: string };

/**
 * Cheap checks of a request's size, run on the parsed JSON before the route's schema (security
 * round 3, H1): a request that fails one is a 400 with that issue, and its elements are never
 * checked one by one. Keyed by the request schema a route declares; the server's one validator
 * compiler looks each route's schema up here. A precheck repeats a rule the schema itself has, so
 * the answer is the same with or without it, only cheaper to reach.
 */
export const requestPrechecks = new WeakMap<z.ZodType, (value: unknown) => PrecheckIssue[]>();
