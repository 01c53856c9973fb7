import ICAL from "ical.js";
import { describe, expect, it } from "vitest";
import type { DescribedColumn } from "../calendars/calendars.repository.ts";
import { buildSampleCalendarDocument } from "../../../test/calendars.ts";
import { formatRecurrenceRule, renderCalendarFeed } from "./render-calendar-feed.ts";

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
    const shot = column?.seeds[0];
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
    expect(summary).toMatch(/^Cows: Blackleg, tetanus; and more \(Dose 1/);
  });

  it.each([
    ["an ordinary week", [2027, 5, 20], "2027-05-13T09:00:00"],
    ["the week the clocks go forward", [2027, 4, 1], "2027-03-25T09:00:00"],
    ["the week the clocks go back", [2027, 11, 3], "2027-10-27T09:00:00"],
    ["a week from 29 February", [2028, 3, 7], "2028-02-29T09:00:00"],
  ] as const)(
    "sounds the alarm at 09:00 seven days before the shot, in %s",
    (_week, [year, month, day], expected) => {
      const document = buildSampleCalendarDocument();
      const column = document.columns[0];
      const shot = column?.seeds[0];
      if (!column || !shot) throw new Error("the sample calendar has no dated shot");
      shot.date = `${year}-${String(month).padStart(2, "0")}-${String(day).padStart(2, "0")}`;
      const feed = renderCalendarFeed({ ...document, columns: [column] }, "vaxcal.example.ie");
      const event = new ICAL.Component(ICAL.parse(feed))
        .getAllSubcomponents("vevent")
        .find((candidate) =>
          String(candidate.getFirstPropertyValue("uid")).includes(`-${shot.id}@`),
        );
      const alarm = event?.getFirstSubcomponent("valarm");
      const trigger = alarm?.getFirstPropertyValue("trigger") as ICAL.Duration;
      // A phone rings at the event's start on its own clock, moved by the trigger.
      const start = event?.getFirstPropertyValue("dtstart") as ICAL.Time;
      const ringsAt = ICAL.Time.fromData({
        year: start.year,
        month: start.month,
        day: start.day,
        hour: 0,
      });
      ringsAt.addDuration(trigger);

      expect(ringsAt.toString()).toBe(expected);
    },
  );
});

/** The dates an event's RRULE gives from its start up to `until`, as ical.js expands them. */
function expandEvent(event: ICAL.Component, until: string): string[] {
  const expansion = new ICAL.Event(event).iterator();
  const dates: string[] = [];
  for (let next = expansion.next(); next && next.toString() <= until; next = expansion.next()) {
    dates.push(next.toString());
  }
  return dates;
}

describe("recurring shots in the feed", () => {
  const document = buildSampleCalendarDocument();
  const firstColumn = document.columns[0];
  if (!firstColumn) throw new Error("the sample calendar has no column");
  const column: DescribedColumn = firstColumn;

  function feedWith(seeds: typeof column.seeds) {
    const feed = renderCalendarFeed(
      { ...document, columns: [{ ...column, seeds }] },
      "vaxcal.example.ie",
    );
    return new ICAL.Component(ICAL.parse(feed)).getAllSubcomponents("vevent");
  }

  const seed = (id: string, date: string, period: number) => ({
    id,
    diseaseId: column.diseaseId,
    templateId: null,
    date,
    custom_name: null,
    is_recurrent: period,
    userInitiated: true,
  });

  it("is one event with a yearly RRULE for a yearly booster, which a phone repeats for ever", () => {
    const events = feedWith([seed("1-u1", "2026-03-28", 1)]);
    expect(events).toHaveLength(1);
    const [event] = events;
    if (!event) throw new Error("no event");
    const feed = renderCalendarFeed(
      { ...document, columns: [{ ...column, seeds: [seed("1-u1", "2026-03-28", 1)] }] },
      "vaxcal.example.ie",
    );
    expect(unfold(feed).filter((line) => line.startsWith("RRULE"))).toEqual([
      "RRULE:FREQ=YEARLY;INTERVAL=1",
    ]);
    expect(String(event.getFirstPropertyValue("description"))).toContain("Repeats: every year");
    expect(expandEvent(event, "2046-12-31")).toEqual(
      Array.from({ length: 21 }, (_, index) => `${2026 + index}-03-28`),
    );
  });

  it("repeats a 3-yearly dose every third year", () => {
    const [event] = feedWith([seed("1-u1", "2026-08-10", 3)]);
    if (!event) throw new Error("no event");
    expect(String(event.getFirstPropertyValue("description"))).toContain("Repeats: every 3 years");
    expect(expandEvent(event, "2036-12-31")).toEqual([
      "2026-08-10",
      "2029-08-10",
      "2032-08-10",
      "2035-08-10",
    ]);
  });

  it("keeps a 29 February shot on February's last day every year, as the calendar does", () => {
    expect(formatRecurrenceRule("2028-02-29", 1)).toBe(
      "FREQ=YEARLY;INTERVAL=1;BYMONTH=2;BYMONTHDAY=-1",
    );
    const [event] = feedWith([seed("1-u1", "2028-02-29", 1)]);
    if (!event) throw new Error("no event");
    expect(expandEvent(event, "2033-12-31")).toEqual([
      "2028-02-29",
      "2029-02-28",
      "2030-02-28",
      "2031-02-28",
      "2032-02-29",
      "2033-02-28",
    ]);
  });

  it("leaves a one-off shot a single event", () => {
    const [event] = feedWith([seed("1-u1", "2027-05-01", 0)]);
    if (!event) throw new Error("no event");
    expect(event.getFirstPropertyValue("rrule")).toBeNull();
    expect(expandEvent(event, "2040-12-31")).toEqual(["2027-05-01"]);
  });
});
