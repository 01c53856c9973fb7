import { mkdirSync, mkdtempSync, rmSync, utimesSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { webBuildOutput, webBuildState } from "./build-if-stale.ts";

let directory: string;

function write(file: string, at: Date): void {
  const target = path.join(directory, file);
  mkdirSync(path.dirname(target), { recursive: true });
  writeFileSync(target, "x");
  utimesSync(target, at, at);
}

const earlier = new Date("2026-11-27T09:00:00Z");
const later = new Date("2026-11-27T10:00:00Z");

beforeEach(() => {
  directory = mkdtempSync(path.join(tmpdir(), "vaxcal-build-state-"));
});
afterEach(() => rmSync(directory, { recursive: true, force: true }));

describe("npm start builds the web app only when it must (decision 018)", () => {
  it("builds when there is no build", () => {
    write("apps/web/src/main.tsx", earlier);
    expect(webBuildState(directory)).toBe("missing");
  });

  it("serves a build newer than every source", () => {
    write("apps/web/src/main.tsx", earlier);
    write("packages/schedule/src/engine.ts", earlier);
    write(webBuildOutput, later);
    expect(webBuildState(directory)).toBe("current");
  });

  it("rebuilds when a source of the web app changed after the build", () => {
    write(webBuildOutput, earlier);
    write("apps/web/src/features/deep/page.tsx", later);
    expect(webBuildState(directory)).toBe("stale");
  });

  it("rebuilds when a package the web app bundles changed after the build", () => {
    write("apps/web/src/main.tsx", earlier);
    write(webBuildOutput, earlier);
    write("packages/reference-data/src/vaccines.ts", later);
    expect(webBuildState(directory)).toBe("stale");
  });
});
