// The image and the one-host topology (decision 019). Base images cannot be pulled here, so the
// image is not built: the Dockerfile is linted with dockerfile-utils (the linter behind VS Code's
// Dockerfile support), and the topology's promises are read from compose.yaml. The multi-node
// test runs the same topology as processes.
import { readFileSync } from "node:fs";
import path from "node:path";
import { validate } from "dockerfile-utils";
import { describe, expect, it } from "vitest";
import { parse } from "yaml";

const root = path.resolve(import.meta.dirname, "..");
const dockerfile = readFileSync(path.join(root, "Dockerfile"), "utf8");

/** Lines of the Dockerfile with continuation lines joined, comments dropped. */
const instructions = dockerfile
  .replace(/\\\n\s*/g, " ")
  .split("\n")
  .map((line) => line.trim())
  .filter((line) => line !== "" && !line.startsWith("#"));
const stages = instructions.reduce<string[][]>((all, line) => {
  if (line.startsWith("FROM ")) all.push([]);
  all.at(-1)?.push(line);
  return all;
}, []);
const runtime = stages.at(-1) ?? [];

describe("the Dockerfile (decision 019)", () => {
  it("has no lint problems", () => {
    const problems = validate(dockerfile).map(
      (problem) => `line ${problem.range.start.line + 1}: ${problem.message}`,
    );
    expect(problems).toEqual([]);
  });

  it("is linted by a linter that does find problems", () => {
    const broken = "FROM node:24\nMAINTAINER someone\nCMD node\nCMD node\n";
    expect(validate(broken).map((problem) => problem.message)).toEqual([
      expect.stringMatching(/only be one CMD/),
      expect.stringMatching(/MAINTAINER has been deprecated/),
    ]);
  });

  it("builds in one stage and runs Node 24 in another", () => {
    expect(stages.length).toBeGreaterThanOrEqual(2);
    for (const stage of stages) expect(stage[0]).toMatch(/^FROM node:24[-.\w]* AS \w+$/);
  });

  it("runs as a non-root user, with production dependencies only and a health check", () => {
    expect(runtime).toContain("USER node");
    expect(runtime.some((line) => /^RUN npm ci --omit=dev\b/.test(line))).toBe(true);
    expect(runtime.some((line) => /^HEALTHCHECK .*\/api\/health/.test(line))).toBe(true);
    expect(runtime.some((line) => /vite|npm run build/.test(line))).toBe(false);
  });

  it("carries everything the server loads at run time", () => {
    for (const folder of [
      "apps/server/src",
      "apps/server/drizzle",
      "apps/web/dist",
      "packages/contracts/src",
      "packages/schedule/src",
      "packages/reference-data/src",
      "scripts/build-if-stale.ts",
    ])
      expect(runtime.filter((line) => line.startsWith("COPY ")).join("\n")).toContain(
        `/app/${folder} `,
      );
  });
});

type Service = {
  image?: string;
  command?: string[];
  environment?: Record<string, string>;
  networks?: string[] | Record<string, { ipv4_address?: string }>;
};
const compose = parse(readFileSync(path.join(root, "compose.yaml"), "utf8"), { merge: true }) as {
  services: Record<string, Service>;
};
const services = Object.entries(compose.services);
const running = (command: string) =>
  services.filter(([, service]) => service.command?.join(" ") === command);

describe("compose.yaml (decision 019)", () => {
  it("runs PostgreSQL 17, two API nodes, one worker and Caddy in front", () => {
    expect(compose.services.db?.image).toBe("postgres:17");
    expect(running("npm start")).toHaveLength(2);
    expect(running("npm run worker")).toHaveLength(1);
    expect(compose.services.proxy?.image).toMatch(/^caddy:2/);
  });

  it("migrates once, before the nodes, and no node migrates itself", () => {
    expect(running("npm run migrate")).toHaveLength(1);
    for (const [, service] of [...running("npm start"), ...running("npm run worker")])
      expect(service.environment?.MIGRATE_ON_START).toBe("false");
  });

  it("runs the jobs in the worker alone", () => {
    for (const [, service] of running("npm start"))
      expect(service.environment?.RUN_WORKERS).toBe("false");
  });

  it("has the API nodes trust only the proxy's own address", () => {
    const networks = compose.services.proxy?.networks as Record<string, { ipv4_address?: string }>;
    const proxyAddress = Object.values(networks)[0]?.ipv4_address;
    expect(proxyAddress).toMatch(/^\d+\.\d+\.\d+\.\d+$/);
    for (const [, service] of running("npm start"))
      expect(service.environment?.TRUST_PROXY).toBe(proxyAddress);
  });
});
