import { createHash } from "node:crypto";
import {
  ErrorBodySchema,
  referenceLists,
  type ReferenceListKey,
  type ReferenceLists,
} from "@vaxcal/contracts";
import type { FastifyReply, FastifyRequest } from "fastify";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import type { Database } from "../../db/database.ts";
import { createReferenceRepository, type ReferenceRepository } from "./reference.repository.ts";

export type ReferenceRoutesOptions = { database: Database };

const loaders: {
  [K in ReferenceListKey]: (repository: ReferenceRepository) => Promise<ReferenceLists[K]>;
} = {
  enterprises: (repository) => repository.listEnterprises(),
  animals: (repository) => repository.listAnimals(),
  diseases: (repository) => repository.listDiseases(),
  vaccines: (repository) => repository.listVaccines(),
  seasons: (repository) => repository.listSeasons(),
  animalEnterpriseSeasonCombinations: (repository) => repository.listCombinations(),
  warnings: (repository) => repository.listWarnings(),
  shotTemplates: (repository) => repository.listShotTemplates(),
  territoryManagers: (repository) => repository.listTerritoryManagers(),
  vets: (repository) => repository.listVets(),
};

// Reference lists change when an admin edits them, and an edit must reach every browser at once
// (issue 14): a browser keeps its copy but revalidates it with the ETag on every use, and usually
// gets an empty 304. The ETag is a digest of the answer, so every node agrees on it.
const cacheControl = "public, no-cache";

/**
 * The docs/product.md §7 reference lists, one GET each, registered from the contracts'
 * `referenceLists`.
 */
export const referenceRoutes: FastifyPluginAsyncZod<ReferenceRoutesOptions> = async (
  app,
  { database },
) => {
  const repository = createReferenceRepository(database.db);
  app.addHook("onSend", answerWithEntityTag);

  for (const key of Object.keys(referenceLists) as ReferenceListKey[]) {
    const { path, schema } = referenceLists[key];
    app.get(
      path,
      {
        schema: {
          tags: ["reference"],
          summary: `The ${key} reference list (cached by the web app under localStorage "${key}")`,
          response: { 200: schema, 500: ErrorBodySchema },
        },
      },
      () => loaders[key](repository),
    );
  }
};

async function answerWithEntityTag(
  request: FastifyRequest,
  reply: FastifyReply,
  payload: unknown,
): Promise<unknown> {
  if (reply.statusCode !== 200 || typeof payload !== "string") return payload;
  const entityTag = `"${createHash("sha256").update(payload).digest("base64url").slice(0, 27)}"`;
  reply.header("etag", entityTag).header("cache-control", cacheControl);
  if (matchesEntityTag(request.headers["if-none-match"], entityTag)) {
    reply.code(304);
    return "";
  }
  return payload;
}

function matchesEntityTag(ifNoneMatch: string | undefined, entityTag: string): boolean {
  if (!ifNoneMatch) return false;
  return ifNoneMatch
    .split(",")
    .map((candidate) => candidate.trim().replace(/^W\//, ""))
    .some((candidate) => candidate === entityTag || candidate === "*");
}
