import type { ESLint, Rule } from "eslint";
import type { Node } from "estree";

/*
 * The web app's layers point one way: shared (components, config, lib, stores) → features → app
 * (bulletproof-react's rule). A feature imports another feature only through its public entry
 * (`features/<name>/index.ts`), never a file inside it; a test may also use another feature's
 * test helpers (`features/<name>/testing/`). scripts/check-import-cycles.ts keeps those imports
 * one way. src/testing is the tests' own and outside the layers.
 */

type Layer = { kind: "feature"; name: string; rest: string } | { kind: "app" } | { kind: "shared" };

function layerOf(file: string): Layer | null {
  const match = /\/apps\/web\/src\/(?:features\/([^/]+)\/(.*)|([^/]+)\/)/.exec(
    file.replaceAll("\\", "/"),
  );
  if (!match || match[3] === "testing") return null;
  if (match[1]) return { kind: "feature", name: match[1], rest: match[2] ?? "" };
  return { kind: match[3] === "app" ? "app" : "shared" };
}

function describeWrongImport(from: Layer, to: Layer | null, isTest: boolean): string | null {
  if (to?.kind === "app" && from.kind !== "app") return "Only src/app imports from src/app.";
  if (to?.kind !== "feature") return null;
  if (from.kind === "shared") return "Shared code never imports a feature.";
  if (from.kind !== "feature" || to.name === from.name || to.rest === "index.ts") return null;
  if (isTest && to.rest.startsWith("testing/")) return null;
  return `Feature '${from.name}' may import feature '${to.name}' only through its entry 'features/${to.name}/index.ts'.`;
}

const oneWayImports: Rule.RuleModule = {
  meta: { type: "problem", schema: [] },
  create(context) {
    const from = layerOf(context.filename);
    if (!from) return {};
    const isTest = /\.test\.tsx?$/.test(context.filename);
    const check = (node: { source?: Node | null }) => {
      const source = node.source;
      if (source?.type !== "Literal" || typeof source.value !== "string") return;
      if (!source.value.startsWith(".")) return;
      const target = new URL(source.value, `file://${context.filename}`).pathname;
      const message = describeWrongImport(from, layerOf(target), isTest);
      if (message) context.report({ node: source, message });
    };
    return {
      ImportDeclaration: check,
      ExportNamedDeclaration: check,
      ExportAllDeclaration: check,
      ImportExpression: check,
    };
  },
};

export const webLayers: ESLint.Plugin = { rules: { "one-way-imports": oneWayImports } };
