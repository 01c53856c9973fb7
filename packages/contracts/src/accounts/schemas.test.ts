import { describe, expect, it } from "vitest";
import type { z } from "zod";
import {
  ConfirmPasswordResetRequestSchema,
  LoginRequestSchema,
  MobileVerificationRequestSchema,
  RegisterRequestSchema,
  UpdateSettingsRequestSchema,
} from "./schemas.ts";
import { accountMessages } from "./messages.ts";

const validRegistration = {
  name: "Seán",
  surname: "Ó Súilleabháin",
  email: "Sean@Example.IE",
  country_code: "+353",
  phone_number: "087 123 4567",
  farmer_name: "Hill Farm",
  address1: "Main Road",
  address2: "",
  town: "Macroom",
  eircode: "p12 k7y8",
  county: "Cork",
  country: "Ireland",
  agree_to_terms: true,
  product_notifications: false,
  vaccination_notifications: true,
  password: "grass-meadow-42",
  password_confirmation: "grass-meadow-42",
  user_enterprises: ["Dairy", "Sheep"],
  user_animals: ["Cows"],
  herd_size: "51-100",
  flock_size: "1-50",
  vet_id: null,
};

/** The field messages a client would list, as `path: message`. */
function listIssues(schema: z.ZodType, input: unknown): string[] {
  const result = schema.safeParse(input);
  if (result.success) return [];
  return result.error.issues.map((issue) => `${issue.path.join(".")}: ${issue.message}`);
}

describe("RegisterRequestSchema", () => {
  it("accepts a complete farmer registration and normalises it", () => {
    const result = RegisterRequestSchema.parse(validRegistration);
    expect(result.email).toBe("sean@example.ie");
    expect(result.phone_number).toBe("0871234567");
    expect(result.eircode).toBe("P12 K7Y8");
    expect(result.address2).toBeNull();
  });

  it("shows the spec's message for each missing required field", () => {
    expect(listIssues(RegisterRequestSchema, {})).toEqual([
      `name: ${accountMessages.nameRequired}`,
      `surname: ${accountMessages.surnameRequired}`,
      `agree_to_terms: ${accountMessages.termsRequired}`,
      `password: ${accountMessages.passwordRequired}`,
      `password_confirmation: ${accountMessages.passwordConfirmationRequired}`,
      `email: ${accountMessages.emailOrMobileRequired}`,
    ]);
  });

  it("takes a sign-up without a farm name or postal address (decision 429)", () => {
    const minimal = {
      name: "Aoife",
      surname: "Byrne",
      phone_number: "087 123 4567",
      agree_to_terms: true,
      password: "grass-meadow-42",
      password_confirmation: "grass-meadow-42",
      user_enterprises: ["Dairy"],
      herd_size: "51-100",
    };
    expect(RegisterRequestSchema.parse(minimal)).toMatchObject({
      farmer_name: null,
      address1: null,
      address2: null,
      town: null,
      eircode: null,
      county: null,
      country: "Ireland",
    });
    const blank = { ...minimal, address1: " ", town: "", eircode: "", county: "" };
    expect(listIssues(RegisterRequestSchema, blank)).toEqual([]);
    expect(listIssues(RegisterRequestSchema, { ...minimal, country: "Mars" })).toEqual([
      `country: ${accountMessages.countryRequired}`,
    ]);
  });

  it("needs an e-mail or a mobile, not both (docs/product.md D6)", () => {
    expect(listIssues(RegisterRequestSchema, { ...validRegistration, phone_number: "" })).toEqual(
      [],
    );
    expect(listIssues(RegisterRequestSchema, { ...validRegistration, email: null })).toEqual([]);
    expect(
      listIssues(RegisterRequestSchema, { ...validRegistration, email: "", phone_number: null }),
    ).toEqual([`email: ${accountMessages.emailOrMobileRequired}`]);
  });

  it("validates whichever contact is given", () => {
    expect(listIssues(RegisterRequestSchema, { ...validRegistration, email: "@farm" })).toEqual([
      `email: ${accountMessages.emailInvalid}`,
    ]);
    expect(
      listIssues(RegisterRequestSchema, { ...validRegistration, phone_number: "08x7" }),
    ).toEqual([`phone_number: ${accountMessages.mobileInvalid}`]);
    expect(listIssues(RegisterRequestSchema, { ...validRegistration, country_code: "+1" })).toEqual(
      [`country_code: ${accountMessages.mobileInvalid}`],
    );
  });

  it("requires only the terms consent (docs/product.md D7)", () => {
    const withoutMarketing = {
      ...validRegistration,
      product_notifications: false,
      vaccination_notifications: false,
    };
    expect(listIssues(RegisterRequestSchema, withoutMarketing)).toEqual([]);
    expect(
      listIssues(RegisterRequestSchema, { ...validRegistration, agree_to_terms: false }),
    ).toEqual([`agree_to_terms: ${accountMessages.termsRequired}`]);
  });

  it("requires herd and flock size for the ticked enterprises (docs/product.md D10)", () => {
    expect(
      listIssues(RegisterRequestSchema, {
        ...validRegistration,
        herd_size: null,
        flock_size: undefined,
      }),
    ).toEqual([
      `herd_size: ${accountMessages.herdSizeRequired}`,
      `flock_size: ${accountMessages.flockSizeRequired}`,
    ]);
    expect(
      listIssues(RegisterRequestSchema, {
        ...validRegistration,
        user_enterprises: [],
        herd_size: null,
        flock_size: null,
      }),
    ).toEqual([]);
  });

  it("checks the password policy and the confirmation", () => {
    expect(
      listIssues(RegisterRequestSchema, {
        ...validRegistration,
        password: "short",
        password_confirmation: "short",
      }),
    ).toEqual([`password: ${accountMessages.passwordTooShort}`]);
    expect(
      listIssues(RegisterRequestSchema, {
        ...validRegistration,
        password_confirmation: "grass-meadow-43",
      }),
    ).toEqual([`password_confirmation: ${accountMessages.passwordMismatch}`]);
  });

  it("takes a Republic county and Eircode for Ireland, free text elsewhere", () => {
    expect(
      listIssues(RegisterRequestSchema, { ...validRegistration, county: "Antrim", eircode: "BT1" }),
    ).toEqual([
      `county: ${accountMessages.countyRequired}`,
      `eircode: ${accountMessages.eircodeInvalid}`,
    ]);
    expect(
      listIssues(RegisterRequestSchema, {
        ...validRegistration,
        country: "Northern Ireland",
        county: "Antrim",
        eircode: "BT1 1AA",
      }),
    ).toEqual([]);
  });

  it("refuses odd input with a field message instead of throwing", () => {
    const odd = {
      ...validRegistration,
      name: "Se\u202Eán",
      surname: "x".repeat(10_000),
      farmer_name: "Farm 🐄",
      town: "Mac\u0000room",
      user_enterprises: ["Pigs"],
      vet_id: "7",
    };
    expect(listIssues(RegisterRequestSchema, odd)).toEqual([
      `name: ${accountMessages.unsupportedCharacters}`,
      "surname: Please use at most 100 characters.",
      `farmer_name: ${accountMessages.unsupportedCharacters}`,
      `town: ${accountMessages.unsupportedCharacters}`,
      `user_enterprises.0: ${accountMessages.choiceInvalid}`,
      `vet_id: ${accountMessages.vetInvalid}`,
    ]);
    expect(listIssues(RegisterRequestSchema, "not an object")).toHaveLength(1);
  });
});

