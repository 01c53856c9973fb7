import { describe, expect, it } from "vitest";
import {
  collectFootnotes,
  describeRoutes,
  findPrintedWindow,
  listPrintedMonths,
  buildCalendarPrintout,
  parseAccentColor,
} from "./calendar-document.ts";
import type { DescribedColumn } from "../calendars/calendars.repository.ts";
import { buildSampleCalendarDocument } from "../../../test/calendars.ts";

describe("printed words", () => {
  it.each([
    ["IM", "Intramuscular"],
    ["SC", "Subcutaneous"],
    ["IN,IM", "Intranasal or intramuscular"],
    ["IM, SC", "Intramuscular or subcutaneous"],
    ["SCARIFICATION", "Skin scarification"],
  ])("spell out the route %s as %s", (code, words) => {
    expect(describeRoutes(code)).toBe(words);
  });

  it("read an accent colour, falling back to grey for junk", () => {
    expect(parseAccentColor("0,94,184")).toEqual([0, 94, 184]);
    expect(parseAccentColor("300,0,0")).toEqual([120, 120, 120]);
    expect(parseAccentColor(undefined)).toEqual([120, 120, 120]);
  });

  it("list each footnote once, in number order, with its numbered mark", () => {
    const column = (footnoteNumber: number | null, footnote: string | null): DescribedColumn => ({
      diseaseId: 1,
      vaccineId: null,
      protocol: [],
      diseaseName: "x",
      footnote,
      footnoteNumber,
      vaccine: null,
      seeds: [],
    });
    expect(
      collectFootnotes([
        column(3, "Where infection is confirmed"),
        column(null, null),
        column(1, "Dairy replacements only"),
        column(3, "Where infection is confirmed"),
      ]),
    ).toEqual([
      { mark: "(1)", text: "Dairy replacements only" },
      { mark: "(2)", text: "Where infection is confirmed" },
    ]);
  });

  it("say plainly why a column has no date: no fixed schedule, agree it with the vet", () => {
    const column = (diseaseName: string, templateId: number | null): DescribedColumn => ({
      diseaseId: 1,
      vaccineId: 19,
      protocol: [],
      diseaseName,
      footnote: null,
      footnoteNumber: null,
      vaccine: { name: "Bultavo 3", accentColor: "48,63,159", vaccineType: "SC,IM" },
      seeds:
        templateId === null
          ? []
          : [
              {
                id: "1-1",
                diseaseId: 1,
                templateId,
                date: "2027-03-01",
                custom_name: null,
                is_recurrent: 0,
                userInitiated: false,
              },
            ],
    });
    const printout = buildCalendarPrintout(
      {
        id: 1,
        year: 2027,
        updatedAt: new Date("2026-11-24T00:00:00Z"),
        farmName: null,
        username: "farmer",
        names: { enterprise: "Sheep", animal: "Ewes", season: "Mid-season lambing" },
        birthLabel: "Lambing",
        birthDate: "2027-03-01",
        breedingDate: "2026-10-05",
        vetEmailAddress: null,
        practiceName: null,
        practicePhone: null,
        farmSize: null,
        givenShots: [],
        columns: [column("Bluetongue", null), column("Orf", 26)],
      },
      "2026-11-24",
    );
    expect(printout.columns.map((printed) => printed.note)).toEqual([
      "No fixed schedule: agree the date with your vet",
      null,
    ]);
  });
});

describe("the printed months", () => {
  const todays = [
    ...Array.from({ length: 12 }, (_, index) => `2027-${String(index + 1).padStart(2, "0")}-15`),
    "2028-02-29",
    "2026-12-31",
  ];

  it.each(todays)("on %s are the 24 months from the current one, in order", (today) => {
    const months = listPrintedMonths(today);
    expect(months).toHaveLength(24);
    expect(months[0]).toEqual({
      year: Number(today.slice(0, 4)),
      month: Number(today.slice(5, 7)),
    });
    months.slice(1).forEach((month, index) => {
      const previous = months[index]!;
      expect(month.year * 12 + month.month).toBe(previous.year * 12 + previous.month + 1);
    });
    const last = months.at(-1)!;
    const lastDay = new Date(Date.UTC(last.year, last.month, 0)).getUTCDate();
    expect(findPrintedWindow(today)).toEqual({
      from: `${today.slice(0, 7)}-01`,
      to: `${last.year}-${String(last.month).padStart(2, "0")}-${lastDay}`,
    });
  });
});

describe("the wall PDF's months", () => {
  const document = buildSampleCalendarDocument();
  const todays = [
    ...Array.from({ length: 12 }, (_, index) => `2027-${String(index + 1).padStart(2, "0")}-15`),
    "2028-02-29",
    "2026-12-31",
    "2027-03-28",
    "2027-10-31",
  ];

  it.each(todays)("on %s are the 12 from the current one, past months left out", (today) => {
    const printout = buildCalendarPrintout(document, today);
    expect(printout.months).toEqual(listPrintedMonths(today, 12));
    expect(printout.months[0]).toEqual({
      year: Number(today.slice(0, 4)),
      month: Number(today.slice(5, 7)),
    });
    const from = `${today.slice(0, 7)}-01`;
    const last = printout.months.at(-1)!;
    const lastKey = `${last.year}-${String(last.month).padStart(2, "0")}`;
    const dates = [
      ...printout.columns.flatMap((column) => column.shots.map((shot) => shot.date)),
      ...printout.checklist.map((row) => row.date),
    ];
    for (const date of dates) {
      expect(date >= from, date).toBe(true);
      expect(date.slice(0, 7) <= lastKey, date).toBe(true);
    }
    // The checklist is the grid's shots, in date order.
    expect(printout.checklist.map((row) => row.date)).toEqual(
      printout.columns
        .flatMap((column) => column.shots.map((shot) => shot.date))
        .sort((left, right) => left.localeCompare(right)),
    );
  });
});
