/**
 * Accounts: registration, login, verification, password reset and settings (docs/product.md §2–§5,
 * §7, §8; D6, D7, D9 and D10). Payload field names follow the spec exactly (snake_case).
 *
 * The web form and the server validate with the same schemas, so both show the same texts. The
 * server adds the checks that need data the client does not have: the common-password list,
 * full phone-number metadata, and whether an e-mail or mobile is already registered.
 *
 * One file per topic: the texts (messages), the closed choices (lists), the rules on values
 * (policies), the payloads (schemas) and the paths. `accounts/fields.ts` and `accounts/text.ts` are
 * building blocks of the schemas and stay out of the public surface.
 */
export * from "./accounts/messages.ts";
export * from "./accounts/lists.ts";
export * from "./accounts/policies.ts";
export * from "./accounts/schemas.ts";
export * from "./accounts/paths.ts";
