import { randomInt } from "node:crypto";
import type { VetRegisterRequest } from "@vaxcal/contracts";
import type { FastifyInstance } from "fastify";
import { findLink, nextClientAddress, readOutbox, toPath } from "./accounts.ts";
import type { TestDatabase } from "./database.ts";

let sequence = 0;

/**
 * A valid POST /api/vet/register body with its own practice name and e-mail, inviting nobody;
 * overrides may be invalid on purpose, to test the messages.
 */
export function buildVetRegistration(overrides: Record<string, unknown> = {}): VetRegisterRequest {
  sequence += 1;
  return {
    vet_practice_name: `Glen Vets ${sequence}`,
    vet_practice_email: `practice.${sequence}.${randomInt(1_000_000)}@vets.example.ie`,
    vet_practice_landline: "021 456 7890",
    mobile_number: "087 765 4321",
    veterinarian_name: "Aoife",
    veterinarian_surname: "Byrne",
    vci_number: "VCI-1234",
    address1: "Mart Road",
    address2: null,
    town: "Macroom",
    county: "Cork",
    country: "Ireland",
    eircode: "P12 X4K7",
    agree_to_terms: true,
    territoryManagerId: null,
    password: "pasture-gate-91",
    password_confirmation: "pasture-gate-91",
    vets: [],
    skip_inviting: false,
    ...overrides,
  } as VetRegisterRequest;
}

export type RegisteredPractice = {
  id: number;
  managerId: number;
  token: string;
  email: string;
  password: string;
  name: string;
};

type PracticeTestApp = { app: FastifyInstance; database: TestDatabase; whenIdle(): Promise<void> };

/**
 * Registers a practice and, unless `verified` is false, confirms its e-mail through the link the
 * manager was sent, as a real practice does before farmers can link it (decision 503).
 */
export async function registerVetPractice(
  testApp: PracticeTestApp,
  overrides: Record<string, unknown> = {},
  { verified = true }: { verified?: boolean } = {},
): Promise<RegisteredPractice> {
  const payload = buildVetRegistration(overrides);
  const response = await testApp.app.inject({
    method: "POST",
    url: "/api/vet/register",
    payload,
    remoteAddress: nextClientAddress(),
  });
  if (response.statusCode !== 201) {
    throw new Error(`vet registration failed: ${response.statusCode} ${response.body}`);
  }
  const body = response.json<{ user: { id: number; vet_id: number | null }; token: string }>();
  const email = payload.vet_practice_email;
  if (verified) await verifyPracticeEmail(testApp, email);
  const id = await findPracticeId(testApp.database, email);
  return {
    id,
    managerId: body.user.id,
    token: body.token,
    email,
    password: payload.password,
    name: payload.vet_practice_name,
  };
}

/** Opens the newest e-mail verification link sent to the practice's address. */
export async function verifyPracticeEmail(testApp: PracticeTestApp, email: string): Promise<void> {
  await testApp.whenIdle();
  const messages = await readOutbox(testApp.database, email);
  const verification = messages.find((message) => message.bodyText?.includes("/email/verify/"));
  const link = findLink(verification?.bodyText ?? null, "/email/verify/");
  const verify = await testApp.app.inject({ method: "GET", url: `/api${toPath(link)}` });
  if (verify.statusCode !== 200) {
    throw new Error(`practice e-mail verification failed: ${verify.statusCode} ${verify.body}`);
  }
  await testApp.whenIdle();
}

async function findPracticeId(database: TestDatabase, email: string): Promise<number> {
  const result = await database.pool.query<{ id: number }>(
    "SELECT id FROM vet_practices WHERE email = $1",
    [email],
  );
  const id = result.rows[0]?.id;
  if (id === undefined) throw new Error(`no practice with ${email}`);
  return id;
}
