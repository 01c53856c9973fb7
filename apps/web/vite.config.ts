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
    build: { outDir: "dist", emptyOutDir: true },
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
