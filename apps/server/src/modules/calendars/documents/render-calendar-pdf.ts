import { readFileSync } from "node:fs";
import { createRequire } from "node:module";
import path from "node:path";
import { formatShortDate, readMonthName } from "@vaxcal/schedule";
import PDFDocument from "pdfkit";

/*
 * The printable calendar for the wall (docs/product.md §1, §2 "Download your calendar", D17, D19):
 * A4 landscape, text at least 10 pt. First the step 2 grid, one column per disease and a row per
 * month for the 12 months from the current one (past months left out), each shot with a box that
 * is ticked once the shot is marked as given. Then a checklist in date order with boxes to write
 * in the date given, the batch and initials, filled in for the shots already given. Every page
 * names the farm and the linked practice, and a key explains the colours and marks. DejaVu Sans
 * Condensed
 * is embedded (subset) so that fadas, € and any Latin or Cyrillic name print: the PDF base fonts
 * stop at Windows-1252.
 */

const fontsDirectory = path.join(import.meta.dirname, "../../../assets/fonts");
/**
 * Parsed once per process and shared by every document: pdfkit accepts a fontkit font, whose
 * glyph caches then stay warm. Parsing per document cost about 30 ms per font, most of a render.
 * Each document still embeds its own subset.
 */
// fontkit (pdfkit's own font engine) ships no types: this is the one call used.
const fontkit = createRequire(import.meta.url)("fontkit") as {
  create(buffer: Uint8Array): unknown;
};
function loadFont(file: string): PDFKit.Mixins.PDFFontSource {
  const font = fontkit.create(readFileSync(path.join(fontsDirectory, file)));
  // pdfkit takes a parsed fontkit font where its types only name file sources.
  return font as PDFKit.Mixins.PDFFontSource;
}
const regularFont = loadFont("DejaVuSansCondensed.ttf");
const boldFont = loadFont("DejaVuSansCondensed-Bold.ttf");
const regular = "DejaVuSansCondensed";
const bold = "DejaVuSansCondensed-Bold";

/*
 * Word layouts shared by every document this thread draws. pdfkit shapes text a word at a time
 * (fontkit's OpenType layout, the largest part of a render) and caches each word's glyphs and
 * positions per document; they depend on the font alone, and each document still builds its own
 * subset from them, so months, headings, disease and vaccine names are shaped once per thread.
 * Emptied past a bound, so farm names and custom shot names cannot grow it for ever.
 */
const sharedLayoutLimit = 20_000;
const sharedLayouts = new Map<string, Record<string, unknown>>();
let documentsDrawn = 0;

function shareWordLayouts(doc: PDFKit.PDFDocument, name: string): void {
  doc.font(name);
  // pdfkit's embedded font keeps its cache in `layoutCache`; its types do not name it.
  const font = (doc as unknown as { _font?: { layoutCache?: Record<string, unknown> } })._font;
  if (!font?.layoutCache) return;
  let words = sharedLayouts.get(name);
  // Counted now and then: counting a large cache for every document would cost a render's time.
  if (!words || (documentsDrawn % 200 === 0 && Object.keys(words).length > sharedLayoutLimit)) {
    words = Object.create(null) as Record<string, unknown>;
    sharedLayouts.set(name, words);
  }
  font.layoutCache = words;
}

type Rgb = [number, number, number];

export type PrintoutShot = {
  /** `YYYY-MM-DD` */
  date: string;
  label: string;
  /** Marked as given (decision 403): its box is ticked. */
  isGiven: boolean;
};

export type PrintoutColumn = {
  title: string;
  /** The numbered mark that points to a footnote, "(1)", or "". */
  footnoteMark: string;
  vaccineName: string | null;
  /** The route spelled out, e.g. `Intramuscular`; null when the column has no vaccine. */
  route: string | null;
  /** Why the column has no fixed date, printed under the vaccine; null when it has one. */
  note?: string | null;
  color: Rgb;
  shots: readonly PrintoutShot[];
};

/** One line of the checklist: a dated shot, with what was recorded once it was given. */
export type ChecklistRow = {
  /** `YYYY-MM-DD`, the planned date. */
  date: string;
  disease: string;
  vaccine: string;
  route: string | null;
  /** e.g. `51–100`, from the herd or flock size; `1 per animal` when it is not known. */
  doses: string;
  color: Rgb;
  given: { givenOn: string; batch: string; givenBy: string | null } | null;
};

