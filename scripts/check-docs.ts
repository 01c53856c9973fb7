// Fails when the docs say something the tree can check and it is not true:
// - a relative Markdown link (and its #anchor into a Markdown heading) resolves to nothing;
// - a `docs/decisions/NNN` or "decision NNN" / "ADR NNN" reference names no decision record;
// - a command in README.md (`npm run X`, `npm X`) is not a script in package.json nor an npm
//   built-in;
// - a backticked path in docs/spec-coverage.md's code and test columns does not exist.
// Reports every failure at once. Runs in `npm test`; `node scripts/check-docs.ts [root]`.
import { execFileSync } from "node:child_process";
import { existsSync, readFileSync, readdirSync } from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";

export type Problem = { rule: Rule; file: string; line: number; message: string };
export type Rule = "link" | "decision" | "command" | "spec-coverage";

const skippedFolders = new Set([".git", "node_modules", "dist", "data", ".tmp", "test-results"]);
const referenceExtensions = /\.(md|ts|tsx|js|mjs|cjs|sql|json)$|(^|\/)\.env\.example$/;
const npmBuiltIns = new Set([
  "install",
  "i",
  "ci",
  "test",
  "t",
  "start",
  "stop",
  "restart",
  "exec",
  "init",
  "update",
  "uninstall",
  "ls",
  "audit",
  "outdated",
  "pack",
  "publish",
  "version",
  "view",
  "help",
]);

/** Every file of the tree: git's tracked files in a repository, else a walk of the folder. */
function listFiles(root: string): string[] {
  try {
    const output = execFileSync("git", ["ls-files", "-z"], {
      cwd: root,
      encoding: "utf8",
      stdio: ["ignore", "pipe", "ignore"],
    });
    const tracked = output.split("\0").filter(Boolean);
    // A file deleted in the work tree but not yet in the index is not there for a reader.
    if (tracked.length > 0) return tracked.filter((file) => existsSync(path.join(root, file)));
  } catch {
    // Not a repository (the check's own fixtures): walk the folder.
  }
  const walk = (folder: string): string[] =>
    readdirSync(path.join(root, folder), { withFileTypes: true }).flatMap((entry) => {
      const relative = folder ? `${folder}/${entry.name}` : entry.name;
      if (entry.isDirectory()) return skippedFolders.has(entry.name) ? [] : walk(relative);
      return [relative];
    });
  return walk("");
}

type Tree = { root: string; files: string[]; fileSet: Set<string>; folders: Set<string> };

function readTree(root: string): Tree {
  const files = listFiles(root).sort();
  const folders = new Set<string>([""]);
  for (const file of files) {
    const parts = file.split("/");
    for (let i = 1; i < parts.length; i++) folders.add(parts.slice(0, i).join("/"));
  }
  return { root, files, fileSet: new Set(files), folders };
}

/** Lines with fenced code blocks blanked, and each line's fenced code kept apart. */
function splitMarkdown(text: string): { prose: string[]; code: string[] } {
  const prose: string[] = [];
  const code: string[] = [];
  let fence: string | null = null;
  for (const line of text.split("\n")) {
    const marker = /^\s*(```+|~~~+)/.exec(line)?.[1];
    if (fence === null && marker) {
      fence = marker;
      prose.push("");
      code.push("");
    } else if (fence !== null && marker?.startsWith(fence)) {
      fence = null;
      prose.push("");
      code.push("");
    } else if (fence !== null) {
      prose.push("");
      code.push(line);
    } else {
      prose.push(line);
      code.push("");
    }
  }
  return { prose, code };
}

const inlineCode = /(`+)(.+?)\1/g;

/** GitHub's heading anchors: lower case, punctuation dropped, spaces to hyphens, -1, -2 for repeats. */
export function headingSlugs(markdown: string): Set<string> {
  const slugs = new Set<string>();
  const seen = new Map<string, number>();
  for (const line of splitMarkdown(markdown).prose) {
    const heading = /^#{1,6}\s+(.*?)\s*#*\s*$/.exec(line)?.[1];
    if (heading === undefined) continue;
    const text = heading
      .replace(/!?\[([^\]]*)\]\([^)]*\)/g, "$1")
      .replace(/<[^>]+>/g, "")
      .replace(/[`*_~]/g, (mark) => (mark === "_" ? "_" : ""));
    const base = text
      .trim()
      .toLowerCase()
      .replace(/[^\p{L}\p{M}\p{N}\p{Pc} -]/gu, "")
      .replace(/ /g, "-");
    const count = seen.get(base) ?? 0;
    seen.set(base, count + 1);
    slugs.add(count === 0 ? base : `${base}-${count}`);
  }
  return slugs;
}

function checkLinks(tree: Tree, problems: Problem[]): void {
  const slugCache = new Map<string, Set<string>>();
  const slugsOf = (file: string): Set<string> => {
    let slugs = slugCache.get(file);
    if (!slugs) {
      slugs = headingSlugs(readFileSync(path.join(tree.root, file), "utf8"));
      slugCache.set(file, slugs);
    }
    return slugs;
  };
  const linkPattern =
    /!?\[[^\]]*\]\(\s*<?([^)\s>]+)>?(?:\s+["'(][^)]*)?\)|^\s*\[[^\]]+\]:\s+(\S+)/g;
  for (const file of tree.files.filter((name) => name.endsWith(".md"))) {
    const lines = splitMarkdown(readFileSync(path.join(tree.root, file), "utf8")).prose;
    lines.forEach((rawLine, index) => {
      const line = rawLine.replace(inlineCode, (match) => " ".repeat(match.length));
      for (const match of line.matchAll(linkPattern)) {
        const target = match[1] ?? match[2] ?? "";
        if (/^[a-z][a-z0-9+.-]*:/i.test(target) || target.startsWith("/")) continue;
        const hashAt = target.indexOf("#");
        const pathPart = decodeURI(hashAt === -1 ? target : target.slice(0, hashAt)).replace(
          /\?.*$/,
          "",
        );
        const anchor = hashAt === -1 ? null : decodeURIComponent(target.slice(hashAt + 1));
        const resolved = pathPart
          ? path.posix.normalize(path.posix.join(path.posix.dirname(file), pathPart))
          : file;
        const where = { rule: "link" as const, file, line: index + 1 };
        const asFolder = resolved.replace(/\/$/, "");
        if (resolved.startsWith("..")) {
          problems.push({ ...where, message: `${target}: points outside the repository` });
        } else if (
          !tree.fileSet.has(asFolder) &&
          !tree.folders.has(asFolder === "." ? "" : asFolder)
        ) {
          problems.push({ ...where, message: `${target}: no file or folder ${resolved}` });
        } else if (anchor && tree.fileSet.has(asFolder) && asFolder.endsWith(".md")) {
          if (!slugsOf(asFolder).has(anchor.toLowerCase())) {
            problems.push({ ...where, message: `${target}: no heading #${anchor} in ${asFolder}` });
          }
        }
      }
    });
  }
}

