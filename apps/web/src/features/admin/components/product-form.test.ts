import { adminMessages } from "@vaxcal/contracts";
import { describe, expect, it } from "vitest";
import { buildProduct } from "../../../testing/mocks/admin-handlers.ts";
import { emptyProductForm, toProductForm, toProductInput } from "./product-form.ts";

describe("toProductInput", () => {
  it("turns a saved product's form back into the same input", () => {
    const { id, diseases, calendar_count, updated_at, ...input } = buildProduct();
    void [id, diseases, calendar_count, updated_at];
    expect(toProductInput(toProductForm(buildProduct()))).toEqual({ input, messages: null });
  });

  it("reads empty number boxes as no rule, and refuses text that is not a whole number", () => {
    const form = toProductForm(buildProduct());
    form.numbers.max_shots = "";
    form.numbers.min_age_days = "12a";
    form.numbers.min_days_before_birth = "2.5";
    const result = toProductInput(form);
    expect(result.messages).toEqual({
      "rules.min_age_days": adminMessages.wholeNumber,
      "rules.min_days_before_birth": adminMessages.wholeNumber,
    });
  });

  it("needs both ends of a window, or neither, and the first not after the last", () => {
    const form = toProductForm(buildProduct());
    form.windows.blackout_birth_days = { from: "-28", to: "" };
    form.windows.window_birth_days = { from: "10", to: "-10" };
    form.windows.course_interval_days = { from: "", to: "" };
    expect(toProductInput(form).messages).toEqual({
      "rules.blackout_birth_days.to": adminMessages.wholeNumber,
      "rules.window_birth_days.to": adminMessages.windowOrder,
    });
  });

  it("lists every required field of an empty form", () => {
    expect(Object.keys(toProductInput(emptyProductForm()).messages ?? {}).sort()).toEqual([
      "logo_url",
      "name",
      "product_spc_url",
      "size_info",
      "source_note",
      "vaccine_type",
    ]);
  });
});
