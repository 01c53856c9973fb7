import react from "@vitejs/plugin-react";
import { readdir, readFile, writeFile } from "node:fs/promises";
import path from "node:path";
import { promisify } from "node:util";
import { brotliCompress, constants, gzip } from "node:zlib";
import { defineConfig, loadEnv, type Plugin } from "vite";
import { parseWebEnv } from "./src/config/env-schema.ts";

export default defineConfig(({ mode }) => {
  // A bad VITE_* value stops the build here instead of shipping a misconfigured app.
  parseWebEnv(loadEnv(mode, process.cwd(), "VITE_"));
  return {
    plugins: [react(), precompressAssets()],
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

const compressibleFile = /\.(js|css|html|svg|json)$/;
const brotli = promisify(brotliCompress);
const gzipAsync = promisify(gzip);

/**
 * Writes `.br` and `.gz` next to each text file of the build, once, at the highest levels, so the
 * server can send a third of the bytes over a weak rural signal without compressing per request
 * (@fastify/static's `preCompressed`).
 */
function precompressAssets(): Plugin {
  let outDir = "";
  return {
    name: "vaxcal:precompress-assets",
    apply: "build",
    configResolved(config) {
      outDir = path.resolve(config.root, config.build.outDir);
    },
    async closeBundle() {
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
    },
  };
}
