import { sql, type SQL } from "drizzle-orm";
import { users, vetPracticeMembers } from "./schema/accounts.ts";
import { vetPractices } from "./schema/reference.ts";

/**
 * Decision 503: whether a practice's e-mail is proved: one of its members logs in with it and has
 * opened the signed verification link (the manager registered with it, verified like a farmer).
 */
export const isPracticeEmailVerified: SQL = sql`EXISTS (
  SELECT 1 FROM ${vetPracticeMembers}
  JOIN ${users} ON ${users.id} = ${vetPracticeMembers.userId}
  WHERE ${vetPracticeMembers.vetPracticeId} = ${vetPractices.id}
    AND ${users.email} = ${vetPractices.email}
    AND ${users.emailVerifiedAt} IS NOT NULL
)`;

/**
 * The practices a farmer may find in the picker and link (decision 503): a verified one, or a demo
 * practice seeded outside production without any e-mail, which nobody can log in to. A look-alike
 * registered by a stranger stays out until its e-mail is proved.
 */
export const isLinkablePractice: SQL = sql`(${vetPractices.email} IS NULL OR ${isPracticeEmailVerified})`;
