import { RuleTester } from "eslint";
import { describe, it } from "vitest";
import { serverLayers } from "./server-layers.ts";
import { serverModules } from "./server-modules.ts";

// RuleTester runs its cases as Vitest tests.
RuleTester.describe = describe;
RuleTester.it = it;
RuleTester.itOnly = it.only;

const tester = new RuleTester({ languageOptions: { ecmaVersion: "latest", sourceType: "module" } });
const src = "/repo/apps/server/src";

tester.run("server-modules/no-reaching-in", serverModules.rules["no-reaching-in"], {
  valid: [
    {
      name: "a module imports another through its index.ts",
      filename: `${src}/modules/reminders/plan-reminders.ts`,
      code: 'import { listOccurrencesOfCalendars } from "../calendars/index.ts";',
    },
    {
      name: "a module imports its own files, in any sub-folder",
      filename: `${src}/modules/calendars/documents/documents.routes.ts`,
      code: 'import { toCalendarKey } from "../calendars/calendar-access.ts";',
    },
    {
      name: "app.ts imports a module's index.ts",
      filename: `${src}/app.ts`,
      code: 'import { accountsRoutes } from "./modules/accounts/index.ts";',
    },
    {
      name: "a whole-app test imports a module's index.ts",
      filename: `${src}/app-tests/safe-defaults.test.ts`,
      code: 'import { buildEmailVerificationHash } from "../modules/accounts/index.ts";',
    },
  ],
  invalid: [
    {
      name: "a module reaches into another",
      filename: `${src}/modules/reminders/plan-reminders.ts`,
      code: 'import { listOccurrencesOfCalendars } from "../calendars/calendars/calendar-occurrences.ts";',
      errors: [{ messageId: "reachingIn" }],
    },
    {
      name: "app.ts reaches into a module's routes file",
      filename: `${src}/app.ts`,
      code: 'import { accountsRoutes } from "./modules/accounts/accounts.routes.ts";',
      errors: [{ messageId: "reachingIn" }],
    },
    {
      name: "a whole-app test reaches into a module",
      filename: `${src}/app-tests/safe-defaults.test.ts`,
      code: 'export { buildEmailVerificationHash } from "../modules/accounts/email-verification-link.ts";',
      errors: [{ messageId: "reachingIn" }],
    },
    {
      name: "a dynamic import reaches into a module",
      filename: `${src}/jobs/jobs.ts`,
      code: 'const sender = await import("../modules/reminders/send-reminders.ts");',
      errors: [{ messageId: "reachingIn" }],
    },
  ],
});

tester.run("server-layers/ranked-imports", serverLayers.rules["ranked-imports"], {
  valid: [
    {
      name: "a layer imports a layer below it",
      filename: `${src}/db/embedded-postgres.ts`,
      code: 'import { readOrCreateSecretFile } from "../lib/app-secret.ts";',
    },
    {
      name: "config, at the root of src, imports the layers whose settings it reads",
      filename: `${src}/config.ts`,
      code: 'import { parseTrustProxy } from "./http/client-address.ts";',
    },
    {
      name: "a module imports a shared layer",
      filename: `${src}/modules/accounts/sessions.service.ts`,
      code: 'import { enforceRateLimit } from "../../rate-limits/rate-limit.ts";',
    },
    {
      name: "the jobs import a module",
      filename: `${src}/jobs/jobs.ts`,
      code: 'import { planAllReminders } from "../modules/reminders/index.ts";',
    },
    {
      name: "a test of a shared layer builds the whole app",
      filename: `${src}/http/no-store.test.ts`,
      code: 'import { createTestApp } from "../test/app.ts";',
    },
  ],
  invalid: [
    {
      name: "lib imports db, which ranks above it",
      filename: `${src}/lib/housekeeping.ts`,
      code: 'import { connectDatabase } from "../db/database.ts";',
      errors: [{ messageId: "upward" }],
    },
    {
      name: "http imports config, which ranks above it",
      filename: `${src}/http/logging.ts`,
      code: 'import { parseConfig } from "../config.ts";',
      errors: [{ messageId: "upward" }],
    },
    {
      name: "a shared layer imports a module, even through its index.ts",
      filename: `${src}/outbox/messaging.ts`,
      code: 'import { accountsRoutes } from "../modules/accounts/index.ts";',
      errors: [{ messageId: "intoModule" }],
    },
    {
      name: "a module imports the entry points",
      filename: `${src}/modules/reminders/plan-reminders.ts`,
      code: 'import { buildApp } from "../../app.ts";',
      errors: [{ messageId: "upward" }],
    },
    {
      name: "code that is not a test imports the test helpers",
      filename: `${src}/modules/calendars/calendars/calendars.service.ts`,
      code: 'import { createTestApp } from "../../../test/app.ts";',
      errors: [{ messageId: "intoTests" }],
    },
    {
      name: "a new folder without a rank",
      filename: `${src}/cache/store.ts`,
      code: 'import { systemClock } from "../lib/clock.ts";',
      errors: [{ messageId: "unranked" }],
    },
  ],
});