/** Everything one calendar PDF shows, already in words. */
export type CalendarPrintout = {
  farmName: string | null;
  username: string;
  details: readonly { label: string; value: string }[];
  /** The animal group the calendar is for, e.g. `Cows (Dairy, Spring calving)`. */
  animalGroup: string;
  columns: readonly PrintoutColumn[];
  checklist: readonly ChecklistRow[];
  footnotes: readonly { mark: string; text: string }[];
  disclaimer: string;
  /** The footer's "Generated on …" text, already formatted. */
  generatedOn: string;
  /** The months the grid shows, in order (the 12 from the current one). */
  months: readonly { year: number; month: number }[];
  /**
   * The day it is printed (`YYYY-MM-DD`, Ireland): the PDF's creation date, so the same inputs
   * give the same bytes on every node and at any hour (decision 704). Else the clock's.
   */
  printedOn?: string;
};

const colors = {
  brand: "#2f6b34",
  brandSoft: "#e4efe0",
  text: "#1b281d",
  muted: "#3f4b41",
  border: "#b9c4b4",
  zebra: "#f6f7f1",
} as const;

/** The smallest text anywhere on the page: readable on a shed wall. */
const textSize = 10;
const margin = 28;
const monthColumnWidth = 72;
const cellPadding = 3;
const boxSize = 9;
const entryGap = 3;
const minimumRowHeight = 17;
const yearRowHeight = 16;
const checklistRowHeight = 24;
/** The page header's left part: "VaxCal" and "Vaccination calendar". */
const titleWidth = 150;
const noVaccineText = "Vaccine: ask your vet";
const tick = "✓";

/** A box words are printed in (a cell, a heading, a line of the footer), on a page from 0. */
export type PrintedBox = { page: number; x: number; y: number; width: number; height: number };

type Layout = {
  doc: PDFKit.PDFDocument;
  /** Told every box words are printed in (the layout test). */
  record: (box: Omit<PrintedBox, "page">) => void;
  printout: CalendarPrintout;
  contentWidth: number;
  columnWidth: number;
  /** The lowest y the page body may reach before the footer. */
  bodyBottom: number;
  footerHeight: number;
};

/** Shots of one column grouped by "year-month", in date order. */
function groupShots(column: PrintoutColumn): Map<string, PrintoutShot[]> {
  const groups = new Map<string, PrintoutShot[]>();
  const sorted = [...column.shots].sort((left, right) => left.date.localeCompare(right.date));
  for (const shot of sorted) {
    const key = shot.date.slice(0, 7);
    const list = groups.get(key) ?? [];
    list.push(shot);
    groups.set(key, list);
  }
  return groups;
}

/** `14 Mar`: the row already says which month and year. */
function formatDayMonth(date: string): string {
  return formatShortDate(date).split(" ").slice(0, 2).join(" ");
}

function entryTextWidth(layout: Layout): number {
  return layout.columnWidth - cellPadding * 2 - boxSize - 4;
}

/** The gap between an entry's bold date and its name. */
const entryDateGap = 5;

/** How far the name's first line starts after the date: the bold date's width and the gap. */
function measureEntryIndent(layout: Layout, shot: PrintoutShot): number {
  layout.doc.font(bold).fontSize(textSize);
  return layout.doc.widthOfString(formatDayMonth(shot.date)) + entryDateGap;
}

/**
 * An entry's name split where it is drawn: the whole words that fit on the date's line, and the
 * rest, which wraps below at the cell's width. A word is never broken to fill the date's line
 * ("Le" / "ptavoid-H"); only a word wider than the whole cell is.
 */
function splitEntryLabel(layout: Layout, shot: PrintoutShot) {
  const { doc } = layout;
  const room = entryTextWidth(layout) - measureEntryIndent(layout, shot);
  doc.font(regular).fontSize(textSize);
  const words = shot.label.split(" ");
  let count = 0;
  while (count < words.length && doc.widthOfString(words.slice(0, count + 1).join(" ")) <= room) {
    count += 1;
  }
  return { first: words.slice(0, count).join(" "), rest: words.slice(count).join(" ") };
}

/**
 * An entry's height, laid out as it is drawn, so a wrapped name's last line is inside the row,
 * never under the next entry or row.
 */