describe("LoginRequestSchema", () => {
  it("asks for both fields and refuses 10,000-character input", () => {
    expect(listIssues(LoginRequestSchema, { username: " ", password: 5 })).toEqual([
      `username: ${accountMessages.usernameRequired}`,
      `password: ${accountMessages.loginPasswordRequired}`,
    ]);
    expect(
      listIssues(LoginRequestSchema, { username: "a@b.ie", password: "x".repeat(10_000) }),
    ).toEqual(["password: Please use at most 1024 characters."]);
  });
});

describe("MobileVerificationRequestSchema", () => {
  it("takes six digits, with or without spaces", () => {
    expect(MobileVerificationRequestSchema.parse({ code: "012 345" }).code).toBe("012345");
    expect(listIssues(MobileVerificationRequestSchema, { code: 123456 })).toEqual([
      `code: ${accountMessages.mobileCodeFormat}`,
    ]);
    expect(listIssues(MobileVerificationRequestSchema, { code: "12345" })).toEqual([
      `code: ${accountMessages.mobileCodeFormat}`,
    ]);
  });
});

describe("ConfirmPasswordResetRequestSchema", () => {
  it("refuses a malformed token and a mismatched confirmation together", () => {
    expect(
      listIssues(ConfirmPasswordResetRequestSchema, {
        email: "a@b.ie",
        token: "not-a-token",
        password: "grass-meadow-42",
        password_confirmation: "grass-meadow-43",
      }),
    ).toEqual([
      `token: ${accountMessages.resetTokenInvalid}`,
      `password_confirmation: ${accountMessages.passwordMismatch}`,
    ]);
  });
});

describe("UpdateSettingsRequestSchema", () => {
  it("keeps absent fields absent, so they stay unchanged", () => {
    expect(UpdateSettingsRequestSchema.parse({ town: "Bandon" })).toEqual({
      town: "Bandon",
      password: null,
    });
  });

  it("needs the current password and a matching confirmation for a new password", () => {
    expect(
      listIssues(UpdateSettingsRequestSchema, {
        password: "grass-meadow-42",
        confirm_password: "",
      }),
    ).toEqual([
      `confirm_password: ${accountMessages.settingsPasswordMismatch}`,
      `current_password: ${accountMessages.currentPasswordRequired}`,
    ]);
  });

  it("clears the postal address with blanks or null, as it is optional (decision 429)", () => {
    expect(
      UpdateSettingsRequestSchema.parse({
        address1: "",
        address2: null,
        town: " ",
        eircode: "",
        county: "",
      }),
    ).toEqual({
      address1: null,
      address2: null,
      town: null,
      eircode: null,
      county: null,
      password: null,
    });
    expect(UpdateSettingsRequestSchema.parse({ eircode: "p12k7y8", county: null })).toEqual({
      eircode: "P12 K7Y8",
      county: null,
      password: null,
    });
  });

  it("offers the 32 counties and Ireland or the United Kingdom", () => {
    expect(
      listIssues(UpdateSettingsRequestSchema, { county: "Tyrone", country: "United Kingdom" }),
    ).toEqual([]);
    expect(
      listIssues(UpdateSettingsRequestSchema, { county: "Yorkshire", country: "Other" }),
    ).toEqual([
      `county: ${accountMessages.countyRequired}`,
      `country: ${accountMessages.countryRequired}`,
    ]);
  });
});
