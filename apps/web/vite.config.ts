import react from "@vitejs/plugin-react";
import { mkdtemp, readdir, readFile, rm, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import { pathToFileURL } from "node:url";
import { promisify } from "node:util";
import { brotliCompress, constants, gzip } from "node:zlib";
import { build, defineConfig, loadEnv, type Plugin, type ResolvedConfig } from "vite";
import { parseWebEnv } from "./src/config/env-schema.ts";

export default defineConfig(({ mode }) => {
  // A bad VITE_* value stops the build here instead of shipping a misconfigured app.
  parseWebEnv(loadEnv(mode, process.cwd(), "VITE_"));
  return {
    plugins: [react(), finishBuild()],
    server: {
      proxy: { "/api": { target: process.env.API_URL ?? "http://127.0.0.1:3000" } },
    },
    build: {
      outDir: "dist",
      emptyOutDir: true,
      // One stylesheet, as before the screens were split: it is small, and per-screen sheets
      // would change the cascade's order with the order screens are opened in.
      cssCodeSplit: false,
      rolldownOptions: {
        output: {
          codeSplitting: {
            // The landing page gets three scripts (ours, the libraries', the bundler's runtime)
            // rather than a scatter of small shared chunks: fewer round trips on a weak signal.
            groups: [
              {
                // React, the router, TanStack Query and zod change only on upgrades: kept apart,
                // a returning visitor keeps them cached across our releases (bench/README.md).
                // Libraries only a lazy screen uses (libphonenumber-js, react-hook-form) stay
                // with that screen.
                name: "vendor",
                test: /[\\/]node_modules[\\/]/,
                tags: ["$initial"],
                priority: 2,
              },
              { name: "app", tags: ["$initial"], priority: 1 },
            ],
          },
        },
      },
    },
  };
});

/**
 * After the client build: pre-renders the landing page into index.html, then compresses every
 * text file. One hook, so the compressed index.html is the pre-rendered one.
 */
function finishBuild(): Plugin {
  let config: ResolvedConfig | undefined;
  return {
    name: "vaxcal:finish-build",
    apply: (_, { isSsrBuild }) => !isSsrBuild,
    configResolved(resolvedConfig) {
      config = resolvedConfig;
    },
    async closeBundle() {
      if (!config || config.command !== "build") return;
      const outDir = path.resolve(config.root, config.build.outDir);
      await prerenderLandingPage(config, outDir);
      await precompressAssets(outDir);
    },
  };
}

/** What every SPA route but the landing page is sent: the app with an empty root. */
const appShellFile = "app-shell.html";
const emptyRoot = '<div id="root"></div>';

/**
 * Renders the landing route with react-dom/server and writes it into index.html, which the server
 * sends for `/` only; every other route gets app-shell.html, the same page with an empty root
 * (docs/decisions/012-pre-rendered-landing-page.md). The server-side bundle is built into a
 * temporary folder and never shipped.
 */
async function prerenderLandingPage(config: ResolvedConfig, outDir: string): Promise<void> {
  const serverOutDir = await mkdtemp(path.join(tmpdir(), "vaxcal-prerender-"));
  try {
    await build({
      configFile: false,
      root: config.root,
      mode: config.mode,
      envDir: config.envDir,
      logLevel: "warn",
      plugins: [react()],
      // One self-contained file: nothing to resolve from the temporary folder.
      ssr: { noExternal: true, target: "node" },
      build: {
        ssr: path.join(config.root, "src/prerender-landing.tsx"),
        outDir: serverOutDir,
        emptyOutDir: true,
        copyPublicDir: false,
        rolldownOptions: { output: { entryFileNames: "prerender-landing.js" } },
      },
    });
    const entry = pathToFileURL(path.join(serverOutDir, "prerender-landing.js")).href;
    const { renderLandingPage } = (await import(entry)) as {
      renderLandingPage: () => Promise<string>;
    };
    const landingHtml = await renderLandingPage();

    const indexFile = path.join(outDir, "index.html");
    const shellHtml = await readFile(indexFile, "utf8");
    if (!shellHtml.includes(emptyRoot)) throw new Error(`index.html has no ${emptyRoot}.`);
    await writeFile(path.join(outDir, appShellFile), shellHtml);
    const landingPage = shellHtml
      .replace(emptyRoot, `<div id="root" data-prerendered>${landingHtml}</div>`)
      // The landing page paints without its scripts: the stylesheet goes first on a weak signal.
      .replaceAll(/<(script type="module"|link rel="modulepreload")/g, '<$1 fetchpriority="low"');
    await writeFile(indexFile, landingPage);
  } finally {
    await rm(serverOutDir, { recursive: true, force: true });
  }
}

const compressibleFile = /\.(js|css|html|svg|json|txt|webmanifest)$/;
const brotli = promisify(brotliCompress);
const gzipAsync = promisify(gzip);

/**
 * Writes `.br` and `.gz` next to each text file of the build, once, at the highest levels, so the
 * server can send a third of the bytes over a weak rural signal without compressing per request
 * (@fastify/static's `preCompressed`).
 */
async function precompressAssets(outDir: string): Promise<void> {
  const entries = await readdir(outDir, { recursive: true, withFileTypes: true });
  const files = entries
    .filter((entry) => entry.isFile() && compressibleFile.test(entry.name))
    .map((entry) => path.join(entry.parentPath, entry.name));
  await Promise.all(
    files.map(async (file) => {
      const content = await readFile(file);
      const [brotliContent, gzipContent] = await Promise.all([
        brotli(content, {
          params: {
            [constants.BROTLI_PARAM_QUALITY]: constants.BROTLI_MAX_QUALITY,
            [constants.BROTLI_PARAM_SIZE_HINT]: content.length,
          },
        }),
        gzipAsync(content, { level: constants.Z_BEST_COMPRESSION }),
      ]);
      await Promise.all([
        writeFile(`${file}.br`, brotliContent),
        writeFile(`${file}.gz`, gzipContent),
      ]);
    }),
  );
}
