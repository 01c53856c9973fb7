import { describe, expect, it } from "vitest";
import { composeReminderText, smsSegmentLength, toGsm7 } from "./reminder-messages.ts";

const shot = (diseaseName: string, vaccineName: string | null = null) => ({
  calendarId: 1,
  animalName: "Cows",
  diseaseName,
  vaccineName,
});

describe("reminder texts (decision 601)", () => {
  it("names the day, the animals, the disease and the vaccine, and how to stop, in one segment", () => {
    const text = composeReminderText("2026-03-20", [shot("BVD", "Bovela")]);
    expect(text).toBe(
      "VaxCal: vaccines due Fri 20 March 2026. Cows: BVD (Bovela). Reply STOP to end texts.",
    );
    expect(text.length).toBeLessThanOrEqual(smsSegmentLength);
  });

  it("writes fadas without their accents, so the text stays GSM-7 (160 a segment, not 70)", () => {
    expect(toGsm7("Booster for Máire's heifers – Tóchar")).toBe(
      "Booster for Maire's heifers Tochar",
    );
    const text = composeReminderText("2026-03-20", [shot("Dosáil ó Sheán")]);
    expect(text).toContain("Cows: Dosail o Shean.");
    expect([...text].every((character) => toGsm7(character) === character)).toBe(true);
  });

  it("counts the shots that do not fit one segment instead of splitting the text", () => {
    const shots = ["BVD", "IBR", "Leptospirosis", "Salmonella", "Clostridial", "Rotavirus"].map(
      (name) => shot(name, `${name} vaccine long name`),
    );
    const text = composeReminderText("2026-03-20", shots);
    expect(text.length).toBeLessThanOrEqual(smsSegmentLength);
    expect(text).toMatch(/\+\d more in VaxCal\. Reply STOP to end texts\.$/);
  });
});
