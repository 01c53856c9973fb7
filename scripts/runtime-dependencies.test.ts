// The server runs from a production-only install (`npm ci --omit=dev` after `npm run build`,
// decision 018): every package its runtime code imports must be a production dependency of the
// workspace that imports it, or the API stops with ERR_MODULE_NOT_FOUND in production only.
import { readdirSync, readFileSync } from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";

const root = path.resolve(import.meta.dirname, "..");

/** The workspaces the server loads at run time, as `src` folders. */
const runtimeWorkspaces = [
  "apps/server",
  "packages/contracts",
  "packages/schedule",
  "packages/reference-data",
];

/** Files that only tests, benches or the build load. */
const isNotRuntime = (file: string) =>
  /\.(test|spec|test-support|fixtures|table)\.ts$/.test(file) ||
  /\.test\./.test(file) ||
  /(^|\/)(test|app-tests|testing)\//.test(file) ||
  file.endsWith("drizzle.config.ts");

function runtimeFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true, recursive: true })
    .filter((entry) => entry.isFile() && entry.name.endsWith(".ts"))
    .map((entry) => path.relative(dir, path.join(entry.parentPath, entry.name)))
    .filter((file) => !isNotRuntime(file));
}

/** Bare specifiers of static and dynamic imports and re-exports, as package names. */
function importedPackages(source: string): string[] {
  const specifiers = [
    ...source.matchAll(/^\s*(?:import|export)\s[^;]*?\sfrom\s+["']([^"']+)["']/gms),
    ...source.matchAll(/^\s*import\s+["']([^"']+)["']/gm),
    ...source.matchAll(/\bimport\(\s*["']([^"']+)["']\s*\)/g),
  ].map((match) => match[1]!);
  return specifiers
    .filter((specifier) => !specifier.startsWith(".") && !specifier.startsWith("node:"))
    .map((specifier) => {
      const parts = specifier.split("/");
      return specifier.startsWith("@") ? parts.slice(0, 2).join("/") : parts[0]!;
    });
}

describe("the server's runtime imports (decision 018)", () => {
  it.each(runtimeWorkspaces)("%s imports only its production dependencies", (workspace) => {
    const manifest = JSON.parse(readFileSync(path.join(root, workspace, "package.json"), "utf8"));
    const production = new Set(Object.keys(manifest.dependencies ?? {}));
    const srcDir = path.join(root, workspace, "src");
    const missing = runtimeFiles(srcDir).flatMap((file) =>
      importedPackages(readFileSync(path.join(srcDir, file), "utf8"))
        .filter((name) => !production.has(name))
        .map((name) => `${file} imports ${name}`),
    );
    expect(missing).toEqual([]);
  });

  it("pins Node 24 as a production dependency, so npm scripts run it after --omit=dev", () => {
    const manifest = JSON.parse(readFileSync(path.join(root, "package.json"), "utf8"));
    expect(manifest.dependencies?.node).toMatch(/^\^24\./);
  });
});
