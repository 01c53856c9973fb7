import { randomBytes } from "node:crypto";
import path from "node:path";
import { z } from "zod";
import { parseTrustProxy, type TrustProxy } from "./http/client-address.ts";
import { logLevels, type LogLevel } from "./http/logging.ts";
import { estimateSecretBits, minimumSecretBits } from "./lib/app-secret.ts";
import type { SmtpSettings } from "./mail/mail-transport.ts";
import type { TwilioSettings } from "./sms/sms-transport.ts";

/** The repository root: relative paths in the configuration are read from here, whatever the cwd. */
export const repositoryRoot = path.resolve(import.meta.dirname, "../../..");

export const NodeEnv = {
  development: "development",
  production: "production",
  test: "test",
} as const;
export type NodeEnv = (typeof NodeEnv)[keyof typeof NodeEnv];

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
const EnvironmentSchema = z
  .object({
    PORT: portSchema.default(3000),
    // `npm run worker`'s own small port for /api/health, /api/ready and /metrics; absent: none.
    WORKER_PORT: portSchema.optional(),
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
    // Accounts: the key that signs e-mail links, and the mail and text transports (decision 201).
    APP_SECRET: z.string().min(32, "must be at least 32 characters").optional(),
    SMTP_URL: urlSchema(/^smtps?:$/, "must be an smtp:// or smtps:// URL").optional(),
    MAIL_FROM: z.string().default("VaxCal <no-reply@localhost>"),
    TWILIO_ACCOUNT_SID: z.string().optional(),
    TWILIO_AUTH_TOKEN: z.string().optional(),
    TWILIO_FROM: z.string().optional(),
    TWILIO_API_URL: urlSchema(/^https?:$/, "must be an http:// or https:// URL").default(
      "https://api.twilio.com",
    ),
    TRUST_PROXY: z
      .string()
      .transform((value, context) => {
        const trust = parseTrustProxy(value);
        if (trust === null) {
          context.addIssue({
            code: "custom",
            message:
              "must be a hop count or a comma-separated list of proxy addresses (true is refused: it would trust any X-Forwarded-For)",
          });
          return z.NEVER;
        }
        return trust;
      })
      .optional(),
    API_DOCS: z.enum(["true", "false"], "must be true or false").optional(),
    // The bearer token a Prometheus scraper sends for /metrics; absent, /metrics is not served.
    METRICS_TOKEN: z.string().min(32, "must be at least 32 characters").optional(),
    // Background jobs (decision 601).
    RUN_WORKERS: z.enum(["true", "false"], "must be true or false").default("true"),
    MIGRATE_ON_START: z.enum(["true", "false"], "must be true or false").default("true"),
    JOBS_TICK_SECONDS: z
      .string()
      .regex(/^\d{1,4}$/, "must be a whole number of seconds")
      .transform(Number)
      .refine((seconds) => seconds >= 1, "must be at least 1")
      .default(30),
    // A request's headers and body must arrive within this (security round 3, M6).
    REQUEST_TIMEOUT_SECONDS: z
      .string()
      .regex(/^\d{1,4}$/, "must be a whole number of seconds")
      .transform(Number)
      .refine((seconds) => seconds >= 1, "must be at least 1")
      .default(30),
    // Decision 427: a vet's changes are told to the farmer once the vet has saved nothing for this.
    VET_CHANGE_QUIET_SECONDS: z
      .string()
      .regex(/^\d{1,5}$/, "must be a whole number of seconds")
      .transform(Number)
      .refine((seconds) => seconds >= 1, "must be at least 1")
      .default(300),
    REMINDER_CLAIM_LEASE_SECONDS: z
      .string()
      .regex(/^\d{1,5}$/, "must be a whole number of seconds")
      .transform(Number)
      .refine((seconds) => seconds >= 1, "must be at least 1")
      .default(300),
  })
  .superRefine((env, context) => {
    if (env.NODE_ENV === NodeEnv.production && !env.APP_SECRET) {
      context.addIssue({
        code: "custom",
        path: ["APP_SECRET"],
        message: "is required in production",
      });
    }
    if (
      env.NODE_ENV === NodeEnv.production &&
      env.APP_SECRET &&
      env.APP_SECRET.length >= 32 &&
      estimateSecretBits(env.APP_SECRET) < minimumSecretBits
    ) {
      context.addIssue({
        code: "custom",
        path: ["APP_SECRET"],
        message: "is too easy to guess: generate a random one as .env.example shows",
      });
    }
    // The embedded PostgreSQL lives in the working directory: fine for development, tests and a
    // single-farm trial, never for a production node, which would quietly keep its own database.
    if (env.NODE_ENV === NodeEnv.production && !env.DATABASE_URL) {
      context.addIssue({
        code: "custom",
        path: ["DATABASE_URL"],
        message:
          "is required in production; the embedded PostgreSQL is only for development, tests and single-farm trials (NODE_ENV=development)",
      });
    }
    // Links in e-mails, texts and feeds must not point at the server's own localhost.
    if (env.NODE_ENV === NodeEnv.production && !env.PUBLIC_URL) {
      context.addIssue({
        code: "custom",
        path: ["PUBLIC_URL"],
        message: "is required in production",
      });
    }
    const twilioKeys = ["TWILIO_ACCOUNT_SID", "TWILIO_AUTH_TOKEN", "TWILIO_FROM"] as const;
    if (twilioKeys.some((key) => env[key])) {
      for (const key of twilioKeys.filter((name) => !env[name])) {
        context.addIssue({
          code: "custom",
          path: [key],
          message: "is required with the other TWILIO_ keys",
        });
      }
    }
  });

