import {
  AuthResponseSchema,
  CheckUserExistsQuerySchema,
  CheckUserExistsResponseSchema,
  ConfirmPasswordResetRequestSchema,
  ConfirmPasswordResetResponseSchema,
  EmailVerificationParamsSchema,
  ErrorBodySchema,
  LoginRequestSchema,
  MessageResponseSchema,
  MobileVerificationRequestSchema,
  PasswordResetRequestSchema,
  RegisterRequestSchema,
  RegisterResponseSchema,
  UndoContactChangeRequestSchema,
  UpdateSettingsRequestSchema,
  UserProfileSchema,
  VerifyResetTokenRequestSchema,
  VerifyResetTokenResponseSchema,
  accountMessages,
  accountPaths,
} from "@vaxcal/contracts";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import type { AccountsContext } from "./accounts.context.ts";
import { createRequireUser, readSession } from "../../auth/authentication.ts";
import {
  resendEmailVerification,
  resendMobileCode,
  verifyEmail,
  verifyMobile,
} from "./verification.service.ts";
import { logIn } from "./sessions.service.ts";
import {
  checkPasswordResetToken,
  confirmPasswordReset,
  requestPasswordReset,
} from "./password-reset.service.ts";
import { findMobileCandidates } from "./phone.ts";
import { registerFarmer } from "./registration.service.ts";
import { createSessionsRepository } from "../../auth/sessions.repository.ts";
import {
  createClientRateLimit,
  enforceRateLimit,
  readClientKey,
} from "../../rate-limits/rate-limit.ts";
import { accountRules } from "./throttle.ts";
import { undoContactChange, updateSettings } from "./settings.service.ts";
import { createUsersRepository } from "./users.repository.ts";

type AccountsRoutesOptions = AccountsContext;

const errors = {
  400: ErrorBodySchema,
  401: ErrorBodySchema,
  429: ErrorBodySchema,
  500: ErrorBodySchema,
};

/**
 * Registration, login, logout, profile, verification, password reset and settings
 * (docs/product.md §7).
 */