function measureEntry(layout: Layout, shot: PrintoutShot): number {
  const { rest } = splitEntryLabel(layout, shot);
  const { doc } = layout;
  doc.font(regular).fontSize(textSize);
  const line = doc.currentLineHeight();
  return rest === "" ? line : line + doc.heightOfString(rest, { width: entryTextWidth(layout) });
}

/**
 * The box every shot has: an empty one to tick by hand, or, for a shot marked as given, filled in
 * its column's colour with a tick.
 */
function drawBox(doc: PDFKit.PDFDocument, x: number, y: number, color: Rgb, isTicked: boolean) {
  if (isTicked) {
    doc.rect(x, y, boxSize, boxSize).fill(color);
    doc
      .fillColor("#ffffff")
      .font(bold)
      .fontSize(textSize)
      .text(tick, x + 0.6, y - 1.8, { lineBreak: false });
  } else {
    doc.rect(x, y, boxSize, boxSize).lineWidth(1).strokeColor(color).stroke();
  }
}

function drawEntry(layout: Layout, shot: PrintoutShot, color: Rgb, x: number, y: number): number {
  const { doc } = layout;
  const height = measureEntry(layout, shot);
  const indent = measureEntryIndent(layout, shot);
  const { first, rest } = splitEntryLabel(layout, shot);
  drawBox(doc, x + cellPadding, y + 1.5, color, shot.isGiven);
  const textX = x + cellPadding + boxSize + 4;
  doc
    .fillColor(colors.text)
    .font(bold)
    .fontSize(textSize)
    .text(formatDayMonth(shot.date), textX, y, { lineBreak: false });
  doc.font(regular);
  if (first) doc.text(first, textX + indent, y, { lineBreak: false });
  if (rest) {
    doc.text(rest, textX, y + doc.currentLineHeight(), { width: entryTextWidth(layout) });
  }
  return height;
}

function drawPageHeader(layout: Layout): number {
  const { doc, printout, contentWidth } = layout;
  const right = margin + contentWidth;
  doc.fillColor(colors.brand).font(bold).fontSize(20).text("VaxCal", margin, margin, {
    lineBreak: false,
  });
  doc
    .fillColor(colors.muted)
    .font(regular)
    .fontSize(textSize)
    .text("Vaccination calendar", margin, margin + 24, { lineBreak: false });

  // The farm's name (up to 150 characters) wraps onto a second line at most, then ends with an
  // ellipsis; the username under it, one line. Both stay right of the title, above the details.
  const farmWidth = contentWidth - titleWidth;
  const farmX = right - farmWidth;
  layout.record({ x: margin, y: margin, width: titleWidth, height: 24 });
  layout.record({ x: margin, y: margin + 24, width: titleWidth, height: 12 });
  doc.fillColor(colors.text).font(bold).fontSize(14);
  const farmLine = doc.currentLineHeight();
  const farmHeight = Math.min(
    doc.heightOfString(printout.farmName ?? "", { width: farmWidth }),
    farmLine * 2,
  );
  layout.record({ x: farmX, y: margin, width: farmWidth, height: farmHeight });
  doc.text(printout.farmName ?? "", farmX, margin, {
    width: farmWidth,
    height: farmLine * 2 + 1,
    align: "right",
    ellipsis: true,
  });
  const usernameY = margin + Math.max(farmHeight, farmLine) + 3;
  doc.fillColor(colors.muted).font(regular).fontSize(textSize);
  const usernameLine = doc.currentLineHeight();
  layout.record({ x: farmX, y: usernameY, width: farmWidth, height: usernameLine });
  doc.text(printout.username, farmX, usernameY, {
    width: farmWidth,
    height: usernameLine + 1,
    align: "right",
    ellipsis: true,
  });

  let y = Math.max(margin + 42, usernameY + usernameLine + 4);
  doc.fontSize(textSize).fillColor(colors.text);
  let x = margin;
  for (const { label, value } of printout.details) {
    doc.font(regular);
    const labelText = `${label}: `;
    const labelWidth = doc.widthOfString(labelText);
    doc.font(bold);
    // A value longer than a whole line (a 254-character e-mail) is cut with an ellipsis.
    const valueWidth = Math.min(doc.widthOfString(value), contentWidth - labelWidth);
    if (x > margin && x + labelWidth + valueWidth > right) {
      x = margin;
      y += 14;
    }
    layout.record({ x, y, width: labelWidth + valueWidth + 1, height: 14 });
    doc.font(regular).fillColor(colors.muted).text(labelText, x, y, { lineBreak: false });
    doc
      .font(bold)
      .fillColor(colors.text)
      .text(value, x + labelWidth, y, {
        width: valueWidth + 1,
        height: 14,
        lineBreak: false,
        ellipsis: true,
      });
    x += labelWidth + valueWidth + 16;
  }
  y += 16;
  doc.moveTo(margin, y).lineTo(right, y).lineWidth(1.5).strokeColor(colors.brand).stroke();
  return y + 6;
}

