import {
  ProductInputSchema,
  VaccineRoute,
  type Product,
  type ProductInput,
  type VaccineRouteCode,
} from "@vaxcal/contracts";
import type { FieldMessages } from "../hooks/use-admin-form.ts";

/*
 * The product form's values as the inputs hold them (text), and the one conversion to the
 * contracts' `ProductInput`, checked by the same schema the server uses, so the messages beside
 * the fields are the server's own.
 */

export const numberRuleFields = [
  "max_shots",
  "min_age_days",
  "min_days_before_breeding",
  "max_days_before_breeding",
  "min_days_before_birth",
] as const;
export type NumberRuleField = (typeof numberRuleFields)[number];

export const flagRuleFields = [
  "live",
  "not_in_pregnancy",
  "not_protective_in_pregnancy",
  "crosses_placenta",
] as const;
export type FlagRuleField = (typeof flagRuleFields)[number];

export const windowRuleFields = [
  "blackout_birth_days",
  "window_birth_days",
  "course_interval_days",
  "booster_window_birth_days",
] as const;
export type WindowRuleField = (typeof windowRuleFields)[number];

export type ProductFormValues = {
  name: string;
  size_info: string;
  routes: VaccineRouteCode[];
  logo_url: string;
  product_spc_url: string;
  accent_color: string;
  information: string;
  warning_message: string;
  source_note: string;
  retired: boolean;
  numbers: Record<NumberRuleField, string>;
  flags: Record<FlagRuleField, boolean>;
  windows: Record<WindowRuleField, { from: string; to: string }>;
  /** What the person giving it must know (decision 415); empty for nothing. */
  handler_warning: string;
  compatible_vaccine_ids: number[];
};

export const routeCodes = Object.keys(VaccineRoute) as VaccineRouteCode[];

export function emptyProductForm(): ProductFormValues {
  return {
    name: "",
    size_info: "",
    routes: [],
    logo_url: "",
    product_spc_url: "",
    accent_color: "0,94,184",
    information: "",
    warning_message: "",
    source_note: "",
    retired: false,
    numbers: Object.fromEntries(numberRuleFields.map((field) => [field, ""])) as Record<
      NumberRuleField,
      string
    >,
    flags: Object.fromEntries(flagRuleFields.map((field) => [field, false])) as Record<
      FlagRuleField,
      boolean
    >,
    windows: Object.fromEntries(
      windowRuleFields.map((field) => [field, { from: "", to: "" }]),
    ) as Record<WindowRuleField, { from: string; to: string }>,
    handler_warning: "",
    compatible_vaccine_ids: [],
  };
}

const toText = (value: number | null | undefined) =>
  value === null || value === undefined ? "" : String(value);

export function toProductForm(product: Product): ProductFormValues {
  const form = emptyProductForm();
  return {
    ...form,
    name: product.name,
    size_info: product.size_info,
    routes: product.vaccine_type
      .split(",")
      .map((code) => code.trim())
      .filter((code): code is VaccineRouteCode => routeCodes.includes(code as VaccineRouteCode)),
    logo_url: product.logo_url,
    product_spc_url: product.product_spc_url,
    accent_color: product.accent_color,
    information: product.information,
    warning_message: product.warning_message,
    source_note: product.source_note,
    retired: product.retired,
    numbers: Object.fromEntries(
      numberRuleFields.map((field) => [field, toText(product.rules[field])]),
    ) as Record<NumberRuleField, string>,
    flags: Object.fromEntries(
      flagRuleFields.map((field) => [field, product.rules[field] ?? false]),
    ) as Record<FlagRuleField, boolean>,
    windows: Object.fromEntries(
      windowRuleFields.map((field) => [
        field,
        { from: toText(product.rules[field]?.from), to: toText(product.rules[field]?.to) },
      ]),
    ) as Record<WindowRuleField, { from: string; to: string }>,
    handler_warning: product.rules.handler_warning ?? "",
    compatible_vaccine_ids: product.rules.compatible_vaccine_ids,
  };
}

/** Empty text is "none"; anything else must be a number ("12a" is NaN, which the schema refuses). */
function toNumber(text: string): number | null {
  return text.trim() === "" ? null : Number(text.trim());
}

/** The input the API takes, or the messages to show beside the fields. */
export function toProductInput(
  form: ProductFormValues,
): { input: ProductInput; messages: null } | { input: null; messages: FieldMessages } {
  const candidate = {
    name: form.name,
    size_info: form.size_info,
    vaccine_type: form.routes.join(","),
    logo_url: form.logo_url,
    product_spc_url: form.product_spc_url,
    accent_color: form.accent_color,
    information: form.information,
    warning_message: form.warning_message,
    source_note: form.source_note,
    retired: form.retired,
    rules: {
      ...Object.fromEntries(
        numberRuleFields.map((field) => [field, toNumber(form.numbers[field])]),
      ),
      ...form.flags,
      ...Object.fromEntries(
        windowRuleFields.map((field) => {
          const { from, to } = form.windows[field];
          return [
            field,
            from.trim() === "" && to.trim() === ""
              ? null
              : { from: toNumber(from) ?? Number.NaN, to: toNumber(to) ?? Number.NaN },
          ];
        }),
      ),
      handler_warning: form.handler_warning.trim() === "" ? null : form.handler_warning.trim(),
      compatible_vaccine_ids: form.compatible_vaccine_ids,
    },
  };
  const result = ProductInputSchema.safeParse(candidate);
  if (result.success) return { input: result.data, messages: null };
  const messages: FieldMessages = {};
  for (const issue of result.error.issues) {
    const path = issue.path.join(".");
    messages[path] ??= issue.message;
  }
  return { input: null, messages };
}
