import { execFile } from "node:child_process";
import path from "node:path";
import { promisify } from "node:util";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import {
  asUser,
  createAccountsTestApp,
  logIn,
  registerUser,
  type AccountsTestApp,
} from "../../test/accounts.ts";
import { CreateAdminError, createAdmin } from "./admins.service.ts";

const run = promisify(execFile);
const cliFile = path.join(import.meta.dirname, "create-admin.cli.ts");

let testApp: AccountsTestApp;
beforeAll(async () => {
  testApp = await createAccountsTestApp();
});
afterAll(() => testApp.close());

async function readRoles(token: string): Promise<string[]> {
  const response = await testApp.app.inject(asUser(token, { method: "GET", url: "/api/user" }));
  return response.json<{ roles: { name: string }[] }>().roles.map((role) => role.name);
}

describe("npm run admin:create", () => {
  it("creates an admin who can log in with the password given", async () => {
    const { stdout } = await run(
      process.execPath,
      [cliFile, "--email", "Boss@Example.ie", "--password", "hay-barn-lantern-9"],
      { env: { ...process.env, DATABASE_URL: testApp.database.connectionString } },
    );
    expect(stdout).toMatch(/^Created admin account boss@example\.ie/);

    const login = await logIn(testApp.app, "boss@example.ie", "hay-barn-lantern-9");
    expect(login.statusCode).toBe(200);
    expect(await readRoles(login.json<{ token: string }>().token)).toEqual(["ADMIN"]);
  });

  it("promotes an existing farmer, keeping the password", async () => {
    const farmer = await registerUser(testApp.app);
    const result = await createAdmin(testApp.database.db, { email: farmer.email ?? "" });
    expect(result).toEqual({ userId: farmer.id, outcome: "promoted" });
    expect((await readRoles(farmer.token)).sort()).toEqual(["ADMIN", "FARMER"]);
    const login = await logIn(testApp.app, farmer.email ?? "", farmer.password);
    expect(login.statusCode).toBe(200);
  });

  it("refuses a common password and an unknown account without one, and exits 1", async () => {
    await expect(
      createAdmin(testApp.database.db, { email: "new@example.ie", password: "password123" }),
    ).rejects.toBeInstanceOf(CreateAdminError);
    await expect(createAdmin(testApp.database.db, { email: "nobody@example.ie" })).rejects.toThrow(
      "No account has nobody@example.ie: give --password to create one.",
    );
    const failed = run(process.execPath, [cliFile, "--email", "not-an-address"], {
      env: { ...process.env, DATABASE_URL: testApp.database.connectionString },
    });
    await expect(failed).rejects.toMatchObject({
      code: 1,
      stderr: "Not an e-mail address: not-an-address\n",
    });
  });
});
