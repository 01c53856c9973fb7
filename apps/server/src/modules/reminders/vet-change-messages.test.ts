import { describe, expect, it } from "vitest";
import {
  composeVetChangeEmail,
  composeVetChangeText,
  findNetShotChanges,
} from "./vet-change-messages.ts";

/*
 * Decision 425: what the farmer is told when a vet of the linked practice changes a calendar:
 * the net change since the last message, before → after, who made it, and whether the reminder
 * for the old date had already gone.
 */

const before = [
  { key: "covexin-1", name: "Covexin 10", date: "2027-01-12" },
  { key: "bvd-1", name: "Bovela", date: "2027-02-01" },
  { key: "lepto-1", name: "Leptavoid-H", date: "2027-03-01" },
] as const;

describe("the net change", () => {
  it("keeps only what differs between the first before and the last after, by date", () => {
    const after = [
      { key: "covexin-1", name: "Covexin 10", date: "2027-01-18" },
      { key: "bvd-1", name: "Bovela", date: "2027-02-01" },
      { key: "rota-1", name: "Rotavec Corona", date: "2027-01-20" },
    ];
    expect(findNetShotChanges(before, after, new Set(["covexin-1@2027-01-12"]))).toEqual([
      { name: "Covexin 10", from: "2027-01-12", to: "2027-01-18", reminderSent: true },
      { name: "Rotavec Corona", from: null, to: "2027-01-20", reminderSent: false },
      { name: "Leptavoid-H", from: "2027-03-01", to: null, reminderSent: false },
    ]);
  });

  it("is empty when a shot moved and came back", () => {
    expect(findNetShotChanges(before, [...before], new Set())).toEqual([]);
  });
});

const moved = [{ name: "Covexin 10", from: "2027-01-12", to: "2027-01-18", reminderSent: false }];

describe("the text", () => {
  it("says who changed which calendar, before → after, in one GSM-7 segment", () => {
    const text = composeVetChangeText({
      practice: "Glenbeg Veterinary Clinic",
      animal: "Cows",
      changes: moved,
    });
    expect(text).toBe(
      "VaxCal: Glenbeg Veterinary Clinic changed your Cows calendar: Covexin 10 moved from Tue 12 Jan to Mon 18 Jan 2027.",
    );
    expect(text.length).toBeLessThanOrEqual(160);
  });

  it("says so when the reminder for the old date has already gone", () => {
    const text = composeVetChangeText({
      practice: "Glenbeg Veterinary Clinic",
      animal: "Cows",
      changes: [{ ...moved[0]!, reminderSent: true }],
    });
    expect(text).toContain(
      "The reminder for 12 Jan was already sent; the new date will get its own.",
    );
  });
});

describe("the e-mail", () => {
  it("greets the farmer, lists each change and the sent reminder, and links the calendar", () => {
    const email = composeVetChangeEmail({
      to: "aoife@example.ie",
      name: "Aoife",
      practice: "Glenbeg Veterinary Clinic",
      vet: "Seán Kelly",
      animal: "Cows",
      calendarUrl: "https://vaxcal.example.ie/calendar/7",
      changes: [
        { ...moved[0]!, reminderSent: true },
        { name: "Leptavoid-H", from: "2027-03-01", to: null, reminderSent: false },
        { name: "Rotavec Corona", from: null, to: "2027-01-20", reminderSent: false },
      ],
    });
    expect(email.subject).toBe("Glenbeg Veterinary Clinic changed your Cows calendar");
    expect(email.text).toContain("Hello Aoife,");
    expect(email.text).toContain(
      "Seán Kelly of Glenbeg Veterinary Clinic changed your Cows calendar:",
    );
    expect(email.text).toContain("Covexin 10 moved from Tue 12 Jan to Mon 18 Jan 2027.");
    expect(email.text).toContain(
      "The reminder for 12 Jan was already sent; the new date will get its own.",
    );
    expect(email.text).toContain("Leptavoid-H on Mon 1 Mar 2027 was removed.");
    expect(email.text).toContain("Rotavec Corona added on Wed 20 Jan 2027.");
    expect(email.text).toContain("https://vaxcal.example.ie/calendar/7");
    expect(email.html).toContain("Covexin 10 moved from Tue 12 Jan to Mon 18 Jan 2027.");
  });
});
