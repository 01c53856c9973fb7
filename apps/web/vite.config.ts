import react from "@vitejs/plugin-react";
import { defineConfig, loadEnv } from "vite";
import { parseWebEnv } from "./src/config/env-schema.ts";

export default defineConfig(({ mode }) => {
  // A bad VITE_* value stops the build here instead of shipping a misconfigured app.
  parseWebEnv(loadEnv(mode, process.cwd(), "VITE_"));
  return {
    plugins: [react()],
    server: {
      proxy: { "/api": { target: process.env.API_URL ?? "http://127.0.0.1:3000" } },
    },
    build: { outDir: "dist", emptyOutDir: true },
  };
});
