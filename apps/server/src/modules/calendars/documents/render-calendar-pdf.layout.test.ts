import { execFileSync } from "node:child_process";
import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { fieldLimits, givenShotLimits, type PdfMonths } from "@vaxcal/contracts";
import { referenceData } from "@vaxcal/reference-data";
import { listOccurrences } from "@vaxcal/schedule";
import { afterAll, describe, expect, it } from "vitest";
import { buildSampleCalendarDocument } from "../../../test/calendars.ts";
import { buildCalendarPrintout, type CalendarDocument } from "./calendar-document.ts";
import { renderCalendarPdf, type PrintedBox } from "./render-calendar-pdf.ts";

/*
 * Issue 25, item 7: long names wrap or end in an ellipsis, nothing overprints, no word is clipped.
 * Measured on the real PDF: every word poppler finds (pdftotext -bbox) lies inside the box it was
 * printed in (a grid cell, a column heading, a checklist cell, a header line, the footer), and no
 * two words overlap. A word that spills out of its cell is hidden under the next row's shading or
 * printed over another word, which is what a farmer saw.
 */

const folder = mkdtempSync(path.join(tmpdir(), "vaxcal-pdf-layout-"));
// VAXCAL_KEEP_PDFS=1 keeps the PDFs to look at (pdftoppm -png -r 80).
afterAll(() => {
  if (!process.env.VAXCAL_KEEP_PDFS) rmSync(folder, { recursive: true, force: true });
});

const today = "2026-03-02";
/** 150 characters, the most a farm name may have: words, so it can wrap. */
const longFarmName =
  `Ó Súilleabháin Brothers' Dairy and Suckler Farm, Ballyvourney, Macroom, County Cork, beside the old creamery on the Coolea road, Ireland ${"W".repeat(50)}`.slice(
    0,
    fieldLimits.farmName,
  );
/** Custom shot names at their limit (100): one of words, one a single word. */
const longWordsName =
  "Second booster for the whole herd before turnout, given by the vet with the worm dose on Tuesday ".padEnd(
    100,
    "x",
  );
const longSingleWord = "Mmmm".repeat(25);
const longEmail = `${"seán.ó.súilleabháin.and.family".repeat(7)}@example.ie`.slice(
  -fieldLimits.email,
);

/** The longest disease names first: each column of a test calendar gets one. */
const diseaseNames = referenceData.diseases
  .map((disease) => disease.name)
  .sort((left, right) => right.length - left.length);

/**
 * Calendars of 7 columns, the most any animal is offered, that together carry every product of
 * the reference data as a column's vaccine and as a shot's own name, and the longest custom names.
 */
function buildLongNameDocuments(): CalendarDocument[] {
  const products = referenceData.vaccines;
  const documents: CalendarDocument[] = [];
  for (let start = 0; start < products.length; start += 7) {
    const base = buildSampleCalendarDocument();
    const sampleColumns = [...base.columns, base.columns[0]!];
    const columns = products.slice(start, start + 7).map((product, index) => {
      const column = sampleColumns[index % sampleColumns.length]!;
      return {
        ...column,
        diseaseId: 1000 + index,
        diseaseName: diseaseNames[index % diseaseNames.length]!,
        vaccine: {
          name: product.name,
          accentColor: product.accent_color,
          vaccineType: product.vaccine_type,
        },
        // The plan's own shots under the product's name, and three more in the printed year
        // under the longest names a farmer may give a shot.
        seeds: [
          ...column.seeds.map((seed) => ({ ...seed, custom_name: product.name })),
          ...[longWordsName, longSingleWord, product.name].map((name, extra) => ({
            id: `long-${index}-${extra}`,
            diseaseId: column.diseaseId,
            templateId: null,
            date: `2026-0${4 + extra}-1${index}`,
            custom_name: name,
            is_recurrent: 1,
            userInitiated: true,
          })),
        ],
      };
    });
    const firstShot = columns
      .flatMap((column) => listOccurrences(column.seeds, today, "2027-02-28"))
      .sort((left, right) => left.date.localeCompare(right.date))[0];
    documents.push({
      ...base,
      farmName: longFarmName,
      username: longEmail,
      vetEmailAddress: longEmail,
      practiceName: "Macroom and District Veterinary Clinic and Large Animal Hospital, Unit 4",
      columns,
      givenShots: firstShot
        ? [
            {
              shotId: firstShot.id,
              plannedOn: firstShot.date,
              givenOn: firstShot.date,
              batch: "B".repeat(givenShotLimits.batch),
              givenBy: "Seán Ó Súilleabháin ".repeat(5).slice(0, givenShotLimits.givenBy),
              note: null,
              recordedAt: `${firstShot.date}T10:00:00.000Z`,
            },
          ]
        : [],
    });
  }
  return documents;
}

type Word = { page: number; x: number; y: number; width: number; height: number; text: string };

/** Every word of the PDF with its box, as poppler lays it out (points, from the top left). */
function readWords(file: string): Word[] {
  const html = execFileSync("pdftotext", ["-bbox", file, "-"], { encoding: "utf8" });
  const words: Word[] = [];
  html
    .split("<page ")
    .slice(1)
    .forEach((page, pageIndex) => {
      for (const [, xMin, yMin, xMax, yMax, text] of page.matchAll(
        /<word xMin="([\d.]+)" yMin="([\d.]+)" xMax="([\d.]+)" yMax="([\d.]+)">([^<]*)<\/word>/g,
      )) {
        const x = Number(xMin);
        const y = Number(yMin);
        words.push({
          page: pageIndex,
          x,
          y,
          width: Number(xMax) - x,
          height: Number(yMax) - y,
          text: text ?? "",
        });
      }
    });
  return words;
}

