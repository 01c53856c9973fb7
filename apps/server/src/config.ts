import path from "node:path";
import { z } from "zod";

/** The repository root: relative paths in the configuration are read from here, whatever the cwd. */
export const repositoryRoot = path.resolve(import.meta.dirname, "../../..");

export const NodeEnv = {
  development: "development",
  production: "production",
  test: "test",
} as const;
export type NodeEnv = (typeof NodeEnv)[keyof typeof NodeEnv];

const logLevels = ["fatal", "error", "warn", "info", "debug", "trace", "silent"] as const;
export type LogLevel = (typeof logLevels)[number];

const portSchema = z
  .string()
  .regex(/^\d{1,5}$/, "must be a port number")
  .transform(Number)
  .refine((port) => port <= 65_535, "must be a port number");

const urlSchema = (protocols: RegExp, message: string) =>
  z
    .string()
    .refine((value) => URL.canParse(value) && protocols.test(new URL(value).protocol), message);

/** Every key the server reads, with its default. `.env.example` lists the same keys. */
const EnvironmentSchema = z.object({
  PORT: portSchema.default(3000),
  HOST: z
    .string()
    .regex(/^[\w.:-]+$/, "must be a host name or IP address")
    .default("127.0.0.1"),
  DATABASE_URL: urlSchema(/^postgres(ql)?:$/, "must be a postgres:// URL").optional(),
  DATA_DIR: z.string().default("data"),
  PUBLIC_URL: urlSchema(/^https?:$/, "must be an http:// or https:// URL").optional(),
  NODE_ENV: z.enum(Object.values(NodeEnv), `must be one of ${Object.values(NodeEnv).join(", ")}`),
  LOG_LEVEL: z.enum(logLevels, `must be one of ${logLevels.join(", ")}`).default("info"),
  WEB_DIST_DIR: z.string().default("apps/web/dist"),
});

/** Keys whose values may hold credentials: an error message never repeats them. */
const secretKeys = new Set(["DATABASE_URL"]);

export type Config = {
  port: number;
  host: string;
  /** Absent: the server runs its own embedded PostgreSQL in `dataDir/postgres`. */
  databaseUrl: string | undefined;
  dataDir: string;
  /** Where users reach the app; links in e-mails and feeds start with it. */
  publicUrl: string;
  nodeEnv: NodeEnv;
  logLevel: LogLevel;
  webDistDir: string;
};

export class ConfigError extends Error {
  override name = "ConfigError";
}

/**
 * Reads the configuration once, at boot. A bad value throws a ConfigError whose message names
 * every bad key on its own line, e.g. `Invalid configuration: PORT must be a port number (got "abc")`.
 */
export function parseConfig(environment: Record<string, string | undefined>): Config {
  // An empty value (`PORT=` in a .env file) means "not set", so the default applies.
  const present = Object.fromEntries(
    Object.entries(environment).filter(([, value]) => value !== undefined && value !== ""),
  );
  const result = EnvironmentSchema.safeParse({ NODE_ENV: NodeEnv.development, ...present });
  if (!result.success) {
    const lines = result.error.issues.map((issue) => {
      const key = String(issue.path[0]);
      const shown = secretKeys.has(key) ? "value hidden" : `got ${JSON.stringify(present[key])}`;
      return `Invalid configuration: ${key} ${issue.message} (${shown})`;
    });
    throw new ConfigError(lines.join("\n"));
  }
  const env = result.data;
  return {
    port: env.PORT,
    host: env.HOST,
    databaseUrl: env.DATABASE_URL,
    dataDir: path.resolve(repositoryRoot, env.DATA_DIR),
    publicUrl: (env.PUBLIC_URL ?? `http://localhost:${env.PORT}`).replace(/\/+$/, ""),
    nodeEnv: env.NODE_ENV,
    logLevel: env.LOG_LEVEL,
    webDistDir: path.resolve(repositoryRoot, env.WEB_DIST_DIR),
  };
}
