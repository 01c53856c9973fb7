import { controlCharacterMessage, findControlCharacters } from "@vaxcal/contracts";
import type { FastifySchemaCompiler, FastifySchemaValidationError } from "fastify";
import { validatorCompiler as zodValidatorCompiler } from "fastify-type-provider-zod";
import { precheckRequestPart } from "./request-precheck.ts";

type ZodRouteSchema = Parameters<typeof zodValidatorCompiler>[0]["schema"];

/**
 * The validator of every request part (params, query, body): the route's zod schema, and the
 * contracts' control character rule on every string. A part with a control character is a 400
 * naming the field even when the schema passed it, so no NUL ever reaches a handler or the
 * database; both kinds of issue leave through the one error handler. A part with too many
 * elements (request-precheck.ts) is refused before the schema checks them one by one, so no body
 * under the size limit holds the event loop for long (security round 3, H1); the error handler
 * lists only the first issues.
 */
export const validatorCompiler: FastifySchemaCompiler<ZodRouteSchema> = (route) => {
  const validate = zodValidatorCompiler(route);
  return (data: unknown) => {
    // Headers carry no user text the routes store, and Node already refuses control characters in them.
    if (route.httpPart === "headers") return validate(data);
    const tooMany = precheckRequestPart(route.schema, data);
    if (tooMany.length > 0) return { error: tooMany };
    const paths = findControlCharacters(data);
    const result = validate(data);
    if (paths.length === 0) return result;
    // A field whose own schema already refused the text keeps its own message.
    const fieldIssues: FastifySchemaValidationError[] =
      typeof result === "object" && "error" in result && Array.isArray(result.error)
        ? result.error
        : [];
    const named = new Set(fieldIssues.map((issue) => issue.instancePath));
    const controlIssues: FastifySchemaValidationError[] = paths
      .map((path) => ({
        keyword: "custom",
        instancePath: `/${path.join("/")}`,
        schemaPath: "#",
        message: controlCharacterMessage,
        params: {},
      }))
      .filter((issue) => !named.has(issue.instancePath));
    return { error: [...fieldIssues, ...controlIssues] };
  };
};