function describeVaccineLine(column: PrintoutColumn): string {
  const vaccine = column.vaccineName ?? noVaccineText;
  const withRoute = column.route ? `${vaccine} · ${column.route}` : vaccine;
  return column.note ? `${withRoute}. ${column.note}` : withRoute;
}

function measureColumnTitle(layout: Layout, column: PrintoutColumn): number {
  const width = layout.columnWidth - cellPadding * 2;
  layout.doc.font(bold).fontSize(11);
  return layout.doc.heightOfString(`${column.title} ${column.footnoteMark}`, { width });
}

function drawColumnHeader(layout: Layout, top: number): number {
  const { doc, printout, columnWidth } = layout;
  const width = columnWidth - cellPadding * 2;
  const heights = printout.columns.map((column) => {
    doc.font(regular).fontSize(textSize);
    const vaccineHeight = doc.heightOfString(describeVaccineLine(column), { width });
    return measureColumnTitle(layout, column) + vaccineHeight;
  });
  const height = Math.max(...heights, 14) + 10;
  layout.record({ x: margin, y: top, width: monthColumnWidth, height });
  doc
    .fillColor(colors.muted)
    .font(regular)
    .fontSize(textSize)
    .text("Month", margin + cellPadding, top + height - 14, { lineBreak: false });
  printout.columns.forEach((column, index) => {
    const x = margin + monthColumnWidth + index * columnWidth;
    const titleHeight = measureColumnTitle(layout, column);
    layout.record({ x, y: top, width: columnWidth, height });
    doc.rect(x + 1, top, columnWidth - 2, 4).fill(column.color);
    doc.fillColor(colors.text).font(bold).fontSize(11);
    if (column.footnoteMark) {
      doc
        .text(column.title, x + cellPadding, top + 6, { width, continued: true })
        .fillColor(colors.muted)
        .text(` ${column.footnoteMark}`);
    } else {
      doc.text(column.title, x + cellPadding, top + 6, { width });
    }
    doc
      .font(regular)
      .fontSize(textSize)
      .fillColor(colors.muted)
      .text(describeVaccineLine(column), x + cellPadding, top + 6 + titleHeight, { width });
  });
  const bottom = top + height;
  doc
    .moveTo(margin, bottom)
    .lineTo(margin + layout.contentWidth, bottom)
    .lineWidth(1)
    .strokeColor(colors.text)
    .stroke();
  return bottom;
}

function drawYearRow(layout: Layout, year: number, top: number, isContinued: boolean): number {
  const { doc, contentWidth } = layout;
  doc.rect(margin, top, contentWidth, yearRowHeight).fill(colors.brandSoft);
  layout.record({ x: margin, y: top, width: contentWidth, height: yearRowHeight });
  doc
    .fillColor(colors.brand)
    .font(bold)
    .fontSize(11)
    .text(isContinued ? `${year} (continued)` : String(year), margin + cellPadding, top + 2.5, {
      lineBreak: false,
    });
  return top + yearRowHeight;
}

function startGridPage(layout: Layout, isFirst: boolean): number {
  if (!isFirst) layout.doc.addPage();
  return drawColumnHeader(layout, drawPageHeader(layout));
}

