import { hash, verify } from "@node-rs/argon2";

/*
 * argon2id with the library's defaults, which are OWASP's recommendation: 19 MiB, 2 passes,
 * 1 lane. The parameters live in each stored hash, so raising them later needs no migration.
 */

export function hashPassword(password: string): Promise<string> {
  return hash(password);
}

/** False for a wrong password and for a stored value that is not an argon2 hash. */
export async function verifyPassword(storedHash: string, password: string): Promise<boolean> {
  try {
    return await verify(storedHash, password);
  } catch {
    return false;
  }
}

let dummyHash: Promise<string> | undefined;

/**
 * Spends the time of one real verification when there is no account, so the answer time does
 * not tell an attacker whether a username exists.
 */
export async function verifyAgainstDummyHash(password: string): Promise<false> {
  dummyHash ??= hash("not a real password: it only makes unknown users take as long");
  await verifyPassword(await dummyHash, password);
  return false;
}
