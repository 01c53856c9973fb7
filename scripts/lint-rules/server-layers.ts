import type { ESLint, Rule } from "eslint";
import { toServerPath, visitRelativeImports } from "./import-sources.ts";

/**
 * The server's folders, lowest first: a file imports only its own folder and folders below it.
 * The shared layers sit below the feature modules, which only the jobs and the entry points
 * (app.ts, server.ts, worker.ts, migrate.ts) compose. docs/ARCHITECTURE.md says what each layer holds.
 */
export const serverLayerOrder = [
  "lib",
  "errors",
  "db",
  "rate-limits",
  "mail",
  "sms",
  "http",
  "config",
  "auth",
  "outbox",
  "modules",
  "jobs",
  "app",
];

const entryPoints = new Set(["app.ts", "server.ts", "worker.ts", "migrate.ts"]);
/** Test helpers and whole-app tests: above everything, and never imported by the code they test. */
const testFolders = new Set(["test", "app-tests"]);

/** A server file's layer: its first folder, `config` for config.ts, `app` for the entry points. */
export function findServerLayer(serverPath: string | null): string | null {
  if (serverPath === null) return null;
  const [first = "", ...rest] = serverPath.split("/");
  if (rest.length > 0) return first;
  return entryPoints.has(first) ? "app" : first.replace(/\.ts$/, "");
}

/**
 * No folder imports a folder above it in `serverLayerOrder`, so no shared layer imports a module,
 * and no code imports the test helpers. Test files (`*.test.ts`) stand outside the rank: they may
 * build the whole app with src/test to test their own layer.
 */
const rankedImports: Rule.RuleModule = {
  meta: {
    type: "problem",
    schema: [],
    messages: {
      upward:
        "'{{from}}' must not import '{{to}}', which ranks above it ({{order}}): move the shared part down, or pass it in from above.",
      intoModule:
        "The shared layer '{{from}}' must not import a module ('{{path}}'): move the shared part to a shared layer, or pass it in from app.ts.",
      intoTests: "Only tests import the test helpers ('{{path}}').",
      unranked:
        "The server folder '{{layer}}' has no rank: add it to serverLayerOrder (scripts/lint-rules/server-layers.ts).",
    },
  },
  create(context) {
    const fromPath = toServerPath(context.filename);
    const from = findServerLayer(fromPath);
    if (from === null || fromPath?.endsWith(".test.ts") || testFolders.has(from)) return {};
    const fromRank = serverLayerOrder.indexOf(from);
    return visitRelativeImports(context, (node, target) => {
      const targetPath = toServerPath(target);
      const to = findServerLayer(targetPath);
      if (to === null || to === from) return;
      if (testFolders.has(to)) {
        context.report({ node, messageId: "intoTests", data: { path: targetPath } });
        return;
      }
      const toRank = serverLayerOrder.indexOf(to);
      if (fromRank === -1 || toRank === -1) {
        const layer = fromRank === -1 ? from : to;
        context.report({ node, messageId: "unranked", data: { layer } });
        return;
      }
      if (toRank <= fromRank) return;
      if (to === "modules") {
        context.report({ node, messageId: "intoModule", data: { from, path: targetPath } });
        return;
      }
      context.report({
        node,
        messageId: "upward",
        data: { from, to, order: serverLayerOrder.join(" < ") },
      });
    });
  },
};

export const serverLayers = { rules: { "ranked-imports": rankedImports } } satisfies ESLint.Plugin;