function drawGrid(layout: Layout): void {
  const { doc, printout, columnWidth, contentWidth } = layout;
  const groups = printout.columns.map(groupShots);
  let y = startGridPage(layout, true);
  let headedYear: number | null = null;
  for (const { year, month } of printout.months) {
    if (year !== headedYear) {
      // A year heading never sits alone at the foot of a page.
      if (y + yearRowHeight + minimumRowHeight > layout.bodyBottom) {
        y = startGridPage(layout, false);
      }
      y = drawYearRow(layout, year, y, false);
      headedYear = year;
    }
    const key = `${year}-${String(month).padStart(2, "0")}`;
    const cellShots = groups.map((group) => group.get(key) ?? []);
    const contentHeight = Math.max(
      ...cellShots.map((shots) =>
        shots.reduce((sum, shot) => sum + measureEntry(layout, shot) + entryGap, 0),
      ),
    );
    const rowHeight = Math.max(minimumRowHeight, contentHeight + cellPadding * 2);
    if (y + rowHeight > layout.bodyBottom) {
      y = startGridPage(layout, false);
      y = drawYearRow(layout, year, y, true);
    }
    if (month % 2 === 0) doc.rect(margin, y, contentWidth, rowHeight).fill(colors.zebra);
    layout.record({ x: margin, y, width: monthColumnWidth, height: rowHeight });
    doc
      .fillColor(colors.text)
      .font(bold)
      .fontSize(textSize)
      .text(readMonthName(month), margin + cellPadding, y + cellPadding, { lineBreak: false });
    cellShots.forEach((shots, index) => {
      const x = margin + monthColumnWidth + index * columnWidth;
      layout.record({ x, y, width: columnWidth, height: rowHeight });
      let entryY = y + cellPadding;
      for (const shot of shots) {
        const color = printout.columns[index]?.color ?? [120, 120, 120];
        entryY += drawEntry(layout, shot, color, x, entryY) + entryGap;
      }
    });
    for (let index = 0; index <= printout.columns.length; index++) {
      const x = margin + monthColumnWidth + index * columnWidth;
      doc.moveTo(x, y).lineTo(x, y + rowHeight);
    }
    doc
      .moveTo(margin, y + rowHeight)
      .lineTo(margin + contentWidth, y + rowHeight)
      .lineWidth(0.5)
      .strokeColor(colors.border)
      .stroke();
    y += rowHeight;
  }
}

/** The key to the marks, at the foot of every page. */
const legendHeight = 16;

function drawLegend(layout: Layout, y: number): void {
  const { doc, printout } = layout;
  const color = printout.columns[0]?.color ?? [120, 120, 120];
  let x = margin;
  doc.fillColor(colors.text).font(bold).fontSize(textSize).text("Key:", x, y, { lineBreak: false });
  x += doc.widthOfString("Key:") + 8;
  const items: { draw: (at: number) => void; text: string }[] = [
    { draw: (at) => drawBox(doc, at, y + 1.5, color, true), text: "given (recorded in VaxCal)" },
    { draw: (at) => drawBox(doc, at, y + 1.5, color, false), text: "to give: tick it when done" },
    {
      draw: (at) => doc.rect(at, y + 1.5, boxSize * 2, 4).fill(color),
      text: "each disease's colour (top of its column, left of its checklist line)",
    },
  ];
  for (const item of items) {
    item.draw(x);
    x += boxSize * (item.text.startsWith("each") ? 2 : 1) + 4;
    doc.fillColor(colors.text).font(regular).fontSize(textSize).text(item.text, x, y, {
      lineBreak: false,
    });
    x += doc.widthOfString(item.text) + 16;
  }
}

type ChecklistColumn = {
  title: string;
  width: number;
  read: (row: ChecklistRow) => string;
  /** A box to write in by hand when the shot is not yet given. */
  isWriteIn?: boolean;
};

function listChecklistColumns(contentWidth: number): ChecklistColumn[] {
  const fixed: ChecklistColumn[] = [
    { title: "Planned", width: 80, read: (row) => formatShortDate(row.date) },
    { title: "Disease", width: 130, read: (row) => row.disease },
    { title: "Vaccine and route", width: 0, read: (row) => describeChecklistVaccine(row) },
    { title: "Doses", width: 70, read: (row) => row.doses },
    { title: "Given", width: 42, read: (row) => (row.given ? tick : ""), isWriteIn: true },
    {
      title: "Date given",
      width: 84,
      read: (row) => (row.given ? formatShortDate(row.given.givenOn) : ""),
      isWriteIn: true,
    },
    { title: "Batch", width: 100, read: (row) => row.given?.batch ?? "", isWriteIn: true },
    {
      title: "Initials",
      width: 80,
      read: (row) => row.given?.givenBy ?? "",
      isWriteIn: true,
    },
  ];
  const used = fixed.reduce((sum, column) => sum + column.width, 0);
  return fixed.map((column) =>
    column.width === 0 ? { ...column, width: contentWidth - used } : column,
  );
}

