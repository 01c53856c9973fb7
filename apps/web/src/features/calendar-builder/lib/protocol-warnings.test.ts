import {
  ProtocolRule,
  type Calendar,
  type ProtocolWarning,
  type VaccineInput,
} from "@vaxcal/schedule";
import { describe, expect, it } from "vitest";
import { describeWarningAction, describeWarningDetails } from "./protocol-warnings.ts";

const baseRules = {
  min_age_days: null,
  not_in_pregnancy: false,
  min_days_before_breeding: null,
  blackout_birth_days: null,
  window_birth_days: null,
  max_shots: null,
  compatible_vaccine_ids: [],
} as const;

/** One column, one shot: just what the wording reads (the shot's vaccine and the setup). */
function calendarWith(rules: Partial<VaccineInput["rules"]>, isSheep = false): Calendar {
  const vaccine = { id: 1, name: "Bovilis BVD", rules: { ...baseRules, ...rules } };
  return {
    setup: {
      enterprise: { id: isSheep ? 3 : 1 },
      animal: { id: 1, isAdult: true },
      birthDate: "2027-02-01",
      breedingDate: "2027-05-01",
    },
    diseases: [{ diseaseId: 7, vaccine, shots: [{ id: "7-1", diseaseId: 7, date: "2027-04-20" }] }],
  } as unknown as Calendar;
}

function warning(rule: ProtocolRule, source = "S1"): ProtocolWarning {
  return { rule, source, shotIds: ["7-1"], message: "The engine's own sentence." };
}

describe("describeWarningAction (docs/product.md D20: say what to do)", () => {
  it.each([
    [
      ProtocolRule.beforeBreeding,
      { min_days_before_breeding: 28 },
      "Too close to breeding: give it at least 4 weeks before",
    ],
    [ProtocolRule.minimumAge, { min_age_days: 14 }, "Too young: give it from 2 weeks old"],
    [
      ProtocolRule.blackout,
      { blackout_birth_days: { from: -14, to: 7 } },
      "Too close to calving: give it more than 2 weeks before or 7 days after",
    ],
    [
      ProtocolRule.productWindow,
      { window_birth_days: { from: -84, to: -21 } },
      "Outside its window: give it 12 weeks to 3 weeks before calving",
    ],
    [
      ProtocolRule.maxShots,
      { max_shots: 2 },
      "Too many shots this year: the most is 2, so remove one",
    ],
    [ProtocolRule.spacing, {}, "Too close to another vaccine: leave 14 days between them"],
  ] as const)("words the %s rule as a problem and what to do", (rule, rules, expected) => {
    const text = describeWarningAction(warning(rule), "7-1", calendarWith(rules));
    expect(text).toBe(expected);
    // No rule code and no source in the words beside the shot.
    expect(text).not.toMatch(/S\d|rule|·/);
  });

  it("uses the engine's sentence for rules that already say what to do", () => {
    const timing: ProtocolWarning = {
      ...warning(ProtocolRule.tooCloseToBirth),
      message: "Too close to lambing: give Bovilis BVD at least 7 weeks before lambing.",
    };
    expect(describeWarningAction(timing, "7-1", calendarWith({}, true))).toBe(
      "Too close to lambing: give it at least 7 weeks before lambing",
    );
  });
});

describe("describeWarningDetails", () => {
  it("names the rule and its source for the details line", () => {
    expect(describeWarningDetails(warning(ProtocolRule.beforeBreeding, "S16"))).toBe(
      "Before breeding rule, from reference S16",
    );
    expect(describeWarningDetails(warning(ProtocolRule.pregnancy, "SPC"))).toBe(
      "Pregnancy rule, from the product's SPC",
    );
  });
});
