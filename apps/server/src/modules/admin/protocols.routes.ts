import {
  AdminDiseaseAnimalSchema,
  AdminSeasonDefaultSchema,
  AdminShotTemplateSchema,
  AdminWarningSchema,
  DiseaseAnimalInputSchema,
  ErrorBodySchema,
  ListDiseaseAnimalsQuerySchema,
  ListDiseaseAnimalsResponseSchema,
  ListSeasonDefaultsQuerySchema,
  ListSeasonDefaultsResponseSchema,
  ListShotTemplatesQuerySchema,
  ListShotTemplatesResponseSchema,
  ListWarningsResponseSchema,
  NewDiseaseAnimalSchema,
  ProtocolPreviewRequestSchema,
  ProtocolPreviewResponseSchema,
  SeasonDefaultInputSchema,
  ShotTemplateInputSchema,
  WarningInputSchema,
  adminPaths,
  IdSchema,
} from "@vaxcal/contracts";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { z } from "zod";
import { readSession } from "../../auth/authentication.ts";
import type { AdminContext } from "./admin-services.ts";
import {
  createDiseaseAnimal,
  createShotTemplate,
  deleteDiseaseAnimal,
  deleteShotTemplate,
  listDiseaseAnimals,
  listSeasonDefaults,
  listShotTemplates,
  listWarnings,
  previewProtocolChange,
  updateDiseaseAnimal,
  updateSeasonDefault,
  updateShotTemplate,
  updateWarning,
} from "./protocols.service.ts";

const idParam = IdSchema;
const IdParamsSchema = z.object({ id: idParam });
const LinkParamsSchema = z.object({ diseaseId: idParam, animalId: idParam });
const errors = { 400: ErrorBodySchema, 401: ErrorBodySchema, 403: ErrorBodySchema };
const errorsWith404 = { ...errors, 404: ErrorBodySchema };
const tags = ["admin"];

/**
 * Protocol management's calls, registered inside the admin plugin, so its ADMIN hook covers
 * every one of them (docs/product.md D2).
 */
/** The protocol calls of the admin area, registered inside it behind its ADMIN check. */
export const protocolRoutes: FastifyPluginAsyncZod<AdminContext> = async (routes, context) => {
  const actor = (request: Parameters<typeof readSession>[0]) => ({
    userId: readSession(request).userId,
  });

  routes.get(
    adminPaths.shotTemplates,
    {
      schema: {
        tags,
        summary: "Shot templates, optionally of one vaccine and one animal",
        querystring: ListShotTemplatesQuerySchema,
        response: { 200: ListShotTemplatesResponseSchema, ...errors },
      },
    },
    (request) => listShotTemplates(context, request.query),
  );

  routes.post(
    adminPaths.shotTemplates,
    {
      schema: {
        tags,
        summary: "Add a shot template: days from birth or breeding, name, recurrence, scope",
        body: ShotTemplateInputSchema,
        response: { 201: AdminShotTemplateSchema, ...errors },
      },
    },
    async (request, reply) =>
      reply.code(201).send(await createShotTemplate(context, actor(request), request.body)),
  );

  routes.put(
    adminPaths.shotTemplate,
    {
      schema: {
        tags,
        summary: "Save a shot template; new calendars use it, saved calendars keep their shots",
        params: IdParamsSchema,
        body: ShotTemplateInputSchema,
        response: { 200: AdminShotTemplateSchema, ...errorsWith404 },
      },
    },
    (request) => updateShotTemplate(context, actor(request), request.params.id, request.body),
  );

  routes.delete(
    adminPaths.shotTemplate,
    {
      schema: {
        tags,
        summary: "Delete a shot template",
        params: IdParamsSchema,
        response: { 204: z.null(), ...errorsWith404 },
      },
    },
    async (request, reply) => {
      await deleteShotTemplate(context, actor(request), request.params.id);
      return reply.code(204).send(null);
    },
  );

  routes.post(
    adminPaths.protocolPreview,
    {
      schema: {
        tags,
        summary:
          "The default calendar of each season with a proposed change beside today's, differences and rule checks; saves nothing",
        body: ProtocolPreviewRequestSchema,
        response: { 200: ProtocolPreviewResponseSchema, ...errorsWith404 },
      },
    },
    (request) => previewProtocolChange(context, request.body),
  );

  routes.get(
    adminPaths.diseaseAnimals,
    {
      schema: {
        tags,
        summary: "Which diseases are offered for which animals, with their default vaccines",
        querystring: ListDiseaseAnimalsQuerySchema,
        response: { 200: ListDiseaseAnimalsResponseSchema, ...errors },
      },
    },
    (request) => listDiseaseAnimals(context, request.query),
  );

  routes.post(
    adminPaths.diseaseAnimals,
    {
      schema: {
        tags,
        summary: "Offer a disease for an animal, with its default vaccine",
        body: NewDiseaseAnimalSchema,
        response: { 201: AdminDiseaseAnimalSchema, ...errors, 409: ErrorBodySchema },
      },
    },
    async (request, reply) =>
      reply.code(201).send(await createDiseaseAnimal(context, actor(request), request.body)),
  );

  routes.put(
    adminPaths.diseaseAnimal,
    {
      schema: {
        tags,
        summary: "Change a disease's default vaccine or herd status question for an animal",
        params: LinkParamsSchema,
        body: DiseaseAnimalInputSchema,
        response: { 200: AdminDiseaseAnimalSchema, ...errorsWith404 },
      },
    },
    (request) => updateDiseaseAnimal(context, actor(request), request.params, request.body),
  );

  routes.delete(
    adminPaths.diseaseAnimal,
    {
      schema: {
        tags,
        summary: "Stop offering a disease for an animal (saved calendars keep their columns)",
        params: LinkParamsSchema,
        response: { 204: z.null(), ...errorsWith404 },
      },
    },
    async (request, reply) => {
      await deleteDiseaseAnimal(context, actor(request), request.params);
      return reply.code(204).send(null);
    },
  );

  routes.get(
    adminPaths.seasonDefaults,
    {
      schema: {
        tags,
        summary: "Each season's default birth and breeding dates per animal and enterprise",
        querystring: ListSeasonDefaultsQuerySchema,
        response: { 200: ListSeasonDefaultsResponseSchema, ...errors },
      },
    },
    (request) => listSeasonDefaults(context, request.query),
  );

  routes.put(
    adminPaths.seasonDefault,
    {
      schema: {
        tags,
        summary: "Save a season's default dates (yearOffset.MM.DD) for an animal and enterprise",
        params: IdParamsSchema,
        body: SeasonDefaultInputSchema,
        response: { 200: AdminSeasonDefaultSchema, ...errorsWith404 },
      },
    },
    (request) => updateSeasonDefault(context, actor(request), request.params.id, request.body),
  );

  routes.get(
    adminPaths.warnings,
    {
      schema: {
        tags,
        summary: "The popup preset messages",
        response: { 200: ListWarningsResponseSchema, ...errors },
      },
    },
    () => listWarnings(context),
  );

  routes.put(
    adminPaths.warning,
    {
      schema: {
        tags,
        summary: "Save a popup preset message's texts and severity (its slug stays)",
        params: IdParamsSchema,
        body: WarningInputSchema,
        response: { 200: AdminWarningSchema, ...errorsWith404 },
      },
    },
    (request) => updateWarning(context, actor(request), request.params.id, request.body),
  );
};
