import {
  AcceptVetInviteRequestSchema,
  AcceptVetInviteResponseSchema,
  CheckVetInviteRequestSchema,
  ErrorBodySchema,
  InviteVetsRequestSchema,
  MessageResponseSchema,
  VetInviteDetailsSchema,
  VetMemberParamsSchema,
  VetPracticeMembersSchema,
  VetRegisterRequestSchema,
  VetRegisterResponseSchema,
  vetPracticeMessages,
  vetPracticePaths,
} from "@vaxcal/contracts";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { createRequireUser, readSession } from "../../auth/authentication.ts";
import { requireVetMembership } from "./vet-membership.ts";
import { createClientRateLimit } from "../../rate-limits/rate-limit.ts";
import { type AccountsContext, accountRules } from "../accounts/index.ts";
import { registerVetPractice } from "./vet-practices.service.ts";
import {
  acceptVetInvite,
  cancelVetInvite,
  checkVetInvite,
  inviteVets,
  listPracticeMembers,
  removePracticeMember,
  resendVetInvite,
} from "./members.service.ts";

const errors = {
  400: ErrorBodySchema,
  401: ErrorBodySchema,
  404: ErrorBodySchema,
  409: ErrorBodySchema,
  429: ErrorBodySchema,
  500: ErrorBodySchema,
};

/**
 * Vet practice accounts (decision 501): registration (docs/product.md §7 POST /api/vet/register),
 * the invite links, and the manager's members page. Registered by vetPracticesRoutes.
 */
export const vetPracticeAccountRoutes: FastifyPluginAsyncZod<AccountsContext> = async (
  app,
  context,
) => {
  const requireUser = createRequireUser(context);
  const limitInviteTokens = createClientRateLimit(context, accountRules.vetInviteTokenPerClient);
  const tags = ["vet practices"];
  const requireManager = (userId: number) =>
    requireVetMembership(context.db, userId, { isManagerOnly: true });

  app.post(
    vetPracticePaths.register,
    {
      preValidation: createClientRateLimit(context, accountRules.vetRegister),
      schema: {
        tags,
        summary: "Register a vet practice and its manager, log in, and send the invites",
        body: VetRegisterRequestSchema,
        response: { 201: VetRegisterResponseSchema, ...errors },
      },
    },
    async (request, reply) => {
      const registered = await registerVetPractice(context, request.body);
      return reply.code(201).send({ ...registered, message: vetPracticeMessages.registered });
    },
  );

  app.post(
    vetPracticePaths.inviteCheck,
    {
      preValidation: limitInviteTokens,
      schema: {
        tags,
        summary: "The practice and e-mail of a live invite link",
        body: CheckVetInviteRequestSchema,
        response: { 200: VetInviteDetailsSchema, ...errors },
      },
    },
    (request) => checkVetInvite(context, request.body.token),
  );

  app.post(
    vetPracticePaths.inviteAccept,
    {
      preValidation: limitInviteTokens,
      schema: {
        tags,
        summary: "Join a practice from an invite link: set a password; logs in",
        body: AcceptVetInviteRequestSchema,
        response: { 201: AcceptVetInviteResponseSchema, ...errors },
      },
    },
    async (request, reply) => {
      const joined = await acceptVetInvite(context, request.body);
      return reply.code(201).send({ ...joined, message: vetPracticeMessages.joined });
    },
  );

  app.get(
    vetPracticePaths.members,
    {
      onRequest: requireUser,
      schema: {
        tags,
        summary: "The practice's vets and open invites (practice manager only)",
        response: { 200: VetPracticeMembersSchema, ...errors },
      },
    },
    async (request) =>
      listPracticeMembers(context, await requireManager(readSession(request).userId)),
  );

  app.post(
    vetPracticePaths.invites,
    {
      onRequest: requireUser,
      schema: {
        tags,
        summary: "Invite vets to the practice by e-mail (practice manager only)",
        body: InviteVetsRequestSchema,
        response: { 200: MessageResponseSchema, ...errors },
      },
    },
    async (request) => {
      const membership = await requireManager(readSession(request).userId);
      return { message: await inviteVets(context, membership, request.body.emails) };
    },
  );

  app.post(
    vetPracticePaths.inviteResend,
    {
      onRequest: requireUser,
      schema: {
        tags,
        summary: "Send an invite again with a new link (practice manager only)",
        params: VetMemberParamsSchema,
        response: { 200: MessageResponseSchema, ...errors },
      },
    },
    async (request) => {
      const membership = await requireManager(readSession(request).userId);
      return { message: await resendVetInvite(context, membership, request.params.id) };
    },
  );

  app.delete(
    vetPracticePaths.invite,
    {
      onRequest: requireUser,
      schema: {
        tags,
        summary: "Cancel an invite; its link stops working (practice manager only)",
        params: VetMemberParamsSchema,
        response: { 200: MessageResponseSchema, ...errors },
      },
    },
    async (request) => {
      const membership = await requireManager(readSession(request).userId);
      return { message: await cancelVetInvite(context, membership, request.params.id) };
    },
  );

  app.delete(
    vetPracticePaths.member,
    {
      onRequest: requireUser,
      schema: {
        tags,
        summary: "Remove a vet from the practice; their access ends at once (manager only)",
        params: VetMemberParamsSchema,
        response: { 200: MessageResponseSchema, ...errors },
      },
    },
    async (request) => {
      const membership = await requireManager(readSession(request).userId);
      return { message: await removePracticeMember(context, membership, request.params.id) };
    },
  );
};
