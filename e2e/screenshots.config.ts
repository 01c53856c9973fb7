// The screenshot tour: every screen at 375 and 1280 px, saved as PNGs under
// .tmp/screens/ (gitignored) for a person to look at. It is not a test suite and not part of
// `npm test`; run it with `E2E_PORT=<port> npx playwright test -c screenshots.config.ts` from e2e/.
import { defineConfig } from "@playwright/test";
import base from "./playwright.config.ts";

const port = Number(process.env.E2E_PORT ?? 3199);

export default defineConfig({
  ...base,
  testDir: "screenshots",
  outputDir: "../.tmp/screens/test-results",
  reporter: [["list"]],
  timeout: 600_000,
  // Both widths share the one server, one after the other.
  workers: 1,
  // A step that cannot find its button gives up after 15 s and the tour goes on.
  use: { ...base.use, baseURL: `http://localhost:${port}`, actionTimeout: 15_000 },
});
