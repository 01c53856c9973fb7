import { describe, expect, it } from "vitest";
import { parseWebEnv } from "./env-schema.ts";

describe("parseWebEnv", () => {
  it("defaults the pre-launch items to following the host", () => {
    expect(parseWebEnv({}).VITE_PRELAUNCH_FEATURES).toBe("auto");
  });

  it("stops on a value that is not auto, on or off, naming the key", () => {
    expect(() => parseWebEnv({ VITE_PRELAUNCH_FEATURES: "yes" })).toThrow(
      /VITE_PRELAUNCH_FEATURES/,
    );
  });
});
