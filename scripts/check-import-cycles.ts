// Fails when a file in apps/ or packages/ can reach itself through its imports: a circle makes
// load order matter and hides which layer depends on which. Type-only imports count too.
// Runs in `npm run lint`; it reads import specifiers with a pattern, so it takes well under a
// second where a resolver-based lint rule takes tens.
import { readFileSync, readdirSync } from "node:fs";
import path from "node:path";

const root = path.resolve(import.meta.dirname, "..");
const sourceRoots = ["apps", "packages"].map((folder) => path.join(root, folder));
const skippedFolders = new Set(["node_modules", "dist", "test-results", "playwright-report"]);
const importPattern =
  /(?:^|[\s;])(?:import|export)\s[^'"`;]*?from\s*["']([^"']+)["']|import\(\s*["']([^"']+)["']\s*\)/g;

function listSources(folder: string): string[] {
  return readdirSync(folder, { withFileTypes: true }).flatMap((entry) => {
    const full = path.join(folder, entry.name);
    if (entry.isDirectory()) return skippedFolders.has(entry.name) ? [] : listSources(full);
    return /\.tsx?$/.test(entry.name) && !entry.name.endsWith(".d.ts") ? [full] : [];
  });
}

/** Workspace packages by name, each with the file its bare name resolves to. */
function readWorkspaceEntries(): Map<string, string> {
  const entries = new Map<string, string>();
  for (const folder of readdirSync(path.join(root, "packages"))) {
    const manifestPath = path.join(root, "packages", folder, "package.json");
    const manifest = JSON.parse(readFileSync(manifestPath, "utf8")) as {
      name: string;
      exports?: string | Record<string, string | { default?: string; import?: string }>;
      main?: string;
    };
    const exported =
      typeof manifest.exports === "string" ? manifest.exports : manifest.exports?.["."];
    const target =
      typeof exported === "string"
        ? exported
        : (exported?.import ?? exported?.default ?? manifest.main);
    if (target) entries.set(manifest.name, path.join(root, "packages", folder, target));
  }
  return entries;
}

const files = sourceRoots.flatMap(listSources);
const known = new Set(files);
const workspaceEntries = readWorkspaceEntries();

function resolve(from: string, specifier: string): string | null {
  const target = specifier.startsWith(".")
    ? path.resolve(path.dirname(from), specifier)
    : workspaceEntries.get(specifier);
  if (target === undefined) return null;
  const candidates = [target, `${target}.ts`, `${target}.tsx`, path.join(target, "index.ts")];
  return candidates.find((candidate) => known.has(candidate)) ?? null;
}

const graph = new Map<string, string[]>();
for (const file of files) {
  const text = readFileSync(file, "utf8");
  const targets = new Set<string>();
  for (const match of text.matchAll(importPattern)) {
    const target = resolve(file, match[1] ?? match[2] ?? "");
    if (target !== null) targets.add(target);
  }
  graph.set(file, [...targets]);
}

// Depth-first search; a grey node met again closes a circle.
const state = new Map<string, "grey" | "black">();
const stack: string[] = [];
const cycles: string[][] = [];
function visit(file: string): void {
  state.set(file, "grey");
  stack.push(file);
  for (const next of graph.get(file) ?? []) {
    if (state.get(next) === "grey") cycles.push([...stack.slice(stack.indexOf(next)), next]);
    else if (!state.has(next)) visit(next);
  }
  stack.pop();
  state.set(file, "black");
}
for (const file of files) if (!state.has(file)) visit(file);

if (cycles.length > 0) {
  for (const cycle of cycles) {
    console.error(`Circular import: ${cycle.map((file) => path.relative(root, file)).join(" → ")}`);
  }
  process.exit(1);
}
