import { describe, expect, it } from "vitest";
import { hashPassword, verifyAgainstDummyHash, verifyPassword } from "./password-hashing.ts";

describe("password hashing", () => {
  it("stores argon2id hashes that verify only the right password", async () => {
    const stored = await hashPassword("grass-meadow-42");
    expect(stored).toMatch(/^\$argon2id\$v=19\$m=19456,t=2,p=1\$/);
    expect(stored).not.toContain("grass-meadow-42");
    expect(await verifyPassword(stored, "grass-meadow-42")).toBe(true);
    expect(await verifyPassword(stored, "grass-meadow-43")).toBe(false);
  });

  it("salts each hash", async () => {
    expect(await hashPassword("same password")).not.toBe(await hashPassword("same password"));
  });

  it("treats a stored value that is not a hash as a wrong password", async () => {
    expect(await verifyPassword("not a hash", "anything")).toBe(false);
  });

  it("spends about as long on an unknown user as on a real check", async () => {
    const stored = await hashPassword("grass-meadow-42");
    await verifyAgainstDummyHash("warm-up");
    const timeOf = async (run: () => Promise<unknown>) => {
      const started = performance.now();
      for (let round = 0; round < 3; round += 1) await run();
      return performance.now() - started;
    };
    const real = await timeOf(() => verifyPassword(stored, "wrong password"));
    const dummy = await timeOf(() => verifyAgainstDummyHash("wrong password"));
    expect(await verifyAgainstDummyHash("grass-meadow-42")).toBe(false);
    // Both do one argon2 verification; an unguarded lookup would be 100× faster.
    expect(dummy).toBeGreaterThan(real / 4);
  });
});
