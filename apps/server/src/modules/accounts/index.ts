// The accounts module's public entry: its routes, and the users, passwords and contacts the vet
// practices' registration and the reminders' settings build on.
export { accountsRoutes } from "./accounts.routes.ts";
export { createFieldErrors, type AccountsContext, type FieldProblem } from "./accounts.context.ts";
export { queueEmailVerification } from "./verification.service.ts";
export { buildEmailVerificationHash } from "./email-verification-link.ts";
export { hashPassword } from "./password-hashing.ts";
export { findPasswordProblem } from "./password-policy.ts";
export { parseMobile, type Mobile } from "./phone.ts";
export { accountRules } from "./throttle.ts";
export { ContactField, createUsersRepository, findTakenContact } from "./users.repository.ts";
