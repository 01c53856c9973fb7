import {
  ErrorBodySchema,
  referenceLists,
  type ReferenceListKey,
  type ReferenceLists,
} from "@vaxcal/contracts";
import type { FastifyReply, FastifyRequest } from "fastify";
// The routes' `compress` option is @fastify/compress's (registered by app.ts).
import type {} from "@fastify/compress";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import type { Database } from "../../db/database.ts";
import type { WatchCache } from "../../lib/cache-report.ts";
import { logDatabaseFailure } from "../../db/shutdown-errors.ts";
import {
  listenForReferenceChanges,
  onReferenceChangeCommitted,
} from "../../db/reference-changes.ts";
import {
  buildCachedList,
  chooseEncoding,
  createListCache,
  matchesEntityTag,
  type CachedList,
} from "./reference.cache.ts";
import { createReferenceRepository, type ReferenceRepository } from "./reference.repository.ts";

type ReferenceRoutesOptions = { database: Database; watchCache?: WatchCache };

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
// (decision 701): a browser keeps its copy but revalidates it with the ETag on every use, and usually
// gets an empty 304. The ETag is a digest of the answer, so every node agrees on it.
const cacheControl = "public, no-cache";

/**
 * The docs/product.md §7 reference lists, one GET each, registered from the contracts'
 * `referenceLists`. Each list is read, validated, serialized, hashed and compressed once and then
 * served from memory until a change to the reference data is announced (ADR 701).
 */
export const referenceRoutes: FastifyPluginAsyncZod<ReferenceRoutesOptions> = async (
  app,
  { database, watchCache },
) => {
  const repository = createReferenceRepository(database.db);
  const build = async (key: ReferenceListKey): Promise<CachedList> => {
    const list = referenceLists[key].schema.parse(await loaders[key](repository));
    return buildCachedList(JSON.stringify(list));
  };
  const lists = createListCache(build, () => listener.isListening());
  watchCache?.("reference_lists", lists.describe);
  const listener = listenForReferenceChanges(database, () => lists.invalidate(), {
    onError: (error) =>
      logDatabaseFailure(app.log, error, "reference change listener lost", "warn"),
  });
  const stopHearingCommits = onReferenceChangeCommitted(database.db, () => lists.invalidate());
  app.addHook("onClose", async () => {
    stopHearingCommits();
    await listener.stop();
  });

  for (const key of Object.keys(referenceLists) as ReferenceListKey[]) {
    const { path, schema } = referenceLists[key];
    app.get(
      path,
      {
        // The list carries its own encodings (built once), and a GET has no body to inflate:
        // skipping @fastify/compress's hooks saves work on every request.
        compress: false,
        decompress: false,
        schema: {
          tags: ["reference"],
          summary: `The ${key} reference list (cached by the web app under localStorage "${key}")`,
          response: { 200: schema, 500: ErrorBodySchema },
        },
      },
      async (request, reply) => sendList(request, reply as FastifyReply, await lists.get(key)),
    );
  }
};

/** The list's bytes from memory: a 304 when the ETag matches, else the best accepted encoding. */
function sendList(request: FastifyRequest, reply: FastifyReply, list: CachedList): FastifyReply {
  reply
    .header("etag", list.entityTag)
    .header("cache-control", cacheControl)
    .header("vary", "accept-encoding");
  if (matchesEntityTag(request.headers["if-none-match"], list.entityTag)) {
    return reply.code(304).send();
  }
  const encoding = chooseEncoding(request.headers["accept-encoding"], list.encoded);
  reply.header("content-type", "application/json; charset=utf-8");
  if (!encoding) return reply.send(list.json);
  return reply.header("content-encoding", encoding).send(list.encoded[encoding]);
}