function checkDecisionReferences(tree: Tree, problems: Problem[]): void {
  const records = tree.files
    .map((file) => /^docs\/decisions\/((\d{3})-[^/]+\.md)$/.exec(file))
    .filter((match) => match !== null);
  const numbers = new Set(records.map((match) => match[2]));
  const names = new Set(records.map((match) => match[1]));
  const pathReference = /docs\/decisions\/(\d{3})((?:-[\w.-]*[\w])?)/g;
  const wordReference =
    /\b(?:decisions?|ADRs?|records?)\s+(\d{3}(?:(?:\s*,\s*|\s+and\s+|\s+or\s+|\s*\/\s*)\d{3})*)\b/gi;
  const files = tree.files.filter(
    (file) => referenceExtensions.test(file) && !file.endsWith("package-lock.json"),
  );
  for (const file of files) {
    const lines = readFileSync(path.join(tree.root, file), "utf8").split("\n");
    lines.forEach((line, index) => {
      const where = { rule: "decision" as const, file, line: index + 1 };
      for (const match of line.matchAll(pathReference)) {
        const [text, number = "", rest = ""] = match;
        if (!numbers.has(number)) {
          problems.push({ ...where, message: `${text}: no decision record ${number}` });
        } else if (rest.endsWith(".md") && !names.has(`${number}${rest}`)) {
          problems.push({ ...where, message: `${text}: no file docs/decisions/${number}${rest}` });
        }
      }
      for (const match of line.matchAll(wordReference)) {
        for (const number of (match[1] ?? "").match(/\d{3}/g) ?? []) {
          if (!numbers.has(number)) {
            problems.push({ ...where, message: `"${match[0]}": no decision record ${number}` });
          }
        }
      }
    });
  }
}

function checkReadmeCommands(tree: Tree, problems: Problem[]): void {
  if (!tree.fileSet.has("README.md") || !tree.fileSet.has("package.json")) return;
  const manifest = JSON.parse(readFileSync(path.join(tree.root, "package.json"), "utf8")) as {
    scripts?: Record<string, string>;
  };
  const scripts = new Set(Object.keys(manifest.scripts ?? {}));
  const { prose, code } = splitMarkdown(readFileSync(path.join(tree.root, "README.md"), "utf8"));
  const commandPattern = /(?:^|[^\w-])npm\s+(?:(run(?:-script)?)\s+)?([\w:.-]+)/g;
  prose.forEach((proseLine, index) => {
    const spans = [...proseLine.matchAll(inlineCode)].map((match) => match[2] ?? "");
    for (const text of [...spans, code[index] ?? ""]) {
      for (const match of text.matchAll(commandPattern)) {
        const [, run, name = ""] = match;
        const known = run ? scripts.has(name) : scripts.has(name) || npmBuiltIns.has(name);
        if (!known) {
          problems.push({
            rule: "command",
            file: "README.md",
            line: index + 1,
            message: `${match[0].trim()}: no script "${name}" in package.json`,
          });
        }
      }
    }
  });
}

