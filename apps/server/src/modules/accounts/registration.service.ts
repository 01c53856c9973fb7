import {
  RoleName,
  currentTermsVersion,
  accountMessages,
  type ParsedRegisterRequest,
  type RegisterResponse,
} from "@vaxcal/contracts";
import { createFieldErrors, type AccountsContext, type FieldProblem } from "./accounts.context.ts";
import { queueEmailVerification, queueMobileCode } from "./verification.service.ts";
import { hashPassword } from "./password-hashing.ts";
import { findPasswordProblem } from "./password-policy.ts";
import { parseMobile } from "./phone.ts";
import { startSession } from "../../auth/sessions.ts";
import {
  ContactField,
  createUsersRepository,
  findTakenContact,
  mapProfileFields,
} from "./users.repository.ts";

const takenMessages = {
  [ContactField.email]: { field: "email", message: accountMessages.emailTaken },
  [ContactField.phone]: { field: "phone_number", message: accountMessages.mobileTaken },
} as const;

/**
 * POST /api/register: creates a farmer, logs them in, and sends an e-mail link and/or a text
 * code for whichever contacts they gave. Telling that an address is already registered is the
 * one disclosure the product asks for (docs/product.md §5); the route is throttled per client
 * address.
 */
export async function registerFarmer(
  context: AccountsContext,
  input: ParsedRegisterRequest,
): Promise<Omit<RegisterResponse, "message">> {
  const users = createUsersRepository(context.db);
  const problems: FieldProblem[] = [];
  const mobile = input.phone_number ? parseMobile(input.country_code, input.phone_number) : null;
  const passwordProblem = findPasswordProblem(input.password, {
    email: input.email,
    phone: mobile?.e164,
    names: [input.name, input.surname, input.farmer_name],
  });
  if (passwordProblem) problems.push({ field: "password", message: passwordProblem });
  if (input.phone_number && !mobile) {
    problems.push({ field: "phone_number", message: accountMessages.mobileInvalid });
  }
  if (input.vet_id !== null && !(await users.isVetPracticeLinkable(input.vet_id))) {
    problems.push({ field: "vet_id", message: accountMessages.vetInvalid });
  }
  if (input.email && (await users.isContactTaken(ContactField.email, input.email))) {
    problems.push(takenMessages.email);
  }
  if (mobile && (await users.isContactTaken(ContactField.phone, mobile.e164))) {
    problems.push(takenMessages.phone);
  }
  if (problems.length > 0) throw createFieldErrors(problems);

  const passwordHash = await hashPassword(input.password);
  const now = context.clock();
  const wantsReminders = input.vaccination_notifications;
  try {
    const { userId, token, messageIds } = await context.db.transaction(async (transaction) => {
      const repository = createUsersRepository(transaction);
      const user = await repository.insertUser(
        {
          email: input.email,
          phone: mobile?.e164 ?? null,
          passwordHash,
          name: input.name,
          surname: input.surname,
          ...mapProfileFields(input),
          notifyEmail: wantsReminders && input.email !== null,
          notifyPhone: wantsReminders && mobile !== null,
          termsAcceptedAt: now,
          termsVersion: currentTermsVersion,
          herdSize: input.herd_size ?? null,
          flockSize: input.flock_size ?? null,
          vetPracticeId: input.vet_id,
          createdAt: now,
          updatedAt: now,
        },
        [RoleName.farmer],
      );
      await repository.replaceEnterprises(user.id, input.user_enterprises);
      await repository.replaceAnimals(user.id, input.user_animals);
      const ids: number[] = [];
      if (user.email) {
        ids.push(
          await queueEmailVerification(context, transaction, {
            id: user.id,
            email: user.email,
            name: user.name,
          }),
        );
      }
      if (user.phone) ids.push(await queueMobileCode(context, transaction, user.id, user.phone));
      const session = await startSession(transaction, user.id, now);
      return { userId: user.id, token: session.token, messageIds: ids };
    });
    context.outbox.deliverSoon(messageIds);
    context.onVetLinkChanged?.(userId, null, input.vet_id);
    const profile = await users.loadProfile(userId);
    if (!profile) throw new Error("the new user vanished");
    return { success: true, user: profile, token };
  } catch (error) {
    // Two registrations with one address at the same moment: the database decides.
    const taken = findTakenContact(error);
    if (taken) throw createFieldErrors([takenMessages[taken]]);
    throw error;
  }
}
