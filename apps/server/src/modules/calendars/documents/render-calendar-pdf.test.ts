import { execFileSync } from "node:child_process";
import { mkdtempSync, readdirSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { calendarMessages } from "@vaxcal/contracts";
import { listOccurrences } from "@vaxcal/schedule";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { buildCalendarPrintout } from "./calendar-document.ts";
import { buildSampleCalendarDocument } from "../../../test/calendars.ts";
import { renderCalendarPdf } from "./render-calendar-pdf.ts";

const folder = mkdtempSync(path.join(tmpdir(), "vaxcal-pdf-test-"));
afterAll(() => rmSync(folder, { recursive: true, force: true }));

function runPoppler(tool: string, args: string[]): string {
  return execFileSync(tool, args, { encoding: "utf8" });
}

const document = buildSampleCalendarDocument();
const [firstColumn] = document.columns;
if (!firstColumn) throw new Error("the sample calendar has no column");
// A farmer's own name for a shot, with a fada and a euro sign.
firstColumn.seeds = firstColumn.seeds.map((shot, index) =>
  index === 0 ? { ...shot, custom_name: "Dosáil (€4.50 a head)" } : shot,
);
// The farmer gave the first shot of the printed year and recorded its batch.
const firstPrinted = document.columns
  .flatMap((column) => listOccurrences(column.seeds, "2026-03-01", "2027-02-28"))
  .sort((left, right) => left.date.localeCompare(right.date))[0];
if (!firstPrinted) throw new Error("the sample calendar has no shot in the printed year");
document.givenShots = [
  {
    shotId: firstPrinted.id,
    plannedOn: firstPrinted.date,
    givenOn: "2026-03-02",
    batch: "A1234-B",
    givenBy: "SÓS",
    note: null,
    recordedAt: "2026-03-02T10:00:00.000Z",
  },
];
const printout = buildCalendarPrintout(document, "2026-03-02");
let file = "";
let text = "";

beforeAll(async () => {
  file = path.join(folder, "calendar.pdf");
  writeFileSync(file, await renderCalendarPdf(printout));
  text = runPoppler("pdftotext", ["-layout", file, "-"]);
});

describe("the calendar PDF", () => {
  it("is A4 landscape", () => {
    expect(runPoppler("pdfinfo", [file])).toMatch(/Page size:\s+841\.89 x 595\.28 pts \(A4\)/);
  });

  it("heads every page with VaxCal, the farm and the username, fadas intact", () => {
    const pages = text.split("\f").filter((page) => page.trim() !== "");
    expect(pages.length).toBeGreaterThan(1);
    for (const page of pages) {
      expect(page).toContain("VaxCal");
      expect(page).toContain("Ó Súilleabháin's Farm, Dún Laoghaire");
      expect(page).toContain("seán.ó.súilleabháin@example.ie");
    }
  });

  it("states the setup", () => {
    for (const words of [
      "Enterprise: Dairy",
      "Animal: Cows",
      "Season: Spring calving",
      "Calving date: 1 February 2026",
      "Breeding date: 25 April 2026",
      "Vet: clinic@macroomvets.example.ie",
      "Practice: Macroom Veterinary Clinic",
      "Practice phone: 026 41234",
    ]) {
      expect(text).toContain(words);
    }
  });

  it("has a column per disease and every shot's date, vaccine and route", () => {
    expect(document.columns).toHaveLength(6);
    const flat = text.replace(/\s+/g, " ");
    for (const column of document.columns) {
      expect(text).toContain(column.diseaseName);
      // The 12 months from March 2026, derived from the plan.
      const shots = listOccurrences(column.seeds, "2026-03-01", "2027-02-28");
      expect(shots.length, column.diseaseName).toBeGreaterThan(0);
      for (const shot of shots) {
        const [year, month, day] = shot.date.split("-").map(Number);
        const monthName = new Date(Date.UTC(2000, (month ?? 1) - 1)).toLocaleString("en-GB", {
          month: "short",
          timeZone: "UTC",
        });
        expect(text, shot.id).toContain(`${day} ${monthName} ${year}`);
      }
      if (column.vaccine) expect(flat).toContain(column.vaccine.name.split(" ")[0]);
    }
    expect(flat).toContain("Intramuscular");
    expect(flat).toContain("Subcutaneous");
    // The name wraps in its narrow column, so only its first words share a line.
    expect(flat).toContain("Dosáil (€4.50");
  });

  it("shows the 12 months from the current one, past months left out", () => {
    const flat = text.replace(/\s+/g, " ");
    expect(printout.months).toHaveLength(12);
    expect(printout.months[0]).toEqual({ year: 2026, month: 3 });
    expect(printout.months.at(-1)).toEqual({ year: 2027, month: 2 });
    for (const year of ["2026", "2027"]) expect(flat).toContain(year);
    // The farmer moved a shot to 9 January 2026: before the printed months, so not printed.
    expect(flat).not.toContain("9 Jan 2026");
    expect(flat).not.toMatch(/\d+ Mar 2027/);
    expect(flat).not.toContain("2028");
  });

  it("prints every word at 10 pt or more", () => {
    const boxes = runPoppler("pdftotext", ["-bbox", file, "-"]);
    const heights = [
      ...boxes.matchAll(/<word xMin="[\d.]+" yMin="([\d.]+)" xMax="[\d.]+" yMax="([\d.]+)">/g),
    ].map(([, yMin, yMax]) => Number(yMax) - Number(yMin));
    expect(heights.length).toBeGreaterThan(100);
    // DejaVu's line box is 1.164 em: 10 pt text stands 11.64 pt tall.
    expect(Math.min(...heights)).toBeGreaterThanOrEqual(11.6);
  });

  it("ends with a checklist in date order: boxes to fill in, filled in for the given shot", () => {
    const pages = text.split("\f").filter((page) => page.trim() !== "");
    const checklist = pages.at(-1) ?? "";
    expect(checklist).toContain("Checklist: Cows (Dairy, Spring calving)");
    for (const heading of [
      "Planned",
      "Disease",
      "Vaccine and route",
      "Doses",
      "Given",
      "Date given",
      "Batch",
      "Initials",
    ]) {
      expect(checklist).toContain(heading);
    }
    const rows = checklist
      .split("\n")
      .filter((line) => /^\s*\d{1,2} [A-Z][a-z]{2} \d{4}\s/.test(line));
    expect(rows).toHaveLength(printout.checklist.length);
    const dates = rows.map((line) => new Date(`${line.trim().split(/\s{2,}/)[0]} UTC`).getTime());
    expect(dates).toEqual([...dates].sort((left, right) => left - right));
    const givenRow = rows.find((line) => line.includes("A1234-B"));
    expect(givenRow).toMatch(/✓\s+2 Mar 2026\s+A1234-B\s+SÓS/);
    expect(rows.filter((line) => line.includes("✓"))).toHaveLength(1);
    // The herd of 51–100 needs that many doses of each shot.
    expect(rows.every((line) => line.includes("51–100"))).toBe(true);
  });

  it("ticks the given shot in the grid and explains the marks", () => {
    const [grid = ""] = text.split("\f");
    expect(grid).toContain("Key:");
    expect(grid).toContain("given (recorded in VaxCal)");
    expect(grid).toContain("to give: tick it when done");
    expect(grid.match(/✓/g)?.length).toBe(2);
  });

  it("ends every page with the footnotes, the vet disclaimer, the date and 'x / y'", () => {
    const pages = text.split("\f").filter((page) => page.trim() !== "");
    const flatDisclaimer = calendarMessages.disclaimer.replace(/\s+/g, " ");
    pages.forEach((page, index) => {
      const flat = page.replace(/\s+/g, " ");
      expect(flat).toContain(flatDisclaimer);
      expect(flat).toContain("Generated on 2 March 2026");
      // pdftotext closes up the thin spaces around the slash.
      expect(flat).toMatch(new RegExp(`${index + 1} ?/ ?${pages.length}\\s*$`));
      expect(flat).toContain("(1) Where infection is confirmed");
      expect(flat).not.toMatch(/\*{2,}/);
    });
    // The grid's column points to it with the same mark: the calendar's first note is (1).
    expect(text.replace(/\s+/g, " ")).toContain("Salmonellosis (1)");
  });

  it("cuts a vet e-mail too long for the line instead of running off the page", async () => {
    const longFile = path.join(folder, "long-vet.pdf");
    const longEmail = `${"a".repeat(240)}@vets.example.ie`;
    writeFileSync(
      longFile,
      await renderCalendarPdf(
        buildCalendarPrintout({ ...document, vetEmailAddress: longEmail }, "2026-03-02"),
      ),
    );
    // Each line's words with their positions: the vet line must end inside the page's margin.
    const boxes = runPoppler("pdftotext", ["-f", "1", "-l", "1", "-bbox", longFile, "-"]);
    const vetWords = [
      ...boxes.matchAll(/<word xMin="[\d.]+" yMin="[\d.]+" xMax="([\d.]+)"[^>]*>(a{20}[^<]*)</g),
    ];
    expect(vetWords.length).toBeGreaterThan(0);
    for (const [, xMax] of vetWords) expect(Number(xMax)).toBeLessThanOrEqual(841.89 - 28 + 1);
    expect(runPoppler("pdftotext", ["-layout", longFile, "-"])).not.toContain(longEmail);
  });

  it("renders to an image a person can read", () => {
    runPoppler("pdftoppm", [
      "-png",
      "-r",
      "30",
      "-f",
      "1",
      "-l",
      "1",
      file,
      path.join(folder, "page"),
    ]);
    expect(
      readdirSync(folder).some((name) => name.startsWith("page") && name.endsWith(".png")),
    ).toBe(true);
  });
});