const shortForms: Record<string, string> = {
  web: "apps/web/src",
  server: "apps/server/src",
  auth: "apps/web/src/features/auth",
  cb: "apps/web/src/features/calendar-builder",
  cals: "apps/web/src/features/calendars",
  contracts: "packages/contracts/src",
  schedule: "packages/schedule/src",
  refdata: "packages/reference-data/src",
};

function checkSpecCoverage(tree: Tree, problems: Problem[]): void {
  const file = "docs/spec-coverage.md";
  if (!tree.fileSet.has(file)) return;
  const byBaseName = new Map<string, string[]>();
  for (const name of tree.files) {
    const base = path.posix.basename(name);
    byBaseName.set(base, [...(byBaseName.get(base) ?? []), name]);
  }
  const cellsOf = (line: string): string[] =>
    line
      .replace(/^\s*\|/, "")
      .replace(/\|\s*$/, "")
      .split(/(?<!\\)\|/)
      .map((cell) => cell.trim());
  const lines = splitMarkdown(readFileSync(path.join(tree.root, file), "utf8")).prose;
  let pathColumns: number[] = [];
  lines.forEach((line, index) => {
    if (!line.trim().startsWith("|")) {
      pathColumns = [];
      return;
    }
    const cells = cellsOf(line);
    const next = lines[index + 1] ?? "";
    if (/^\s*\|\s*:?-{3,}/.test(next)) {
      pathColumns = cells.flatMap((cell, at) => (/^(code|test|schema)\b/i.test(cell) ? [at] : []));
      return;
    }
    for (const column of pathColumns) {
      for (const match of (cells[column] ?? "").matchAll(inlineCode)) {
        const text = (match[2] ?? "").trim();
        // A path has a folder or a file extension; a route starts with '/'; identifiers have neither.
        if (text.startsWith("/") || /\s/.test(text)) continue;
        if (!text.includes("/") && !/\.[a-z]{1,5}$/i.test(text)) continue;
        if (!/^[\w.@-]+(\/[\w.@[\]-]*)*$/.test(text)) continue;
        const message = resolveCoveragePath(text, tree, byBaseName);
        if (message) {
          problems.push({ rule: "spec-coverage", file, line: index + 1, message });
        }
      }
    }
  });
}

function resolveCoveragePath(
  text: string,
  tree: Tree,
  byBaseName: Map<string, string[]>,
): string | null {
  if (!text.includes("/")) {
    const found = byBaseName.get(text) ?? [];
    if (found.length === 1) return null;
    return found.length === 0
      ? `${text}: no file of that name`
      : `${text}: ${found.length} files of that name (${found.join(", ")}); give its folder`;
  }
  const [head = "", ...rest] = text.split("/");
  let full: string;
  if (shortForms[head] !== undefined) full = [shortForms[head], ...rest].join("/");
  else if (head === "e2e" && rest.length === 1 && text.endsWith(".spec.ts")) {
    full = `e2e/tests/${rest[0]}`;
  } else full = text;
  const normal = full.replace(/\/$/, "");
  if (tree.fileSet.has(normal) || tree.folders.has(normal)) return null;
  const message = full === text ? `${text}: not found` : `${text}: not found (${full})`;
  // A file that moved keeps its name: say where a file of that name is now.
  const namesakes = byBaseName.get(path.posix.basename(normal)) ?? [];
  return namesakes.length > 0
    ? `${message}; a file of that name: ${namesakes.join(", ")}`
    : message;
}

export function checkDocs(root: string): Problem[] {
  const tree = readTree(root);
  const problems: Problem[] = [];
  checkLinks(tree, problems);
  checkDecisionReferences(tree, problems);
  checkReadmeCommands(tree, problems);
  checkSpecCoverage(tree, problems);
  return problems;
}

const headings: Record<Rule, string> = {
  link: "Relative links that resolve to nothing",
  decision: "References to decision records that do not exist",
  command: "README commands that package.json does not have",
  "spec-coverage": "Paths in docs/spec-coverage.md that do not exist",
};

export function formatProblems(problems: Problem[]): string {
  const sections = (Object.keys(headings) as Rule[]).flatMap((rule) => {
    const ofRule = problems.filter((problem) => problem.rule === rule);
    if (ofRule.length === 0) return [];
    const lines = ofRule.map((problem) => `  ${problem.file}:${problem.line}  ${problem.message}`);
    return [`${headings[rule]} (${ofRule.length}):`, ...lines];
  });
  return sections.join("\n");
}

if (process.argv[1] && path.resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  const root = path.resolve(process.argv[2] ?? path.join(import.meta.dirname, ".."));
  const problems = checkDocs(root);
  if (problems.length > 0) {
    console.error(formatProblems(problems));
    console.error(`\n✖ docs check: ${problems.length} problem(s).`);
    process.exit(1);
  }
  process.stdout.write(
    "docs check: links, decision references, README commands and spec-coverage paths resolve.\n",
  );
}
