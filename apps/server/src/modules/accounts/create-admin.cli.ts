// `npm run admin:create -- --email admin@example.ie [--password …]`: creates an admin account, or
// gives an existing account the ADMIN role. It uses the database `npm start` uses: DATABASE_URL,
// else the embedded PostgreSQL in DATA_DIR (stop VaxCal first: one server per data folder).
// Exits 0 on success and 1 with a message otherwise.
import { parseArgs } from "node:util";
import { ConfigError, parseConfig } from "../../config.ts";
import { connectDatabase } from "../../db/database.ts";
import { startEmbeddedPostgres } from "../../db/embedded-postgres.ts";
import { applyMigrations } from "../../db/migrate.ts";
import { CreateAdminError, createAdmin } from "./admins.service.ts";

const usage =
  "Usage: npm run admin:create -- --email <e-mail> [--password <password>]\n" +
  "Creates the account with the ADMIN role, or adds the role to an existing account\n" +
  "(and sets its password when one is given).\n";

function fail(message: string): void {
  process.stderr.write(`${message}\n`);
  process.exitCode = 1;
}

async function main(): Promise<void> {
  let values: { email?: string; password?: string; help?: boolean };
  try {
    ({ values } = parseArgs({
      options: {
        email: { type: "string" },
        password: { type: "string" },
        help: { type: "boolean", short: "h" },
      },
    }));
  } catch (error) {
    fail(`${error instanceof Error ? error.message : String(error)}\n${usage}`);
    return;
  }
  if (values.help) {
    process.stdout.write(usage);
    return;
  }
  if (!values.email) {
    fail(`--email is required.\n${usage}`);
    return;
  }

  let config;
  try {
    config = parseConfig(process.env);
  } catch (error) {
    if (error instanceof ConfigError) return fail(error.message);
    throw error;
  }
  const embedded = config.databaseUrl
    ? undefined
    : await startEmbeddedPostgres({ dataDir: config.dataDir });
  const database = connectDatabase(config.databaseUrl ?? embedded?.connectionString ?? "");
  try {
    await applyMigrations(database);
    const result = await createAdmin(database.db, {
      email: values.email,
      password: values.password,
    });
    process.stdout.write(
      result.outcome === "created"
        ? `Created admin account ${values.email.trim().toLowerCase()} (user ${result.userId}).\n`
        : `${values.email.trim().toLowerCase()} (user ${result.userId}) is now an admin.\n`,
    );
  } catch (error) {
    if (error instanceof CreateAdminError) fail(error.message);
    else fail(`Could not create the admin: ${error instanceof Error ? error.message : error}`);
  } finally {
    await database.close();
    await embedded?.stop();
  }
}

await main();