export const accountsRoutes: FastifyPluginAsyncZod<AccountsRoutesOptions> = async (
  app,
  context,
) => {
  const requireUser = createRequireUser(context);
  const limitRegistrations = createClientRateLimit(context, accountRules.register);
  const limitResetRequests = createClientRateLimit(context, accountRules.resetPerClient);
  const limitResetTokens = createClientRateLimit(context, accountRules.resetTokenPerClient);
  const limitLookUps = createClientRateLimit(context, accountRules.checkUserExists);
  const tags = ["accounts"];

  app.post(
    accountPaths.register,
    {
      preValidation: limitRegistrations,
      schema: {
        tags,
        summary: "Register a farmer, log them in, and send e-mail and text verification",
        body: RegisterRequestSchema,
        response: { 201: RegisterResponseSchema, ...errors },
      },
    },
    async (request, reply) => {
      const registered = await registerFarmer(context, request.body);
      return reply.code(201).send({ ...registered, message: accountMessages.registered });
    },
  );

  app.post(
    accountPaths.login,
    {
      schema: {
        tags,
        summary: "Log in with the e-mail or mobile and the password",
        body: LoginRequestSchema,
        response: { 200: AuthResponseSchema, ...errors },
      },
    },
    (request) => logIn(context, request.body, readClientKey(request)),
  );

  app.post(
    accountPaths.logout,
    {
      onRequest: requireUser,
      schema: {
        tags,
        summary: "End this session (the token stops working)",
        response: { 200: MessageResponseSchema, ...errors },
      },
    },
    async (request) => {
      await createSessionsRepository(context.db).deleteSession(readSession(request).sessionId);
      return { message: accountMessages.loggedOut };
    },
  );

  app.get(
    accountPaths.user,
    {
      onRequest: requireUser,
      schema: {
        tags,
        summary: "The logged-in user's profile",
        response: { 200: UserProfileSchema, ...errors },
      },
    },
    async (request, reply) => {
      reply.header("cache-control", "no-store");
      const profile = await createUsersRepository(context.db).loadProfile(
        readSession(request).userId,
      );
      if (!profile) throw new Error("the session's user does not exist");
      return profile;
    },
  );

  app.put(
    accountPaths.settings,
    {
      onRequest: requireUser,
      schema: {
        tags,
        summary: "Change profile, contacts, notifications or password; answers the saved profile",
        body: UpdateSettingsRequestSchema,
        response: { 200: UserProfileSchema, ...errors },
      },
    },
    (request) => updateSettings(context, readSession(request), request.body),
  );

  app.get(
    accountPaths.emailVerify,
    {
      schema: {
        tags,
        summary: "Verify an e-mail address from the signed link",
        params: EmailVerificationParamsSchema,
        response: { 200: MessageResponseSchema, ...errors },
      },
    },
    async (request) => ({
      message: await verifyEmail(context, request.params.id, request.params.hash),
    }),
  );

  app.post(
    accountPaths.emailVerificationNotification,
    {
      onRequest: requireUser,
      schema: {
        tags,
        summary: "Send a new e-mail verification link",
        response: { 200: MessageResponseSchema, ...errors },
      },
    },
    async (request) => {
      const { userId } = readSession(request);
      await enforceRateLimit(context, accountRules.emailResend, String(userId));
      return { message: await resendEmailVerification(context, userId) };
    },
  );

  app.post(
    accountPaths.mobileVerify,
    {
      onRequest: requireUser,
      schema: {
        tags,
        summary: "Verify the mobile with the 6-digit code from the text",
        body: MobileVerificationRequestSchema,
        response: { 200: MessageResponseSchema, ...errors },
      },
    },
    async (request) => {
      const { userId } = readSession(request);
      await enforceRateLimit(context, accountRules.mobileVerify, String(userId));
      return { message: await verifyMobile(context, userId, request.body.code) };
    },
  );

  app.post(
    accountPaths.mobileVerifyResend,
    {
      onRequest: requireUser,
      schema: {
        tags,
        summary: "Text a new verification code",
        response: { 200: MessageResponseSchema, ...errors },
      },
    },
    async (request) => {
      const { userId } = readSession(request);
      await enforceRateLimit(context, accountRules.mobileResend, String(userId));
      return { message: await resendMobileCode(context, userId) };
    },
  );

  for (const path of [accountPaths.passwordReset, accountPaths.passwordResetApi]) {
    app.post(
      path,
      {
        preValidation: limitResetRequests,
        schema: {
          tags,
          summary:
            "Send a password reset link to the e-mail or mobile given; the same answer whether or not the account exists",
          body: PasswordResetRequestSchema,
          response: { 200: MessageResponseSchema, ...errors },
        },
      },
      async (request) => {
        // One count per contact however it is written: 087…, +35387… and 0035387… are one mobile.
        const contact = request.body.email;
        const throttleKey = contact.includes("@")
          ? contact
          : (findMobileCandidates(contact)[0] ?? contact);
        await enforceRateLimit(context, accountRules.resetPerEmail, throttleKey);
        return { message: requestPasswordReset(context, request.body.email) };
      },
    );
  }

  app.post(
    accountPaths.undoContactChange,
    {
      preValidation: createClientRateLimit(context, accountRules.undoContactChangePerClient),
      schema: {
        tags,
        summary: "Undo an e-mail or mobile change from the link sent to the old contact",
        body: UndoContactChangeRequestSchema,
        response: { 200: MessageResponseSchema, 409: ErrorBodySchema, ...errors },
      },
    },
    async (request) => ({ message: await undoContactChange(context, request.body.token) }),
  );

  app.post(
    accountPaths.passwordVerifyToken,
    {
      preValidation: limitResetTokens,
      schema: {
        tags,
        summary: "Whether a password reset link can still be used",
        body: VerifyResetTokenRequestSchema,
        response: { 200: VerifyResetTokenResponseSchema, ...errors },
      },
    },
    async (request) => {
      const isValid = await checkPasswordResetToken(
        context,
        request.body.email,
        request.body.token,
      );
      return isValid
        ? { valid: true }
        : { valid: false, message: accountMessages.resetTokenInvalid };
    },
  );

  app.post(
    accountPaths.passwordResetConfirm,
    {
      preValidation: limitResetTokens,
      schema: {
        tags,
        summary: "Set a new password with a reset link; logs in and ends other sessions",
        body: ConfirmPasswordResetRequestSchema,
        response: { 200: ConfirmPasswordResetResponseSchema, ...errors },
      },
    },
    async (request) => ({
      ...(await confirmPasswordReset(context, request.body)),
      message: accountMessages.passwordReset,
    }),
  );

  app.get(
    accountPaths.checkUserExists,
    {
      preValidation: limitLookUps,
      schema: {
        tags,
        summary:
          "Whether an e-mail address is registered (docs/product.md §5); throttled per client",
        querystring: CheckUserExistsQuerySchema,
        response: { 200: CheckUserExistsResponseSchema, ...errors },
      },
    },
    async (request) => {
      const { email } = request.query;
      const user = await createUsersRepository(context.db).findUserByEmail(email);
      return { userExist: user !== undefined, email };
    },
  );
};