/** Keys whose values may hold credentials: an error message never repeats them. */
const secretKeys = new Set([
  "DATABASE_URL",
  "APP_SECRET",
  "SMTP_URL",
  "TWILIO_AUTH_TOKEN",
  "METRICS_TOKEN",
]);

export type Config = {
  port: number;
  /** The worker's port for its health, readiness and metrics (WORKER_PORT); absent: none. */
  workerPort: number | undefined;
  host: string;
  /** Absent: the server runs its own embedded PostgreSQL in `dataDir/postgres`. */
  databaseUrl: string | undefined;
  dataDir: string;
  /** Where users reach the app; links in e-mails and feeds start with it. */
  publicUrl: string;
  nodeEnv: NodeEnv;
  logLevel: LogLevel;
  webDistDir: string;
  /** Signs e-mail verification links. Absent outside production: server.ts uses a random key kept in DATA_DIR. */
  appSecret: string | undefined;
  /** Absent: e-mails are kept in the outbox table (see /dev/outbox). */
  mail: SmtpSettings | undefined;
  /** Absent: texts are kept in the outbox table (see /dev/outbox). */
  sms: TwilioSettings | undefined;
  /**
   * The proxies whose X-Forwarded-For is believed: a hop count or their addresses. False (the
   * default) uses the connection's own address, so a client cannot choose the address throttles see.
   */
  trustProxy: TrustProxy;
  /** Whether /api/docs is served; always outside production, on request (API_DOCS) in it. */
  apiDocs: boolean;
  /** The bearer token /metrics asks for (METRICS_TOKEN); absent, /metrics is not served. */
  metricsToken: string | undefined;
  /**
   * Whether `npm start` and `npm run worker` apply the migrations (and the server the reference
   * data) before they start (MIGRATE_ON_START). When false, `npm run migrate` does it once, and a
   * node refuses a database that lacks a migration.
   */
  migrateOnStart: boolean;
  /** Whether `npm start` runs the background jobs' workers in the API process (RUN_WORKERS). */
  runWorkers: boolean;
  /** How often each worker asks for a reminder dispatch and an outbox sweep. */
  jobsTickSeconds: number;
  /**
   * How long a request may take to arrive, headers and body: a body that trickles in is cut with
   * a 408 after it (REQUEST_TIMEOUT_SECONDS, 30 by default).
   */
  requestTimeoutSeconds: number;
  /** How long a reminder claim is held before another worker may take it over (decision 601). */
  reminderClaimLeaseSeconds: number;
  /** How long after a vet's last save of a calendar the farmer is told what changed (decision 427). */
  vetChangeQuietSeconds: number;
};

/**
 * The key that signs e-mail links and mobile codes and derives the calendar feed tokens. Without
 * APP_SECRET (tests; `server.ts` passes the per-install key kept under DATA_DIR) it is random for
 * this process, never a constant anyone could read here.
 */
export function resolveSigningSecret(config: Pick<Config, "appSecret">): string {
  return config.appSecret ?? randomBytes(32).toString("base64url");
}

export class ConfigError extends Error {
  override name = "ConfigError";
}

/**
 * For the entry points (`npm start`, `npm run worker`, `npm run migrate`): the configuration, or
 * undefined after printing what is wrong, one line per key, with the exit code set to 1.
 */
export function readConfigOrReport(
  environment: Record<string, string | undefined>,
): Config | undefined {
  try {
    return parseConfig(environment);
  } catch (error) {
    if (!(error instanceof ConfigError)) throw error;
    console.error(error.message);
    process.exitCode = 1;
    return undefined;
  }
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
    workerPort: env.WORKER_PORT,
    host: env.HOST,
    databaseUrl: env.DATABASE_URL,
    dataDir: path.resolve(repositoryRoot, env.DATA_DIR),
    publicUrl: (env.PUBLIC_URL ?? `http://localhost:${env.PORT}`).replace(/\/+$/, ""),
    nodeEnv: env.NODE_ENV,
    logLevel: env.LOG_LEVEL,
    webDistDir: path.resolve(repositoryRoot, env.WEB_DIST_DIR),
    appSecret: env.APP_SECRET,
    mail: env.SMTP_URL ? { smtpUrl: env.SMTP_URL, from: env.MAIL_FROM } : undefined,
    sms:
      env.TWILIO_ACCOUNT_SID && env.TWILIO_AUTH_TOKEN && env.TWILIO_FROM
        ? {
            accountSid: env.TWILIO_ACCOUNT_SID,
            authToken: env.TWILIO_AUTH_TOKEN,
            from: env.TWILIO_FROM,
            apiUrl: env.TWILIO_API_URL,
          }
        : undefined,
    trustProxy: env.TRUST_PROXY ?? false,
    apiDocs: env.NODE_ENV !== NodeEnv.production || env.API_DOCS === "true",
    metricsToken: env.METRICS_TOKEN,
    runWorkers: env.RUN_WORKERS === "true",
    migrateOnStart: env.MIGRATE_ON_START === "true",
    jobsTickSeconds: env.JOBS_TICK_SECONDS,
    reminderClaimLeaseSeconds: env.REMINDER_CLAIM_LEASE_SECONDS,
    vetChangeQuietSeconds: env.VET_CHANGE_QUIET_SECONDS,
    requestTimeoutSeconds: env.REQUEST_TIMEOUT_SECONDS,
  };
}
