import { describe, expect, it } from "vitest";
import { expectEveryLinkToOpenAPage } from "../../test/message-links.ts";
import {
  composeReminderEmail,
  composeReminderText,
  smsSegmentLength,
  toGsm7,
} from "./reminder-messages.ts";
import { buildUnsubscribeUrl, unsubscribePath } from "./unsubscribe-link.ts";

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

describe("reminder e-mails", () => {
  const publicUrl = "https://vaxcal.example";
  const email = (name?: string) =>
    composeReminderEmail({
      to: "mary@example.ie",
      name,
      dueDate: "2026-03-20",
      shots: [shot("BVD", "Bovela")],
      unsubscribeUrl: buildUnsubscribeUrl(publicUrl, "secret", 12, "mary@example.ie"),
      publicUrl,
    });

  it("greets the farmer by name", () => {
    expect(email("Máire").text).toMatch(/^Hello Máire,/);
    expect(email().text).toMatch(/^Hello,/);
  });

  it("links only to pages that open: the settings page and the one-click unsubscribe", () => {
    expectEveryLinkToOpenAPage(email("Mary"), publicUrl, [unsubscribePath]);
  });
});
