import { requestPrechecks, type PrecheckIssue } from "@vaxcal/contracts";
import type { FastifySchemaValidationError } from "fastify";
import {
  $ZodType,
  config,
  util,
  type $ZodArrayDef,
  type $ZodObjectDef,
  type ParsePayload,
} from "zod/v4/core";
import type { z } from "zod";

type Path = (string | number)[];

/**
 * The cheap part of a request part's check, before the full one (security round 3, H1): every
 * array longer than its schema's maximum, found by walking the schema and the value together
 * without checking any element, and the contracts' prechecks of the schema (`requestPrechecks`,
 * e.g. a save's shots counted over all its columns). Issues here mean the full check is skipped:
 * its cost grows with the elements, and these are the requests that have too many. The messages
 * are the schema's own, made by zod from the same check.
 */
export function precheckRequestPart(
  schema: unknown,
  value: unknown,
): FastifySchemaValidationError[] {
  if (!(schema instanceof $ZodType)) return [];
  // The contracts' own first: they sum up what the arrays' limits say one by one.
  const precheck = requestPrechecks.get(schema as z.ZodType);
  const found = (precheck?.(value) ?? []).map(toPrecheckError);
  findLongArrays(schema, value, [], found);
  return found;
}

function findLongArrays(
  schema: $ZodType,
  value: unknown,
  path: Path,
  found: FastifySchemaValidationError[],
): void {
  const def = schema._zod.def;
  switch (def.type) {
    case "optional":
    case "nullable":
    case "default":
    case "prefault":
    case "readonly":
    case "nonoptional":
      findLongArrays((def as { innerType: $ZodType } & typeof def).innerType, value, path, found);
      return;
    case "pipe":
      findLongArrays((def as { in: $ZodType } & typeof def).in, value, path, found);
      return;
    case "object": {
      if (typeof value !== "object" || value === null || Array.isArray(value)) return;
      const { shape } = def as $ZodObjectDef;
      for (const [key, field] of Object.entries(shape)) {
        if (Object.hasOwn(value, key)) {
          findLongArrays(field, (value as Record<string, unknown>)[key], [...path, key], found);
        }
      }
      return;
    }
    case "array": {
      if (!Array.isArray(value)) return;
      const tooLong = findTooLongIssue(schema, value, path);
      if (tooLong) {
        found.push(tooLong);
        return;
      }
      const { element } = def as $ZodArrayDef;
      if (!holdsArrays(element)) return;
      value.forEach((item, index) => findLongArrays(element, item, [...path, index], found));
      return;
    }
    default:
      return;
  }
}

const holdsArraysBySchema = new WeakMap<$ZodType, boolean>();

/** Whether a value of `schema` can hold an array: if not, its elements need no walk. */
function holdsArrays(schema: $ZodType): boolean {
  const known = holdsArraysBySchema.get(schema);
  if (known !== undefined) return known;
  // Provisionally no, so that a schema that refers to itself ends.
  holdsArraysBySchema.set(schema, false);
  const def = schema._zod.def as typeof schema._zod.def & {
    innerType?: $ZodType;
    in?: $ZodType;
    shape?: Record<string, $ZodType>;
  };
  const inner = def.innerType ?? def.in;
  const holds =
    def.type === "array" ||
    (inner !== undefined && holdsArrays(inner)) ||
    (def.type === "object" && Object.values(def.shape ?? {}).some(holdsArrays));
  holdsArraysBySchema.set(schema, holds);
  return holds;
}

/** The issue zod's own `.max()` of this array gives `value`, when it is too long. */
function findTooLongIssue(
  schema: $ZodType,
  value: unknown[],
  path: Path,
): FastifySchemaValidationError | undefined {
  for (const check of schema._zod.def.checks ?? []) {
    const { def } = check._zod;
    if (def.check !== "max_length") continue;
    const { maximum } = def as typeof def & { maximum: number };
    if (value.length <= maximum) continue;
    const payload: ParsePayload = { value, issues: [] };
    // The check of an array schema, run on an array: what zod itself would run, elements aside.
    (check._zod.check as (payload: ParsePayload) => void)(payload);
    const [raw] = payload.issues;
    if (!raw) continue;
    const issue = util.finalizeIssue(raw, undefined, config());
    return {
      keyword: issue.code,
      instancePath: toInstancePath(path),
      schemaPath: "#",
      message: issue.message,
      params: { maximum },
    };
  }
  return undefined;
}

function toPrecheckError(issue: PrecheckIssue): FastifySchemaValidationError {
  return {
    keyword: "custom",
    instancePath: toInstancePath(issue.path),
    schemaPath: "#",
    message: issue.message,
    params: {},
  };
}

function toInstancePath(path: Path): string {
  return `/${path.join("/")}`;
}
