import { defineConfig } from "@playwright/test";
import { fileURLToPath } from "node:url";

const port = Number(process.env.E2E_PORT ?? 3199);
const baseURL = `http://127.0.0.1:${port}`;
const repositoryRoot = fileURLToPath(new URL("..", import.meta.url));

export default defineConfig({
  testDir: "tests",
  forbidOnly: Boolean(process.env.CI),
  retries: 0,
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
    { name: "phone-375", use: { viewport: { width: 375, height: 812 } } },
    { name: "desktop-1280", use: { viewport: { width: 1280, height: 800 } } },
  ],
  webServer: {
    command: "node e2e/support/run-server.ts",
    cwd: repositoryRoot,
    url: `${baseURL}/api/health`,
    env: { PORT: String(port), HOST: "127.0.0.1", NODE_ENV: "test", LOG_LEVEL: "warn" },
    reuseExistingServer: false,
    // The first start creates a PostgreSQL cluster, migrates and seeds it.
    timeout: 180_000,
    gracefulShutdown: { signal: "SIGTERM", timeout: 20_000 },
    stdout: "pipe",
    stderr: "pipe",
  },
});
