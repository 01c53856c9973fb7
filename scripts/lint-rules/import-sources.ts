import type { Rule } from "eslint";
import type { Node } from "estree";

// What the server's lint rules share: the relative import specifiers of a file, resolved.

type WithSource = { source?: Node | null };

/** Calls `visit(node, targetPath)` for every relative import, export-from and import(). */
export function visitRelativeImports(
  context: Rule.RuleContext,
  visit: (node: Node, target: string) => void,
): Rule.RuleListener {
  const check = (node: WithSource) => {
    const source = node.source;
    if (source?.type !== "Literal" || typeof source.value !== "string") return;
    if (!source.value.startsWith(".")) return;
    visit(source, new URL(source.value, `file://${context.filename}`).pathname);
  };
  return {
    ImportDeclaration: check,
    ExportNamedDeclaration: check,
    ExportAllDeclaration: check,
    ImportExpression: check,
  };
}

/** The path under apps/server/src (`modules/calendars/index.ts`), or null outside it. */
export function toServerPath(file: string): string | null {
  return /\/apps\/server\/src\/(.+)$/.exec(file.replaceAll("\\", "/"))?.[1] ?? null;
}