function describeChecklistVaccine(row: ChecklistRow): string {
  return row.route ? `${row.vaccine} · ${row.route}` : row.vaccine;
}

function drawChecklistHeading(layout: Layout, columns: ChecklistColumn[], top: number): number {
  const { doc, printout, contentWidth } = layout;
  layout.record({ x: margin, y: top, width: contentWidth, height: 17 });
  layout.record({ x: margin, y: top + 17, width: contentWidth, height: 14 });
  doc
    .fillColor(colors.brand)
    .font(bold)
    .fontSize(13)
    .text(`Checklist: ${printout.animalGroup}`, margin, top, {
      width: contentWidth,
      lineBreak: false,
      ellipsis: true,
    });
  doc
    .fillColor(colors.muted)
    .font(regular)
    .fontSize(textSize)
    .text(
      "Every shot in date order. Write in the date, the batch number from the pack and your initials as you give it.",
      margin,
      top + 17,
      { width: contentWidth, lineBreak: false, ellipsis: true },
    );
  let x = margin;
  const y = top + 36;
  doc.rect(margin, y, contentWidth, 18).fill(colors.brandSoft);
  for (const column of columns) {
    layout.record({ x, y, width: column.width, height: 18 });
    doc
      .fillColor(colors.text)
      .font(bold)
      .fontSize(textSize)
      .text(column.title, x + cellPadding, y + 4, {
        width: column.width - cellPadding * 2,
        lineBreak: false,
        ellipsis: true,
      });
    x += column.width;
  }
  return y + 18;
}

/** Room to write by hand, or more when a disease or vaccine name wraps. */
function measureChecklistRow(layout: Layout, columns: ChecklistColumn[], row: ChecklistRow) {
  const { doc } = layout;
  doc.font(regular).fontSize(textSize);
  const textHeight = Math.max(
    ...columns
      .filter((column) => !column.isWriteIn)
      .map((column) =>
        doc.heightOfString(column.read(row), { width: column.width - cellPadding * 2 - 3 }),
      ),
  );
  return Math.max(checklistRowHeight, textHeight + 12);
}

function drawChecklist(layout: Layout): void {
  const { doc, printout, contentWidth } = layout;
  const columns = listChecklistColumns(contentWidth);
  doc.addPage();
  let y = drawChecklistHeading(layout, columns, drawPageHeader(layout));
  if (printout.checklist.length === 0) {
    layout.record({ x: margin, y, width: contentWidth, height: 20 });
    doc
      .fillColor(colors.muted)
      .font(regular)
      .fontSize(textSize)
      .text("No shots are planned in these 12 months.", margin + cellPadding, y + 6);
    return;
  }
  printout.checklist.forEach((row, index) => {
    const rowHeight = measureChecklistRow(layout, columns, row);
    if (y + rowHeight > layout.bodyBottom) {
      doc.addPage();
      y = drawChecklistHeading(layout, columns, drawPageHeader(layout));
    }
    if (index % 2 === 1) doc.rect(margin, y, contentWidth, rowHeight).fill(colors.zebra);
    doc.rect(margin, y + 3, 3, rowHeight - 6).fill(row.color);
    let x = margin;
    for (const column of columns) {
      const value = column.read(row);
      layout.record({ x, y, width: column.width, height: rowHeight });
      if (column.isWriteIn && row.given === null) {
        doc
          .roundedRect(x + 3, y + 3, column.width - 6, rowHeight - 6, 2)
          .lineWidth(0.75)
          .strokeColor(colors.muted)
          .stroke();
      }
      if (value) {
        doc
          .fillColor(colors.text)
          .font(column.isWriteIn ? bold : regular)
          .fontSize(column.isWriteIn && value === tick ? 14 : textSize)
          .text(value, x + cellPadding + (x === margin ? 3 : 0), y + (value === tick ? 4 : 7), {
            width: column.width - cellPadding * 2 - (x === margin ? 3 : 0),
            // The write-in values are short; the others wrap, and the row grows to fit them.
            ...(column.isWriteIn
              ? { lineBreak: false, ellipsis: true, height: rowHeight - 8 }
              : {}),
          });
      }
      x += column.width;
    }
    doc
      .moveTo(margin, y + rowHeight)
      .lineTo(margin + contentWidth, y + rowHeight)
      .lineWidth(0.5)
      .strokeColor(colors.border)
      .stroke();
    y += rowHeight;
  });
}

