import { describe, expect, it } from "vitest";
import { PrelaunchFeatures } from "./env-schema.ts";
import { readHostGates } from "./hosts.ts";

describe("readHostGates with VITE_PRELAUNCH_FEATURES=auto (docs/product.md §9 host markers)", () => {
  it.each([
    { hostname: "vaxcal.ie", showsPrelaunchItems: false, canReachBetaRoute: false },
    { hostname: "www.vaxcal.ie", showsPrelaunchItems: false, canReachBetaRoute: false },
    { hostname: "127.0.0.1", showsPrelaunchItems: true, canReachBetaRoute: true },
    { hostname: "127.1.2.3", showsPrelaunchItems: true, canReachBetaRoute: true },
    { hostname: "[::1]", showsPrelaunchItems: true, canReachBetaRoute: true },
    { hostname: "127.0.0.1.example.com", showsPrelaunchItems: false, canReachBetaRoute: false },
    { hostname: "beta.vaxcal.ie", showsPrelaunchItems: true, canReachBetaRoute: true },
    { hostname: "test.vaxcal.ie", showsPrelaunchItems: true, canReachBetaRoute: true },
    { hostname: "localhost", showsPrelaunchItems: true, canReachBetaRoute: true },
    { hostname: "vaxcal.local", showsPrelaunchItems: true, canReachBetaRoute: true },
    // Staging shows the pre-launch items but, per spec, not the step 1 route.
    { hostname: "staging.vaxcal.ie", showsPrelaunchItems: true, canReachBetaRoute: false },
    { hostname: "BETA.VaxCal.ie", showsPrelaunchItems: true, canReachBetaRoute: true },
  ])("$hostname", ({ hostname, showsPrelaunchItems, canReachBetaRoute }) => {
    expect(readHostGates(hostname, PrelaunchFeatures.auto)).toEqual({
      showsPrelaunchItems,
      canReachBetaRoute,
    });
  });
});

describe("readHostGates with the pre-launch items forced by configuration", () => {
  it("'on' opens every gate, even on the production host", () => {
    expect(readHostGates("vaxcal.ie", PrelaunchFeatures.on)).toEqual({
      showsPrelaunchItems: true,
      canReachBetaRoute: true,
    });
  });

  it("'off' closes every gate, even on a beta host", () => {
    expect(readHostGates("beta.vaxcal.ie", PrelaunchFeatures.off)).toEqual({
      showsPrelaunchItems: false,
      canReachBetaRoute: false,
    });
  });
});
