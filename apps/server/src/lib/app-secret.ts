import { randomBytes } from "node:crypto";
import fs from "node:fs/promises";
import path from "node:path";

/** What a production APP_SECRET must be worth: a 128-bit key, as .env.example generates. */
export const minimumSecretBits = 128;

/**
 * A rough upper bound on a key's strength: each character is worth the bits of an alphabet no
 * bigger than the distinct characters used, and a character that repeats a pair seen before adds
 * nothing, so 32 × "a" is worth 0 bits, "0123456789" four times 37, and a random base64url key
 * of 43 characters about 200.
 */
export function estimateSecretBits(secret: string): number {
  const characters = [...secret];
  const distinct = new Set(characters).size;
  if (distinct < 2) return 0;
  const pairs = new Set(
    characters.slice(1).map((character, index) => `${characters[index]}${character}`),
  );
  return (pairs.size + 1) * Math.log2(distinct);
}

/**
 * A secret kept in a file beside the data it protects (mode 600): read when it exists, made
 * random when it does not. `canCreate` returns why a new one must not be made (the data it
 * unlocks already exists), or null.
 */
export async function readOrCreateSecretFile(
  file: string,
  { canCreate = () => null }: { canCreate?: () => string | null } = {},
): Promise<string> {
  const existing = await fs.readFile(file, "utf8").catch(() => undefined);
  if (existing?.trim()) return existing.trim();
  const refusal = canCreate();
  if (refusal) throw new Error(refusal);
  const secret = randomBytes(24).toString("base64url");
  await fs.mkdir(path.dirname(file), { recursive: true });
  await fs.writeFile(file, `${secret}\n`, { mode: 0o600 });
  return secret;
}

/**
 * The key that signs links when APP_SECRET is not set (development, test): random per install,
 * kept in DATA_DIR so that links in the development outbox survive a restart, and never a
 * constant anyone could read in the source.
 */
export function readOrCreateDevelopmentSecret(dataDir: string): Promise<string> {
  return readOrCreateSecretFile(path.join(dataDir, "app-secret"));
}
