import {
  ErrorBodySchema,
  controlCharacterMessage,
  idInvalidMessage,
  vetPracticeMessages,
} from "@vaxcal/contracts";
import type { InjectOptions } from "fastify";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import {
  asUser,
  createAccountsTestApp,
  grantAdminRole,
  nextClientAddress,
  registerUser,
  type AccountsTestApp,
  type RegisteredUser,
} from "../test/accounts.ts";
import { buildVetRegistration } from "../test/vet-practices.ts";

/*
 * Security round 3, L1 and L5: every id a caller writes is parsed by the contracts' one helper
 * (`0x1`, `1e3`, `+1` and 2^31 are 400s, never a 500 or id 1), and NUL or another control
 * character in any string is a 400 at the schema layer, never a database error.
 */

let testApp: AccountsTestApp;
let farmer: RegisteredUser;
let admin: RegisteredUser;

beforeAll(async () => {
  testApp = await createAccountsTestApp();
  farmer = await registerUser(testApp.app);
  admin = await registerUser(testApp.app);
  await grantAdminRole(testApp.database, admin.id);
});

afterAll(() => testApp.close());

/** A 400 whose issues include `message`; null: any message (a field's own refusal of the text). */
async function expectRejected(options: InjectOptions, message: string | null, label: string) {
  const response = await testApp.app.inject({ remoteAddress: nextClientAddress(), ...options });
  expect(response.statusCode, `${label}: ${response.body}`).toBe(400);
  const body = ErrorBodySchema.parse(response.json());
  expect(body.error.code, label).toBe("VALIDATION_FAILED");
  const messages = [body.error.message, ...(body.error.issues ?? []).map((issue) => issue.message)];
  if (message !== null) expect(messages, label).toContain(message);
}

function vetRegistration(overrides: Record<string, unknown>) {
  return buildVetRegistration({ skip_inviting: true, ...overrides });
}

describe("ids", () => {
  it("refuses 0x1, 1e3, +1, 01 and 2^31 in admin paths with a 400 and deletes nothing", async () => {
    for (const id of ["0x1", "1e3", "+1", "01", "2147483648", "1.0", " 1"]) {
      for (const path of ["/api/admin/shot-templates/", "/api/admin/products/"]) {
        await expectRejected(
          asUser(admin.token, { method: "DELETE", url: `${path}${encodeURIComponent(id)}` }),
          idInvalidMessage,
          `DELETE ${path}${id}`,
        );
      }
      await expectRejected(
        asUser(admin.token, {
          method: "DELETE",
          url: `/api/admin/disease-animals/${encodeURIComponent(id)}/1`,
        }),
        idInvalidMessage,
        `DELETE disease link ${id}`,
      );
    }
    // Template 1 is still there.
    const templates = await testApp.app.inject(
      asUser(admin.token, { method: "GET", url: "/api/admin/shot-templates" }),
    );
    expect(templates.statusCode).toBe(200);
    expect(JSON.stringify(templates.json())).toMatch(/"id":1[,}]/);
  });

  it("refuses 0x1 in an admin id filter", async () => {
    await expectRejected(
      asUser(admin.token, { method: "GET", url: "/api/admin/shot-templates?vaccine=0x1" }),
      idInvalidMessage,
      "shot-templates?vaccine=0x1",
    );
  });

  it("refuses a territoryManagerId of 2^31 in the vet registration with a 400", async () => {
    await expectRejected(
      {
        method: "POST",
        url: "/api/vet/register",
        payload: vetRegistration({ territoryManagerId: 2 ** 31 }),
      },
      vetPracticeMessages.territoryManagerInvalid,
      "territoryManagerId 2^31",
    );
  });
});

describe("control characters", () => {
  const nul = "a\u0000b";

  it("are a 400 naming the field in the anonymous calls", async () => {
    const cases: [string, InjectOptions][] = [
      ["login", { method: "POST", url: "/api/login", payload: { username: nul, password: nul } }],
      [
        "check-user-exists",
        { method: "GET", url: "/api/check-user-exists?email=x%00y%40example.ie" },
      ],
      [
        "reset check",
        {
          method: "POST",
          url: "/api/password/verify-token",
          payload: { email: "x@example.ie", token: nul },
        },
      ],
      [
        "reset confirm",
        {
          method: "POST",
          url: "/api/password/reset/confirm",
          payload: {
            email: "x@example.ie",
            token: nul,
            password: "pasture-gate-91",
            password_confirmation: "pasture-gate-91",
          },
        },
      ],
      [
        "vet registration",
        {
          method: "POST",
          url: "/api/vet/register",
          payload: vetRegistration({ vci_number: `VCI${nul}` }),
        },
      ],
      [
        "invite check",
        { method: "POST", url: "/api/vet/invites/check", payload: { token: `t${nul}` } },
      ],
      ["path", { method: "GET", url: "/api/email/verify/1/a%00b" }],
    ];
    for (const [label, options] of cases) {
      // A field whose schema already refuses odd text (a token, the vet's details) keeps its message.
      const ownMessage = ["login", "check-user-exists", "path"].includes(label);
      await expectRejected(options, ownMessage ? controlCharacterMessage : null, label);
    }
  });

  it("are a 400 in signed-in calls: the given-shot id, the admin search and template name", async () => {
    await expectRejected(
      asUser(farmer.token, {
        method: "PUT",
        url: "/api/calendars/1/given-shots/a%00b",
        payload: { given_on: "2026-03-01" },
      }),
      controlCharacterMessage,
      "given-shot id",
    );
    await expectRejected(
      asUser(admin.token, { method: "GET", url: "/api/admin/products?search=a%00b" }),
      controlCharacterMessage,
      "admin search",
    );
    await expectRejected(
      asUser(admin.token, {
        method: "POST",
        url: "/api/admin/shot-templates",
        payload: { name: nul },
      }),
      controlCharacterMessage,
      "template name",
    );
  });

  it("keep tab, CR and LF for the field's own schema, and refuse DEL and ESC", async () => {
    const response = await testApp.app.inject({
      method: "POST",
      url: "/api/login",
      payload: { username: "nobody@example.ie", password: "a\tb\r\nc" },
      remoteAddress: nextClientAddress(),
    });
    expect(response.statusCode).not.toBe(400);
    for (const character of ["\u007f", "\u001b"]) {
      await expectRejected(
        {
          method: "POST",
          url: "/api/login",
          payload: { username: `a${character}b`, password: "x" },
        },
        controlCharacterMessage,
        `login ${JSON.stringify(character)}`,
      );
    }
  });
});