/** The notes under the grid, on one run of text: `* Dairy replacements only    *** …`. */
function joinFootnotes(footnotes: CalendarPrintout["footnotes"]): string {
  return footnotes.map((note) => `${note.mark} ${note.text}`).join("    ");
}

function measureFooter(doc: PDFKit.PDFDocument, printout: CalendarPrintout, width: number) {
  doc.font(regular).fontSize(textSize);
  const footnoteText = joinFootnotes(printout.footnotes);
  const footnotes = footnoteText ? doc.heightOfString(footnoteText, { width }) + 2 : 0;
  const disclaimer = doc.heightOfString(printout.disclaimer, { width });
  return 6 + legendHeight + footnotes + disclaimer + 4 + 12;
}

function drawFooters(layout: Layout): void {
  const { doc, printout, contentWidth, footerHeight } = layout;
  const range = doc.bufferedPageRange();
  const footnoteText = joinFootnotes(printout.footnotes);
  for (let index = range.start; index < range.start + range.count; index++) {
    doc.switchToPage(index);
    // Text below the bottom margin would otherwise open a new page.
    doc.page.margins.bottom = 0;
    let y = doc.page.height - margin - footerHeight;
    layout.record({ x: margin, y, width: contentWidth, height: footerHeight });
    doc
      .moveTo(margin, y)
      .lineTo(margin + contentWidth, y)
      .lineWidth(0.5)
      .strokeColor(colors.border)
      .stroke();
    y += 6;
    drawLegend(layout, y);
    y += legendHeight;
    doc.font(regular).fontSize(textSize).fillColor(colors.muted);
    if (footnoteText) {
      doc.text(footnoteText, margin, y, { width: contentWidth });
      y = doc.y + 2;
    }
    doc.fillColor(colors.text).text(printout.disclaimer, margin, y, { width: contentWidth });
    y = doc.y + 4;
    doc
      .fillColor(colors.muted)
      .text(printout.generatedOn, margin, y, { lineBreak: false })
      .text(`${index - range.start + 1} / ${range.count}`, margin, y, {
        width: contentWidth,
        align: "right",
        lineBreak: false,
      });
  }
}

/**
 * Renders the calendar PDF into memory: the grid, then the checklist. `onBox` is told every box
 * words are printed in, so a test can hold the real PDF's words against them.
 */
export function renderCalendarPdf(
  printout: CalendarPrintout,
  onBox?: (box: PrintedBox) => void,
): Promise<Buffer> {
  const doc = new PDFDocument({
    size: "A4",
    layout: "landscape",
    margins: { top: margin, bottom: margin, left: margin, right: margin },
    bufferPages: true,
    autoFirstPage: true,
    // Without this pdfkit parses Helvetica's metrics for every document, only to never use it.
    font: regularFont as string,
    info: {
      Title: "VaxCal vaccination calendar",
      Author: "VaxCal",
      Creator: "VaxCal",
      ...(printout.printedOn ? { CreationDate: new Date(`${printout.printedOn}T00:00:00Z`) } : {}),
    },
  });
  doc.registerFont(regular, regularFont);
  doc.registerFont(bold, boldFont);
  documentsDrawn += 1;
  shareWordLayouts(doc, bold);
  shareWordLayouts(doc, regular);
  const chunks: Buffer[] = [];
  const done = new Promise<Buffer>((resolve, reject) => {
    doc.on("data", (chunk: Buffer) => chunks.push(chunk));
    doc.on("end", () => resolve(Buffer.concat(chunks)));
    doc.on("error", reject);
  });

  const contentWidth = doc.page.width - margin * 2;
  const columnCount = Math.max(printout.columns.length, 1);
  const footerHeight = measureFooter(doc, printout, contentWidth);
  const layout: Layout = {
    doc,
    record: onBox
      ? (box) => {
          // pdfkit keeps its buffered pages in `_pageBuffer`; its types do not name it.
          const pages = (doc as unknown as { _pageBuffer: unknown[] })._pageBuffer;
          onBox({ ...box, page: pages.indexOf(doc.page) });
        }
      : () => {},
    printout,
    contentWidth,
    columnWidth: (contentWidth - monthColumnWidth) / columnCount,
    footerHeight,
    bodyBottom: doc.page.height - margin - footerHeight - 4,
  };
  drawGrid(layout);
  drawChecklist(layout);
  drawFooters(layout);
  doc.end();
  return done;
}
