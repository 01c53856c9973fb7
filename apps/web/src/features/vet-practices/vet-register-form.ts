import { VetRegisterRequestSchema, type VetRegisterRequest } from "@vaxcal/contracts";

/** The vet register modal's form: the contracts' payload schema, so both show the same texts. */
export const VetRegisterFormSchema = VetRegisterRequestSchema;

/** What the fields hold while the practice types; the terms box starts unticked. */
export type VetRegisterFormValues = Omit<
  VetRegisterRequest,
  "agree_to_terms" | "vets" | "territoryManagerId"
> & {
  agree_to_terms: boolean;
  vets: string[];
  territoryManagerId: number | null;
};

export const emptyVetRegistration: VetRegisterFormValues = {
  vet_practice_name: "",
  vet_practice_email: "",
  vet_practice_landline: "",
  mobile_number: "",
  veterinarian_name: "",
  veterinarian_surname: "",
  vci_number: "",
  address1: "",
  address2: "",
  town: "",
  county: "",
  country: "Ireland",
  eircode: "",
  agree_to_terms: false,
  territoryManagerId: null,
  password: "",
  password_confirmation: "",
  vets: [""],
  skip_inviting: false,
};

export type VetRegisterFieldName = keyof VetRegisterFormValues;

export const vetRegisterSteps = [1, 2, 3] as const;
export type VetRegisterStep = (typeof vetRegisterSteps)[number];
/** docs/product.md D11: three steps, counted '(n/3)'. */
export const vetRegisterStepCount = vetRegisterSteps.length;

/** The fields each step checks before moving on (docs/product.md §4 'Vet registration'). */
export const vetStepFields: Record<VetRegisterStep, readonly VetRegisterFieldName[]> = {
  1: [
    "vet_practice_name",
    "vet_practice_email",
    "vet_practice_landline",
    "mobile_number",
    "veterinarian_name",
    "veterinarian_surname",
    "vci_number",
    "address1",
    "address2",
    "town",
    "county",
    "country",
    "eircode",
    "agree_to_terms",
    "territoryManagerId",
  ],
  2: ["password", "password_confirmation"],
  3: ["vets"],
};

/** The earliest step holding one of these fields (`vets.1` counts as `vets`). */
export function findVetStepOf(fields: readonly string[]): VetRegisterStep | null {
  const names = fields.map((field) => field.split(".")[0] ?? field);
  for (const step of vetRegisterSteps) {
    if (vetStepFields[step].some((name) => names.includes(name))) return step;
  }
  return null;
}

const autofillPractices = ["Glen", "Riverside", "Hillview", "Meadow", "Shannon", "Valley"];

/** docs/product.md §2: the development-only 'Autofill Form' fills step 1 with random data. */
export function buildAutofill(random: () => number = Math.random): Partial<VetRegisterFormValues> {
  const pick = <T>(list: readonly T[]): T => list[Math.floor(random() * list.length)] as T;
  const number = String(Math.floor(random() * 10_000_000)).padStart(7, "0");
  const name = `${pick(autofillPractices)} Veterinary ${number.slice(0, 3)}`;
  return {
    vet_practice_name: name,
    vet_practice_email: `practice.${number}@vets.example.ie`,
    vet_practice_landline: "021 456 7890",
    mobile_number: `087${number}`,
    veterinarian_name: pick(["Aoife", "Cian", "Niamh", "Seán"]),
    veterinarian_surname: pick(["Byrne", "Walsh", "Murphy", "Ó Briain"]),
    vci_number: number.slice(0, 5),
    address1: `${Number(number.slice(0, 2)) + 1} Main Street`,
    address2: "",
    town: pick(["Macroom", "Bandon", "Ennis", "Tullamore"]),
    county: pick(["Cork", "Clare", "Offaly"]),
    country: "Ireland",
    eircode: "P12 X4K7",
    agree_to_terms: true,
  };
}
