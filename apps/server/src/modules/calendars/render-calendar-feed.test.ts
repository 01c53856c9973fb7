import ICAL from "ical.js";
import { describe, expect, it } from "vitest";
import { buildSampleCalendarDocument } from "./calendars.test-support.ts";
import { renderCalendarFeed } from "./render-calendar-feed.ts";

// RFC 5545 §3.3.6: a duration's "T" must be followed by hours, minutes or seconds.
const durationPattern =
  /^[+-]?P(\d+W|\d+D(T(\d+H(\d+M)?(\d+S)?|\d+M(\d+S)?|\d+S))?|T(\d+H(\d+M)?(\d+S)?|\d+M(\d+S)?|\d+S))$/;

/** The feed's lines with folding undone (RFC 5545 §3.1). */
function unfold(feed: string): string[] {
  return feed.replace(/\r\n[ \t]/g, "").split("\r\n");
}

describe("renderCalendarFeed", () => {
  it("escapes the calendar name and the alarm text, and writes a valid alarm trigger", () => {
    const document = buildSampleCalendarDocument();
    const farmName = "Hill; Farm, Co. Cork \\ North";
    const column = document.columns[0];
    const shot = column?.shots.find((candidate) => candidate.date !== null);
    if (!column || !shot) throw new Error("the sample calendar has no dated shot");
    shot.custom_name = "Dose 1; then, 2 \\ booster";
    column.diseaseName = "Blackleg, tetanus; and more";
    const feed = renderCalendarFeed({ ...document, farmName }, "vaxcal.example.ie");

    const lines = unfold(feed);
    expect(lines).toContain(
      `X-WR-CALNAME:Hill\\; Farm\\, Co. Cork \\\\ North: Cows ${document.year} (VaxCal)`,
    );
    const triggers = lines.filter((line) => line.startsWith("TRIGGER"));
    expect(triggers.length).toBeGreaterThan(0);
    for (const trigger of triggers) {
      expect(trigger).toMatch(/^TRIGGER:/);
      expect(trigger.slice("TRIGGER:".length)).toMatch(durationPattern);
    }
    for (const line of lines.filter((candidate) => /^(DESCRIPTION|SUMMARY):/.test(candidate))) {
      // Every ; and , in a text value is escaped (no bare one follows a non-backslash).
      expect(line.slice(line.indexOf(":") + 1), line).not.toMatch(/(^|[^\\])(\\\\)*[;,]/);
    }

    const calendar = new ICAL.Component(ICAL.parse(feed));
    const event = calendar
      .getAllSubcomponents("vevent")
      .find((candidate) => String(candidate.getFirstPropertyValue("uid")).includes(`-${shot.id}@`));
    const summary = String(event?.getFirstPropertyValue("summary"));
    expect(summary).toContain("Dose 1; then, 2 \\ booster");
    const alarm = event?.getFirstSubcomponent("valarm");
    expect(String(alarm?.getFirstPropertyValue("description"))).toBe(`In 7 days: ${summary}`);
    expect(event?.getFirstProperty("categories")?.getValues()).toEqual([
      "Vaccination",
      "Blackleg, tetanus; and more",
    ]);
    const trigger = alarm?.getFirstPropertyValue("trigger") as ICAL.Duration;
    expect(trigger.toSeconds()).toBe(-7 * 24 * 3600);
  });
});
