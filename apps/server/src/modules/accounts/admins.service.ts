import { RoleName } from "@vaxcal/contracts";
import { z } from "zod";
import type { Db } from "../../db/database.ts";
import { userRoles, users } from "../../db/schema.ts";
import { hashPassword } from "./password-hashing.ts";
import { findPasswordProblem } from "./password-policy.ts";
import { createUsersRepository } from "./users.repository.ts";

export type CreateAdminInput = { email: string; password?: string | undefined };

export type CreateAdminResult = { userId: number; outcome: "created" | "promoted" };

/** A mistake in the command's input: its message is printed as it is. */
export class CreateAdminError extends Error {
  override name = "CreateAdminError";
}

/**
 * `npm run admin:create`: gives the account with this e-mail the ADMIN role (docs/product.md D2),
 * creating the account when there is none. A new account needs a password, checked by the same
 * policy as registration and stored as an Argon2id hash; an existing account keeps its password
 * unless one is given. The account's other details stay empty until its owner fills them in.
 */
export async function createAdmin(db: Db, input: CreateAdminInput): Promise<CreateAdminResult> {
  const parsedEmail = z.email().safeParse(input.email.trim().toLowerCase());
  if (!parsedEmail.success) throw new CreateAdminError(`Not an e-mail address: ${input.email}`);
  const email = parsedEmail.data;
  if (input.password !== undefined) {
    const problem = findPasswordProblem(input.password, { email });
    if (problem) throw new CreateAdminError(problem);
  }
  const passwordHash = input.password === undefined ? null : await hashPassword(input.password);

  return db.transaction(async (transaction) => {
    const repository = createUsersRepository(transaction);
    const existing = await repository.findUserByEmail(email);
    if (existing) {
      if (passwordHash) await repository.updateUser(existing.id, { passwordHash });
      await transaction
        .insert(userRoles)
        .values({ userId: existing.id, role: RoleName.admin })
        .onConflictDoNothing();
      return { userId: existing.id, outcome: "promoted" };
    }
    if (!passwordHash) {
      throw new CreateAdminError(`No account has ${email}: give --password to create one.`);
    }
    const [created] = await transaction
      .insert(users)
      .values({
        email,
        // The operator who runs the command vouches for the address.
        emailVerifiedAt: new Date(),
        passwordHash,
        name: "Admin",
        surname: "",
        country: "Ireland",
        // An operator's account, made by the company that runs VaxCal under its own terms.
        termsAcceptedAt: new Date(),
      })
      .returning({ id: users.id });
    if (!created) throw new Error("insert into users returned no row");
    await transaction.insert(userRoles).values({ userId: created.id, role: RoleName.admin });
    return { userId: created.id, outcome: "created" };
  });
}
