import { randomInt } from "node:crypto";
import type { RegisterRequest } from "@vaxcal/contracts";
import { desc, eq } from "drizzle-orm";
import type { FastifyInstance, InjectOptions } from "fastify";
import type { Config } from "../config.ts";
import { userRoles } from "../db/schema/accounts.ts";
import { outboxMessages } from "../db/schema/outbox.ts";
import { createTestApp, type TestApp } from "./app.ts";
import type { TestDatabase } from "./database.ts";

/** A clock the test moves by hand, to prove what happens after 60 minutes without waiting. */
export type TestClock = { now: () => Date; advanceMinutes: (minutes: number) => void };

export function createTestClock(start = new Date("2026-03-02T09:00:00Z")): TestClock {
  let current = start.getTime();
  return {
    now: () => new Date(current),
    advanceMinutes: (minutes) => {
      current += minutes * 60_000;
    },
  };
}

export type AccountsTestApp = TestApp & { clock: TestClock };

export async function createAccountsTestApp(
  overrides: Partial<Config> = {},
): Promise<AccountsTestApp> {
  const clock = createTestClock();
  return { ...(await createTestApp(overrides, clock.now)), clock };
}

let sequence = 0;

/** A different client address per call, so per-address throttles never join up across tests. */
export function nextClientAddress(): string {
  sequence += 1;
  return `10.${Math.floor(sequence / 65_536) % 256}.${Math.floor(sequence / 256) % 256}.${sequence % 256}`;
}

/** A valid registration with its own e-mail and Irish mobile; override any field. */
export function buildRegistration(overrides: Partial<RegisterRequest> = {}): RegisterRequest {
  sequence += 1;
  return {
    name: "Mary",
    surname: "Murphy",
    email: `mary.${sequence}.${randomInt(1_000_000)}@example.ie`,
    country_code: "+353",
    phone_number: `087${String(randomInt(10_000_000)).padStart(7, "0")}`,
    farmer_name: "Hill Farm",
    address1: "Main Road",
    address2: null,
    town: "Macroom",
    eircode: "P12 K7Y8",
    county: "Cork",
    country: "Ireland",
    agree_to_terms: true,
    product_notifications: false,
    vaccination_notifications: true,
    password: "grass-meadow-42",
    password_confirmation: "grass-meadow-42",
    user_enterprises: ["Dairy"],
    user_animals: ["Cows"],
    herd_size: "51-100",
    flock_size: null,
    vet_id: null,
    ...overrides,
  };
}

export type RegisteredUser = {
  id: number;
  token: string;
  email: string | null;
  phone: string | null;
  password: string;
};

export async function registerUser(
  app: FastifyInstance,
  overrides: Partial<RegisterRequest> = {},
): Promise<RegisteredUser> {
  const payload = buildRegistration(overrides);
  const response = await app.inject({
    method: "POST",
    url: "/api/register",
    payload,
    remoteAddress: nextClientAddress(),
  });
  if (response.statusCode !== 201) {
    throw new Error(`registration failed: ${response.statusCode} ${response.body}`);
  }
  const body = response.json<{
    user: { id: number; email: string | null; phone: string | null };
    token: string;
  }>();
  return {
    id: body.user.id,
    token: body.token,
    email: body.user.email,
    phone: body.user.phone,
    password: payload.password,
  };
}

/** An injected request with the user's bearer token. */
export function asUser(token: string, options: InjectOptions): InjectOptions {
  return { ...options, headers: { ...options.headers, authorization: `Bearer ${token}` } };
}

/** PUT /api/user/settings as the user. */
export function saveSettings(app: FastifyInstance, user: { token: string }, payload: object) {
  return app.inject(asUser(user.token, { method: "PUT", url: "/api/user/settings", payload }));
}

/** POST /api/login, from a client address of its own unless one is given. */
export function logIn(
  app: FastifyInstance,
  username: string,
  password: string,
  remoteAddress = nextClientAddress(),
) {
  return app.inject({
    method: "POST",
    url: "/api/login",
    payload: { username, password },
    remoteAddress,
  });
}

/** The outbox messages to one recipient, newest first. */
export function readOutbox(database: TestDatabase, recipient: string) {
  return database.db
    .select()
    .from(outboxMessages)
    .where(eq(outboxMessages.recipient, recipient))
    .orderBy(desc(outboxMessages.id));
}

/** The first link in a message body that contains `fragment`. */
export function findLink(body: string | null, fragment: string): string {
  const link = (body ?? "").match(/https?:\/\/[^\s]+/g)?.find((url) => url.includes(fragment));
  if (!link) throw new Error(`no link with ${fragment} in: ${body}`);
  return link;
}

/** The path and query of an absolute link, for app.inject. */
export function toPath(link: string): string {
  const url = new URL(link);
  return `${url.pathname}${url.search}`;
}

/** Asks for a password reset link for the address and answers the token the e-mail carries. */
export async function requestResetToken(
  app: FastifyInstance,
  database: TestDatabase,
  email: string,
): Promise<string> {
  await app.inject({
    method: "POST",
    url: "/api/password/reset",
    payload: { email },
    remoteAddress: nextClientAddress(),
  });
  await app.backgroundTasks.whenIdle();
  const [message] = await readOutbox(database, email);
  return (
    new URL(findLink(message?.bodyText ?? null, "/password/reset")).searchParams.get("token") ?? ""
  );
}

/** Gives a user the ADMIN role, as `npm run admin:create` does for an existing account. */
export async function grantAdminRole(database: TestDatabase, userId: number): Promise<void> {
  await database.db.insert(userRoles).values({ userId, role: "ADMIN" }).onConflictDoNothing();
}
