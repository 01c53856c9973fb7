import type { ESLint, Rule } from "eslint";
import { toServerPath, visitRelativeImports } from "./import-sources.ts";

/**
 * Server modules (apps/server/src/modules/<name>) are reached only through their entry,
 * `modules/<name>/index.ts`: another module, app.ts, the jobs, the test helpers and the whole-app
 * tests may import that file and nothing else inside the module.
 */
const noReachingIn: Rule.RuleModule = {
  meta: {
    type: "problem",
    schema: [],
    messages: {
      reachingIn:
        "Import module '{{module}}' through its entry 'modules/{{module}}/index.ts', not '{{path}}': add what you need to that entry.",
    },
  },
  create(context) {
    const moduleOf = (serverPath: string | null) =>
      /^modules\/([^/]+)\//.exec(serverPath ?? "")?.[1];
    const fromModule = moduleOf(toServerPath(context.filename));
    return visitRelativeImports(context, (node, target) => {
      const targetPath = toServerPath(target);
      const toModule = moduleOf(targetPath);
      if (toModule === undefined || toModule === fromModule) return;
      if (targetPath === `modules/${toModule}/index.ts`) return;
      context.report({
        node,
        messageId: "reachingIn",
        data: { module: toModule, path: targetPath },
      });
    });
  },
};

export const serverModules = { rules: { "no-reaching-in": noReachingIn } } satisfies ESLint.Plugin;
