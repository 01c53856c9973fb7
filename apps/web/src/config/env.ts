import { parseWebEnv } from "./env-schema.ts";

export const env = parseWebEnv(import.meta.env);
