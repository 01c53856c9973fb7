import { mkdtemp, rm, stat } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { estimateSecretBits, readOrCreateDevelopmentSecret } from "./app-secret.ts";

let dataDir: string;

beforeAll(async () => {
  dataDir = await mkdtemp(path.join(tmpdir(), "vaxcal-secret-"));
});

afterAll(() => rm(dataDir, { recursive: true, force: true }));

describe("readOrCreateDevelopmentSecret", () => {
  it("makes a random key per install, keeps it in DATA_DIR (mode 600) and reads it back", async () => {
    const first = await readOrCreateDevelopmentSecret(path.join(dataDir, "one"));
    const again = await readOrCreateDevelopmentSecret(path.join(dataDir, "one"));
    const other = await readOrCreateDevelopmentSecret(path.join(dataDir, "two"));
    expect(first).toMatch(/^[A-Za-z0-9_-]{32}$/);
    expect(again).toBe(first);
    expect(other).not.toBe(first);
    const { mode } = await stat(path.join(dataDir, "one", "app-secret"));
    expect(mode & 0o777).toBe(0o600);
  });
});

describe("estimateSecretBits", () => {
  it("rates a repeated or patterned key far below a random one", () => {
    expect(estimateSecretBits("a".repeat(32))).toBe(0);
    expect(estimateSecretBits("ab".repeat(32))).toBeLessThan(128);
    expect(estimateSecretBits("kV3r8-Qz_uN1mXw7pLc2TbYh6sGd0eJa9oFiR4xyz12")).toBeGreaterThan(128);
  });
});
