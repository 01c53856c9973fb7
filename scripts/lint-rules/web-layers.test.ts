import { RuleTester } from "eslint";
import { describe, it } from "vitest";
import { webLayers } from "./web-layers.ts";

// RuleTester runs its cases as Vitest tests.
RuleTester.describe = describe;
RuleTester.it = it;
RuleTester.itOnly = it.only;

const tester = new RuleTester({ languageOptions: { ecmaVersion: "latest", sourceType: "module" } });
const src = "/repo/apps/web/src";
const rule = webLayers.rules?.["one-way-imports"];
if (!rule || typeof rule === "function") throw new Error("web-layers/one-way-imports is missing");

tester.run("web-layers/one-way-imports", rule, {
  valid: [
    {
      name: "a feature imports another through its index.ts",
      filename: `${src}/features/calendars/components/edit-calendar-page.tsx`,
      code: 'import { ReviewCalendarPage } from "../../calendar-builder/index.ts";',
    },
    {
      name: "a feature imports its own files and the shared layers",
      filename: `${src}/features/calendars/components/edit-calendar-page.tsx`,
      code: 'import { x } from "../api/get-calendar-detail.ts";\nimport { y } from "../../../lib/api-client.ts";',
    },
    {
      name: "a test uses another feature's test helpers",
      filename: `${src}/features/calendars/components/edit-calendar-page.test.tsx`,
      code: 'import { x } from "../../calendar-builder/testing/calendar-builder-fixtures.ts";',
    },
    {
      name: "the app layer composes features, file by file for its lazy screens",
      filename: `${src}/app/routes/calendar-builder-screens.tsx`,
      code: 'const page = import("../../features/calendar-builder/components/setup-calendar-page.tsx");',
    },
  ],
  invalid: [
    {
      name: "a feature reaches inside another",
      filename: `${src}/features/calendars/components/given-shot-dialog.tsx`,
      code: 'import { formatDayDate } from "../../calendar-builder/lib/calendar-dates.ts";',
      errors: [
        {
          message:
            "Feature 'calendars' may import feature 'calendar-builder' only through its entry 'features/calendar-builder/index.ts'.",
        },
      ],
    },
    {
      name: "code that is not a test uses another feature's test helpers",
      filename: `${src}/features/calendars/components/edit-calendar-page.tsx`,
      code: 'import { x } from "../../calendar-builder/testing/calendar-builder-fixtures.ts";',
      errors: 1,
    },
    {
      name: "shared code imports a feature, even its entry",
      filename: `${src}/lib/current-user.ts`,
      code: 'import { authQueryKeys } from "../features/auth/index.ts";',
      errors: [{ message: "Shared code never imports a feature." }],
    },
    {
      name: "a feature imports the app layer",
      filename: `${src}/features/auth/components/login-modal-body.tsx`,
      code: 'export { routes } from "../../../app/routes.tsx";',
      errors: [{ message: "Only src/app imports from src/app." }],
    },
  ],
});
