import { protocolMessages } from "@vaxcal/contracts";
import { describe, expect, it } from "vitest";
import { describeAuditSubject } from "./audit-page.tsx";
import {
  describeOffset,
  describeRecurrence,
  describeWindow,
  emptyTemplateForm,
  toTemplateField,
  toTemplateForm,
  toTemplateInput,
} from "./shot-template-form.ts";

const ids = { vaccine_id: 1, animal_id: 1 };

describe("the shot template form", () => {
  it("puts the days on the chosen anchor only", () => {
    const form = { ...emptyTemplateForm(), anchor: "birth" as const, days: " -56 " };
    expect(toTemplateInput(form, ids)).toEqual({
      input: {
        ...ids,
        birth_days: -56,
        breeding_days: null,
        custom_name: "",
        is_recurrent: 1,
        herd_status: null,
        season_id: null,
        earliest_days: null,
        latest_days: null,
        source_note: "",
      },
    });
  });

  it("takes the window and its source, and gives the server's message for a window that leaves out the day (decision 414)", () => {
    const form = {
      ...emptyTemplateForm(),
      anchor: "birth" as const,
      days: "-49",
      earliest_days: "-84",
      latest_days: " -21 ",
      source_note: "Rotavec Corona SPC",
    };
    expect(toTemplateInput(form, ids)).toMatchObject({
      input: { earliest_days: -84, latest_days: -21, source_note: "Rotavec Corona SPC" },
    });
    expect(toTemplateInput({ ...form, latest_days: "-90" }, ids).messages).toEqual({
      earliest_days: protocolMessages.windowOrder,
    });
    expect(toTemplateInput({ ...form, days: "-10" }, ids).messages).toEqual({
      days: protocolMessages.preferredOutsideWindow,
    });
    expect(toTemplateInput({ ...form, earliest_days: "soon" }, ids).messages).toEqual({
      earliest_days: protocolMessages.offsetRange,
    });
  });

  it("gives the server's messages beside the fields for days and recurrence that are not whole numbers", () => {
    const form = { ...emptyTemplateForm(), days: "4 weeks", is_recurrent: "-1" };
    expect(toTemplateInput(form, ids).messages).toEqual({
      days: protocolMessages.offsetRange,
      is_recurrent: protocolMessages.recurrenceRange,
    });
    expect(toTemplateInput({ ...emptyTemplateForm(), days: "" }, ids).messages).toEqual({
      days: protocolMessages.offsetRange,
    });
  });

  it("maps the server's paths, the preview's too, to the form's fields", () => {
    expect(toTemplateField("body.breeding_days")).toBe("days");
    expect(toTemplateField("template.season_id")).toBe("season_id");
    expect(toTemplateField("body.template.is_recurrent")).toBe("is_recurrent");
    expect(toTemplateField("body.template")).toBe("form");
  });

  it("round-trips a saved template", () => {
    const template = {
      id: 3,
      ...ids,
      birth_days: null,
      breeding_days: -14,
      custom_name: "IBR (1st dose)",
      is_recurrent: 0,
      herd_status: "unprimed" as const,
      season_id: 2,
      earliest_days: -21,
      latest_days: null,
      source_note: "IBR SPC",
      updated_at: "",
    };
    const form = toTemplateForm(template);
    expect(form).toEqual({
      anchor: "breeding",
      days: "-14",
      custom_name: "IBR (1st dose)",
      is_recurrent: "0",
      herd_status: "unprimed",
      season_id: "2",
      earliest_days: "-21",
      latest_days: "",
      source_note: "IBR SPC",
    });
    expect(toTemplateInput(form, ids)).toMatchObject({
      input: {
        breeding_days: -14,
        herd_status: "unprimed",
        season_id: 2,
        earliest_days: -21,
        latest_days: null,
        source_note: "IBR SPC",
      },
    });
  });

  it("says when a shot falls and how often it repeats", () => {
    expect(describeOffset({ birth_days: null, breeding_days: -28 })).toBe(
      "28 days before breeding",
    );
    expect(describeOffset({ birth_days: 1, breeding_days: null })).toBe("1 day after birth");
    expect(describeOffset({ birth_days: 0, breeding_days: null })).toBe("on the birth date");
    expect(
      describeWindow({
        birth_days: -49,
        breeding_days: null,
        earliest_days: -84,
        latest_days: -21,
      }),
    ).toBe("-84 to -21 days from birth");
    expect(
      describeWindow({
        birth_days: null,
        breeding_days: -14,
        earliest_days: -21,
        latest_days: null,
      }),
    ).toBe("-21 to -14 days from breeding");
    expect(describeWindow({ birth_days: 1, breeding_days: null })).toBe("None");
    expect([0, 1, 3].map(describeRecurrence)).toEqual(["Once", "Every year", "Every 3 years"]);
  });
});

describe("the audit trail's words for a protocol change", () => {
  const productName = (id: number | null) => (id === 1 ? "Bovilis BVD" : undefined);

  it("names a shot template by its product and offset, linking to its protocol", () => {
    expect(
      describeAuditSubject(
        {
          entity: "shot_template",
          entity_id: 2,
          vaccine_id: 1,
          before: { breeding_days: -28, animal_id: 1, custom_name: null },
          after: { breeding_days: -35, birth_days: null, animal_id: 1, custom_name: null },
        },
        productName,
      ),
    ).toEqual({
      text: "shot template Bovilis BVD, 35 days before breeding",
      href: "/admin/protocol/?vaccine=1&animal=1",
    });
  });

  it("names season dates, disease links and popup messages, and links a product to its form", () => {
    expect(
      describeAuditSubject(
        {
          entity: "season_default",
          entity_id: 21,
          vaccine_id: null,
          before: null,
          after: {
            enterprise_name: "Sheep",
            season_name: "Mid-season lambing",
            animal_name: "Ewes",
            animal_id: 5,
          },
        },
        productName,
      ).text,
    ).toBe("season dates Sheep, Mid-season lambing for Ewes");
    expect(
      describeAuditSubject(
        {
          entity: "disease_animal",
          entity_id: 1,
          vaccine_id: 1,
          before: { disease_name: "BVD", animal_name: "Cows", animal_id: 1 },
          after: null,
        },
        productName,
      ),
    ).toEqual({ text: "disease link BVD for Cows", href: "/admin/protocol/?animal=1" });
    expect(
      describeAuditSubject(
        { entity: "warning", entity_id: 4, vaccine_id: null, before: null, after: { title: "Hi" } },
        productName,
      ).text,
    ).toBe("popup message Hi");
    expect(
      describeAuditSubject(
        { entity: "vaccine", entity_id: 1, vaccine_id: 1, before: null, after: { name: "X" } },
        productName,
      ),
    ).toEqual({ text: "X", href: "/edit/product/?id=1" });
  });
});
