// The tests need Debian's Chromium (browser tests) and poppler-utils (reading PDFs back).
// As root we install what is missing with apt; otherwise we say exactly what to install.
import { execFileSync, spawnSync } from "node:child_process";
import { existsSync } from "node:fs";

const tools = [
  { binary: "/usr/bin/chromium", debianPackage: "chromium" },
  { binary: "/usr/bin/pdftotext", debianPackage: "poppler-utils" },
] as const;

export function ensureSystemTools(): void {
  const missing = tools
    .filter((tool) => !existsSync(tool.binary))
    .map((tool) => tool.debianPackage);
  if (missing.length === 0) return;
  const isRoot = process.getuid?.() === 0;
  if (!isRoot) {
    console.error(
      `Missing system packages: ${missing.join(", ")}. Install them with: sudo apt-get install -y ${missing.join(" ")}`,
    );
    process.exit(1);
  }
  console.log(`Installing ${missing.join(", ")} with apt-get…`);
  execFileSync("apt-get", ["update", "-qq"], { stdio: "inherit" });
  const install = spawnSync("apt-get", ["install", "-y", "-qq", ...missing], {
    stdio: "inherit",
    env: { ...process.env, DEBIAN_FRONTEND: "noninteractive" },
  });
  if (install.status !== 0) {
    console.error(`apt-get could not install ${missing.join(", ")}.`);
    process.exit(1);
  }
}
