import { spawnSync } from "node:child_process";
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterEach, describe, expect, it } from "vitest";
import { checkDocs, headingSlugs, type Problem } from "./check-docs.ts";

// Numbers are interpolated so that this file itself names no missing decision record.
const present = "101";
const missing = "999";

const roots: string[] = [];
afterEach(() => {
  for (const root of roots.splice(0)) rmSync(root, { recursive: true, force: true });
});

/** A small tree outside any git repository, so the check walks it. */
function tree(files: Record<string, string>): string {
  const root = mkdtempSync(path.join(tmpdir(), "check-docs-"));
  roots.push(root);
  const base: Record<string, string> = {
    "package.json": JSON.stringify({ scripts: { test: "x", lint: "x", "admin:create": "x" } }),
    [`docs/decisions/${present}-a-choice.md`]: "# A choice\n",
  };
  for (const [name, text] of Object.entries({ ...base, ...files })) {
    mkdirSync(path.dirname(path.join(root, name)), { recursive: true });
    writeFileSync(path.join(root, name), text);
  }
  return root;
}

const messages = (problems: Problem[]) =>
  problems.map((p) => `${p.rule} ${p.file}:${p.line} ${p.message}`);

describe("relative links", () => {
  it("passes links to files, folders and headings that exist", () => {
    const root = tree({
      "README.md":
        "# Title\n\nSee [arch](docs/guide.md#the-map-2), [decisions](docs/decisions/) and [top](#title).\n",
      "docs/guide.md":
        "# Guide\n\n## The map: §2\n\n[back](../README.md) [web](https://example.com)\n",
    });
    expect(messages(checkDocs(root))).toEqual([]);
  });

  it("fails a link to a missing file and to a missing heading, with file and line", () => {
    const root = tree({
      "README.md": "# Title\n\n[gone](docs/gone.md)\n[bad anchor](docs/guide.md#nowhere)\n",
      "docs/guide.md": "# Guide\n",
    });
    expect(messages(checkDocs(root))).toEqual([
      "link README.md:3 docs/gone.md: no file or folder docs/gone.md",
      "link README.md:4 docs/guide.md#nowhere: no heading #nowhere in docs/guide.md",
    ]);
  });

  it("ignores links inside code", () => {
    const root = tree({ "README.md": "`[x](gone.md)`\n\n```md\n[y](gone.md)\n```\n" });
    expect(checkDocs(root)).toEqual([]);
  });

  it("makes GitHub's anchors: punctuation dropped, repeats numbered", () => {
    expect([...headingSlugs("# 7. The `calls` it makes\n## A\n## A\n")]).toEqual([
      "7-the-calls-it-makes",
      "a",
      "a-1",
    ]);
  });
});

describe("decision references", () => {
  it("passes references to records that exist", () => {
    const root = tree({
      "a.ts": `// see docs/decisions/${present}-a-choice.md and decision ${present}\n`,
      "b.md": `ADR ${present}; decisions ${present} and ${present}\n`,
      ".env.example": `# docs/decisions/${present}\n`,
    });
    expect(checkDocs(root)).toEqual([]);
  });

  it("fails a missing number, a wrong file name and a missing number in a list", () => {
    const root = tree({
      "a.ts": `// decision ${missing}\n`,
      ".env.example": `# docs/decisions/${present}-another-name.md\n`,
      "c.sql": `-- decisions ${present} and ${missing}\n`,
    });
    expect(messages(checkDocs(root))).toEqual([
      `decision .env.example:1 docs/decisions/${present}-another-name.md: no file docs/decisions/${present}-another-name.md`,
      `decision a.ts:1 "decision ${missing}": no decision record ${missing}`,
      `decision c.sql:1 "decisions ${present} and ${missing}": no decision record ${missing}`,
    ]);
  });
});

describe("README commands", () => {
  it("passes scripts of package.json and npm's own commands", () => {
    const root = tree({
      "README.md":
        "```sh\nnpm install && npm test\n```\n\n| `npm run lint` | `npm run admin:create -- --email x` |\n",
    });
    expect(checkDocs(root)).toEqual([]);
  });

  it("fails a command package.json does not have", () => {
    const root = tree({
      "README.md": "```sh\nnpm run lint\nnpm run gone\n```\n\nThen `npm frobnicate`.\n",
    });
    expect(messages(checkDocs(root))).toEqual([
      'command README.md:3 npm run gone: no script "gone" in package.json',
      'command README.md:6 npm frobnicate: no script "frobnicate" in package.json',
    ]);
  });
});

describe("spec-coverage paths", () => {
  const table = (code: string, test: string) =>
    `# Spec coverage\n\n| item | code | test | status |\n| --- | --- | --- | --- |\n| x \`/route\` | ${code} | ${test} | **done** \`nothing/here.ts\` |\n`;
  const files = {
    "apps/web/src/features/calendar-builder/step.tsx": "",
    "apps/server/src/modules/admin/admin.routes.ts": "",
    "e2e/tests/smoke.spec.ts": "",
    "e2e/playwright.config.ts": "",
    "packages/schedule/src/one-of-a-kind.ts": "",
  };

  it("resolves short forms, e2e specs, folders and bare file names", () => {
    const root = tree({
      ...files,
      "docs/spec-coverage.md": table(
        "`cb/step.tsx`; `server/modules/admin/`; `one-of-a-kind.ts` (`someFunction`)",
        "`e2e/smoke.spec.ts`; `e2e/playwright.config.ts`",
      ),
    });
    expect(checkDocs(root)).toEqual([]);
  });

  it("fails a path that moved, a bare name that is missing or not unique", () => {
    const root = tree({
      ...files,
      "apps/web/src/step.tsx": "",
      "apps/server/src/modules/plans/moved.ts": "",
      "docs/spec-coverage.md": table("`server/lib/moved.ts`; `gone.ts`", "`step.tsx`"),
    });
    expect(messages(checkDocs(root))).toEqual([
      "spec-coverage docs/spec-coverage.md:5 server/lib/moved.ts: not found (apps/server/src/lib/moved.ts); a file of that name: apps/server/src/modules/plans/moved.ts",
      "spec-coverage docs/spec-coverage.md:5 gone.ts: no file of that name",
      "spec-coverage docs/spec-coverage.md:5 step.tsx: 2 files of that name (apps/web/src/features/calendar-builder/step.tsx, apps/web/src/step.tsx); give its folder",
    ]);
  });
});

describe("the command", () => {
  const run = (root: string) =>
    spawnSync(process.execPath, [path.join(import.meta.dirname, "check-docs.ts"), root], {
      encoding: "utf8",
    });

  it("lists every problem and exits 1, or exits 0 on a tree that is right", () => {
    const failed = run(tree({ "README.md": "[gone](gone.md)\n\n`npm run gone`\n" }));
    expect(failed.status).toBe(1);
    expect(failed.stderr).toContain("README.md:1  gone.md: no file or folder gone.md");
    expect(failed.stderr).toContain('README.md:3  npm run gone: no script "gone" in package.json');
    expect(failed.stderr).toContain("docs check: 2 problem(s)");

    expect(run(tree({ "README.md": "# Fine\n" })).status).toBe(0);
  });
});
