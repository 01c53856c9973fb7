import { describe, expect, it } from "vitest";
import { generateOpaqueToken, hashToken, isSameSecret, signWithSecret } from "./tokens.ts";

describe("opaque tokens", () => {
  it("carry 256 random bits in 43 URL-safe characters", () => {
    const tokens = new Set(Array.from({ length: 1000 }, generateOpaqueToken));
    expect(tokens.size).toBe(1000);
    for (const token of tokens) expect(token).toMatch(/^[A-Za-z0-9_-]{43}$/);
  });

  it("are stored as a SHA-256 digest that does not reveal them", () => {
    const token = generateOpaqueToken();
    const digest = hashToken(token);
    expect(digest).toMatch(/^[0-9a-f]{64}$/);
    expect(digest).not.toContain(token);
    expect(hashToken(token)).toBe(digest);
    expect(hashToken(generateOpaqueToken())).not.toBe(digest);
  });
});

describe("signatures", () => {
  it("depend on the secret and the value", () => {
    const signature = signWithSecret("secret one", "value");
    expect(signWithSecret("secret one", "value")).toBe(signature);
    expect(signWithSecret("secret two", "value")).not.toBe(signature);
    expect(signWithSecret("secret one", "value!")).not.toBe(signature);
  });

  it("compare equal only when identical, whatever the lengths", () => {
    expect(isSameSecret("abc", "abc")).toBe(true);
    expect(isSameSecret("abc", "abd")).toBe(false);
    expect(isSameSecret("abc", "abcd")).toBe(false);
    expect(isSameSecret("abc", "")).toBe(false);
  });
});
