import { defineConfig } from "@playwright/test";
import { fileURLToPath } from "node:url";

const port = Number(process.env.E2E_PORT ?? 3199);
const baseURL = `http://127.0.0.1:${port}`;
const repositoryRoot = fileURLToPath(new URL("..", import.meta.url));
const phone = { width: 375, height: 812 };
const desktop = { width: 1280, height: 800 };
/** The journeys that change the server's vaccine protocol (see the projects below). */
const changesProtocol = [/admin-protocols\.spec\.ts$/, /protocol-update\.spec\.ts$/];
/** The journey that moves the server's clock (decision 016): it runs last, alone. */
const movesClock = /due-now-new-year\.spec\.ts$/;

export default defineConfig({
  testDir: "tests",
  forbidOnly: Boolean(process.env.CI),
  // One retry: on a loaded 2-core machine a journey can miss a timeout once (two did in the CI
  // run of 27 November, and passed alone and 8 times repeated). Playwright lists a journey that
  // passed only on its retry as "flaky", and the closing line of `npm test` counts them.
  retries: 1,
  timeout: 30_000,
  expect: { timeout: 10_000 },
  reporter: [
    ["list"],
    // The root `npm test` adds these counts to Vitest's in its closing line.
    [
      "json",
      {
        outputFile: fileURLToPath(new URL("../.tmp/test-reports/playwright.json", import.meta.url)),
      },
    ],
  ],
  use: {
    baseURL,
    browserName: "chromium",
    headless: true,
    trace: "retain-on-failure",
    // Debian's Chromium: `playwright install` downloads a browser and fails on these machines.
    launchOptions: {
      executablePath: "/usr/bin/chromium",
      args: [
        "--headless",
        "--no-sandbox",
        "--disable-gpu",
        "--disable-background-networking",
        "--disable-component-update",
        "--disable-sync",
        "--no-first-run",
        "--disable-quic",
      ],
    },
  },
  projects: [
    { name: "phone-375", use: { viewport: phone }, testIgnore: [...changesProtocol, movesClock] },
    {
      name: "desktop-1280",
      use: { viewport: desktop },
      testIgnore: [...changesProtocol, movesClock],
    },
    // A protocol change reaches every calendar the one server makes, so the journeys that make
    // one run after all the others, one after the other.
    {
      name: "protocol-change-admin",
      use: { viewport: desktop },
      testMatch: /admin-protocols\.spec\.ts$/,
      dependencies: ["phone-375", "desktop-1280"],
    },
    {
      name: "protocol-change-farmer",
      use: { viewport: desktop },
      testMatch: /protocol-update\.spec\.ts$/,
      dependencies: ["protocol-change-admin"],
    },
    // It moves the one server's clock to 1 January 2027, so it runs after everything else.
    {
      name: "server-clock",
      use: { viewport: desktop },
      testMatch: movesClock,
      dependencies: ["protocol-change-farmer"],
    },
  ],
  webServer: {
    command: "node e2e/support/run-server.ts",
    cwd: repositoryRoot,
    url: `${baseURL}/api/health`,
    // 127.0.0.1 is trusted as a proxy: API registrations each come from an address of their own
    // (support/farm-address.ts), so the register throttle counts farms, not this machine.
    env: {
      PORT: String(port),
      HOST: "127.0.0.1",
      NODE_ENV: "test",
      LOG_LEVEL: "warn",
      TRUST_PROXY: "127.0.0.1",
      // A vet's change reaches the farmer's outbox seconds after the vet stops, not minutes
      // (decision 427): the quiet period, and the tick that sends it, are short here.
      VET_CHANGE_QUIET_SECONDS: "3",
      JOBS_TICK_SECONDS: "5",
    },
    reuseExistingServer: false,
    // The first start creates a PostgreSQL cluster, migrates and seeds it.
    timeout: 180_000,
    gracefulShutdown: { signal: "SIGTERM", timeout: 20_000 },
    stdout: "pipe",
    stderr: "pipe",
  },
});
