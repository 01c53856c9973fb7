import { expect } from "vitest";
import type { FastifyInstance } from "fastify";
import { nextClientAddress } from "./accounts.ts";

export type RegisteredPractice = {
  /** The practice's id, as farmers pick it (`vet_id`). */
  id: number;
  /** The manager's account and session; the practice's e-mail is the manager's login. */
  userId: number;
  token: string;
  email: string;
};

/**
 * Registers a practice through `POST /api/vet/register` with valid details and no invites, and
 * finds its id in the public list of practices. The e-mail defaults to one made from the name.
 */
export async function registerVetPractice(
  app: FastifyInstance,
  name: string,
  email = `${name.replace(/\W/g, "").toLowerCase()}@vets.example.ie`,
): Promise<RegisteredPractice> {
  const response = await app.inject({
    method: "POST",
    url: "/api/vet/register",
    remoteAddress: nextClientAddress(),
    payload: {
      vet_practice_name: name,
      vet_practice_email: email,
      mobile_number: "0871234567",
      veterinarian_name: "Aoife",
      veterinarian_surname: "Byrne",
      vci_number: "1234",
      address1: "Mart Road",
      town: "Bandon",
      county: "Cork",
      country: "Ireland",
      eircode: "P72 X4K7",
      agree_to_terms: true,
      password: "pasture-gate-91",
      password_confirmation: "pasture-gate-91",
    },
  });
  expect(response.statusCode, response.body).toBe(201);
  const manager = response.json<{ user: { id: number }; token: string }>();
  const practices = (await app.inject({ method: "GET", url: "/api/vets" })).json<
    { id: number; vet_practice_name: string }[]
  >();
  const id = practices.find((practice) => practice.vet_practice_name === name)?.id ?? 0;
  return { id, userId: manager.user.id, token: manager.token, email };
}
