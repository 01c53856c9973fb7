import { RoleName, type UserProfile } from "@vaxcal/contracts";
import { describe, expect, it } from "vitest";
import { farmerFixture } from "../testing/mocks/account-fixtures.ts";
import {
  describePlannedReminders,
  describeReminder,
  formatRecipient,
  formatReminderTime,
  isFarmer,
} from "./reminder-line.ts";

/* The reminder line of decision 603, on fixed dates: Irish wall-clock time on every device. */

const verified: UserProfile = {
  ...farmerFixture,
  phone: "+353871234567",
  email: "aoife@example.ie",
  phone_verified_at: "2026-01-01T10:00:00.000Z",
  email_verified_at: "2026-01-01T10:00:00.000Z",
  notify_phone: true,
  notify_email: true,
};

describe("the reminder line", () => {
  it("says 09:00 for a send on either side of both clock changes", () => {
    expect(formatReminderTime("2026-03-28T09:00:00.000Z")).toBe("Sat 28 Mar, 09:00");
    expect(formatReminderTime("2026-03-29T08:00:00.000Z")).toBe("Sun 29 Mar, 09:00");
    expect(formatReminderTime("2026-10-24T08:00:00.000Z")).toBe("Sat 24 Oct, 09:00");
    expect(formatReminderTime("2026-10-25T09:00:00.000Z")).toBe("Sun 25 Oct, 09:00");
  });

  it("writes an Irish mobile the way a farmer reads it, and leaves an e-mail as it is", () => {
    expect(formatRecipient("+353871234567")).toBe("087 123 4567");
    expect(formatRecipient("+447700900123")).toBe("+447700900123");
    expect(formatRecipient("aoife@example.ie")).toBe("aoife@example.ie");
  });

  it("says when a reminder went, and that a late one goes shortly", () => {
    const text = { channel: "sms", recipient: "+353871234567" } as const;
    expect(
      describeReminder({ ...text, at: "2026-12-07T09:00:00.000Z", status: "sent" }, "2026-12-09"),
    ).toBe("Text sent to 087 123 4567 on Mon 7 Dec, 09:00");
    expect(
      describeReminder(
        { ...text, at: "2026-12-07T09:00:00.000Z", status: "planned" },
        "2026-12-09",
      ),
    ).toBe("Text to 087 123 4567 shortly");
  });

  it("plans from the profile: text then e-mail, 7 days before at 09:00, only to verified contacts that are on", () => {
    expect(describePlannedReminders(verified, "2026-12-14", "2026-11-27")).toEqual([
      "Text to 087 123 4567 on Mon 7 Dec, 09:00",
      "Email to aoife@example.ie on Mon 7 Dec, 09:00",
    ]);
    expect(
      describePlannedReminders(
        { ...verified, email_verified_at: null },
        "2026-04-05",
        "2026-03-01",
      ),
    ).toEqual(["Text to 087 123 4567 on Sun 29 Mar, 09:00"]);
    expect(
      describePlannedReminders({ ...verified, notify_phone: false }, "2026-04-05", "2026-03-01"),
    ).toEqual(["Email to aoife@example.ie on Sun 29 Mar, 09:00"]);
    expect(describePlannedReminders(verified, "2026-03-01", "2026-03-02")).toEqual([]);
  });

  it("is shown only to a farmer: a vet's or an admin's contacts get no reminder about a farm", () => {
    expect(isFarmer(verified)).toBe(true);
    expect(isFarmer({ ...verified, roles: [{ name: RoleName.vetManager }] })).toBe(false);
    expect(
      isFarmer({ ...verified, roles: [{ name: RoleName.farmer }, { name: RoleName.admin }] }),
    ).toBe(false);
  });
});