/** Rounding in the PDF's numbers and in poppler's: a quarter of a point. */
const slack = 0.25;

function contains(box: PrintedBox, word: Word): boolean {
  return (
    word.x >= box.x - slack &&
    word.y >= box.y - slack &&
    word.x + word.width <= box.x + box.width + slack &&
    word.y + word.height <= box.y + box.height + slack
  );
}

function overlap(left: Word, right: Word): number {
  const width = Math.min(left.x + left.width, right.x + right.width) - Math.max(left.x, right.x);
  const height = Math.min(left.y + left.height, right.y + right.height) - Math.max(left.y, right.y);
  return width > slack && height > slack ? width * height : 0;
}

async function renderWithBoxes(document: CalendarDocument, months: PdfMonths, name: string) {
  const boxes: PrintedBox[] = [];
  const file = path.join(folder, `${name}.pdf`);
  const printout = buildCalendarPrintout(document, today, months);
  writeFileSync(file, await renderCalendarPdf(printout, (box) => boxes.push(box)));
  return { boxes, words: readWords(file), file, printout };
}

/** Each word that is not wholly inside one of its page's boxes, and each pair printed over each other. */
function findLayoutFaults(boxes: PrintedBox[], words: Word[]): string[] {
  const faults: string[] = [];
  for (const word of words) {
    if (!boxes.some((box) => box.page === word.page && contains(box, word))) {
      faults.push(
        `page ${word.page + 1}: "${word.text}" at ${word.x.toFixed(1)},${word.y.toFixed(1)} (${word.width.toFixed(1)}×${word.height.toFixed(1)}) is outside every box`,
      );
    }
  }
  for (let left = 0; left < words.length; left++) {
    for (let right = left + 1; right < words.length; right++) {
      const a = words[left]!;
      const b = words[right]!;
      if (a.page === b.page && overlap(a, b) > 0) {
        faults.push(`page ${a.page + 1}: "${a.text}" and "${b.text}" overprint`);
      }
    }
  }
  return faults;
}

const documents = buildLongNameDocuments();

// Each test renders and reads a few dozen pages; on a busy machine that takes a while.
describe("long names in the PDF", { timeout: 90_000 }, () => {
  it("the test calendars hold every product name, the longest custom names and a 150-character farm name", () => {
    expect(longFarmName).toHaveLength(150);
    const printed = new Set(
      documents.flatMap((document) => document.columns.map((column) => column.vaccine?.name)),
    );
    for (const product of referenceData.vaccines) expect(printed).toContain(product.name);
  });

  for (const months of [12, 36] as const) {
    it(`every word lies inside its box and none overprints (${months} months)`, async () => {
      const faults: string[] = [];
      for (const [index, document] of documents.entries()) {
        const { boxes, words } = await renderWithBoxes(document, months, `long-${months}-${index}`);
        expect(words.length).toBeGreaterThan(200);
        faults.push(
          ...findLayoutFaults(boxes, words).map((fault) => `calendar ${index + 1}, ${fault}`),
        );
      }
      expect(faults).toEqual([]);
    });
  }

  it("no word is clipped or broken: every product name and custom name is printed whole", async () => {
    const broken: string[] = [];
    for (const months of [12, 36] as const) {
      for (const [index, document] of documents.entries()) {
        const { file } = await renderWithBoxes(document, months, `whole-${months}-${index}`);
        // The raw text, words as printed: a wrapped name's words are all there, whole.
        const text = execFileSync("pdftotext", ["-raw", file, "-"], { encoding: "utf8" });
        const tokens = text.split(/\s+/).filter((token) => token !== "");
        const words = new Set(tokens);
        const names = [
          longWordsName,
          ...document.columns.map((column) => column.vaccine?.name ?? ""),
        ];
        const nameWords = names.flatMap((name) => name.split(" "));
        // A line may end after a hyphen: "Leptavoid-" then "H" is whole.
        for (const word of nameWords) {
          if (!words.has(word) && !word.split(/(?<=-)/).every((part) => words.has(part))) {
            broken.push(`${months} months, calendar ${index + 1}: ${word} is missing`);
          }
        }
        // A word broken across lines anywhere but after a hyphen: "Le" then "ptavoid-H". The raw
        // text keeps the order words are drawn in, so a broken word's pieces are neighbours.
        const whole = new Set(nameWords);
        tokens.forEach((token, at) => {
          for (const length of [2, 3]) {
            const pieces = tokens.slice(at, at + length);
            if (pieces.length < length || !whole.has(pieces.join(""))) continue;
            if (pieces.slice(0, -1).every((piece) => piece.endsWith("-"))) continue;
            broken.push(`${months} months, calendar ${index + 1}: ${pieces.join(" | ")}`);
          }
        });
      }
    }
    expect(broken).toEqual([]);
  });

  it("the farm name wraps or ends with an ellipsis, and never runs into the details", async () => {
    const { words } = await renderWithBoxes(documents[0]!, 12, "farm-name");
    const firstPage = words.filter((word) => word.page === 0);
    // The header's words: the farm name, the username and the details are above the grid.
    const header = firstPage.filter((word) => word.y < 120);
    const farmWords = header.filter((word) =>
      ["Ballyvourney,", "creamery", "Coolea", "Súilleabháin"].includes(word.text),
    );
    const details = header.filter((word) => /^(Breeding|Vet:|Enterprise:)/.test(word.text));
    expect(farmWords.length).toBeGreaterThan(2);
    expect(details.length).toBeGreaterThan(0);
    const farmBottom = Math.max(...farmWords.map((word) => word.y + word.height));
    for (const detail of details) expect(detail.y).toBeGreaterThanOrEqual(farmBottom - slack);
  });
});
