import { readFileSync } from "node:fs";
import { createRequire } from "node:module";
import path from "node:path";
import { formatShortDate, readMonthName } from "@vaxcal/schedule";
import PDFDocument from "pdfkit";

/*
 * The printable calendar (docs/product.md §1, §2 "Download your calendar"): A4 landscape, the step
 * 2 grid with one column per disease, a block per year and a row per month of the months it is
 * given (the next 24 from the current one, decision 402). DejaVu Sans Condensed
 * is embedded (subset) so that fadas, € and any Latin or Cyrillic name print: the PDF base fonts
 * stop at Windows-1252.
 */

const fontsDirectory = path.join(import.meta.dirname, "../../assets/fonts");
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

type Rgb = [number, number, number];

export type PrintoutShot = {
  /** `YYYY-MM-DD` */
  date: string;
  label: string;
  /** The route spelled out, e.g. `Intramuscular`; null when the column has no vaccine. */
  route: string | null;
};

export type PrintoutColumn = {
  title: string;
  /** Asterisks that point to a footnote, or "". */
  footnoteMark: string;
  vaccineName: string | null;
  /** Why the column has no fixed date, printed under the vaccine; null when it has one. */
  note?: string | null;
  color: Rgb;
  shots: readonly PrintoutShot[];
};

/** Everything one calendar PDF shows, already in words. */
export type CalendarPrintout = {
  farmName: string | null;
  username: string;
  details: readonly { label: string; value: string }[];
  columns: readonly PrintoutColumn[];
  footnotes: readonly { mark: string; text: string }[];
  disclaimer: string;
  /** The footer's "Generated on …" text, already formatted. */
  generatedOn: string;
  /** The months the grid shows, in order (the next 24 from the current one). */
  months: readonly { year: number; month: number }[];
};

const colors = {
  brand: "#2f6b34",
  brandSoft: "#e4efe0",
  text: "#1b281d",
  muted: "#4a584c",
  border: "#cbd5c6",
  zebra: "#f6f7f1",
} as const;

const margin = 28;
const monthColumnWidth = 58;
const cellPadding = 3;
const swatchSize = 5;
const entryGap = 2;
const minimumRowHeight = 13;
const yearRowHeight = 15;
const shotTextSize = 7.5;
const routeTextSize = 6.5;
const noVaccineText = "Vaccine: ask your vet";

type Layout = {
  doc: PDFKit.PDFDocument;
  printout: CalendarPrintout;
  pageWidth: number;
  pageHeight: number;
  contentWidth: number;
  columnWidth: number;
  /** The lowest y the grid may reach before the footer. */
  gridBottom: number;
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

function measureEntry(layout: Layout, shot: PrintoutShot): number {
  const { doc } = layout;
  const width = layout.columnWidth - cellPadding * 2 - swatchSize - 3;
  doc.font(bold).fontSize(shotTextSize);
  let height = doc.heightOfString(`${formatShortDate(shot.date)}  ${shot.label}`, { width });
  if (shot.route) {
    doc.font(regular).fontSize(routeTextSize);
    height += doc.heightOfString(shot.route, { width });
  }
  return height;
}

function drawEntry(layout: Layout, shot: PrintoutShot, color: Rgb, x: number, y: number): number {
  const { doc } = layout;
  const textX = x + cellPadding + swatchSize + 3;
  const width = layout.columnWidth - cellPadding * 2 - swatchSize - 3;
  const height = measureEntry(layout, shot);
  doc.roundedRect(x + cellPadding, y + 1.5, swatchSize, swatchSize, 1).fill(color);
  doc
    .fillColor(colors.text)
    .font(bold)
    .fontSize(shotTextSize)
    .text(formatShortDate(shot.date), textX, y, { width, continued: true })
    .font(regular)
    .text(`  ${shot.label}`);
  if (shot.route) {
    doc.fillColor(colors.muted).font(regular).fontSize(routeTextSize).text(shot.route, textX);
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
    .fontSize(9)
    .text("Vaccination calendar", margin, margin + 24, { lineBreak: false });

  const farmWidth = contentWidth * 0.6;
  doc
    .fillColor(colors.text)
    .font(bold)
    .fontSize(12)
    .text(printout.farmName ?? "", right - farmWidth, margin + 2, {
      width: farmWidth,
      align: "right",
      lineBreak: false,
      ellipsis: true,
    });
  doc
    .fillColor(colors.muted)
    .font(regular)
    .fontSize(9)
    .text(printout.username, right - farmWidth, margin + 19, {
      width: farmWidth,
      align: "right",
      lineBreak: false,
      ellipsis: true,
    });

  let y = margin + 40;
  doc.fontSize(8.5).fillColor(colors.text);
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
      y += 12;
    }
    doc.font(regular).fillColor(colors.muted).text(labelText, x, y, { lineBreak: false });
    doc
      .font(bold)
      .fillColor(colors.text)
      .text(value, x + labelWidth, y, {
        width: valueWidth + 1,
        height: 12,
        lineBreak: false,
        ellipsis: true,
      });
    x += labelWidth + valueWidth + 16;
  }
  y += 14;
  doc.moveTo(margin, y).lineTo(right, y).lineWidth(1.5).strokeColor(colors.brand).stroke();
  return y + 6;
}

function describeVaccineLine(column: PrintoutColumn): string {
  const vaccine = column.vaccineName ?? noVaccineText;
  return column.note ? `${vaccine}. ${column.note}` : vaccine;
}

function measureColumnTitle(layout: Layout, column: PrintoutColumn): number {
  const width = layout.columnWidth - cellPadding * 2;
  layout.doc.font(bold).fontSize(8.5);
  return layout.doc.heightOfString(`${column.title}${column.footnoteMark}`, { width });
}

function drawColumnHeader(layout: Layout, top: number): number {
  const { doc, printout, columnWidth } = layout;
  const width = columnWidth - cellPadding * 2;
  const heights = printout.columns.map((column) => {
    doc.font(regular).fontSize(7);
    const vaccineHeight = doc.heightOfString(describeVaccineLine(column), { width });
    return measureColumnTitle(layout, column) + vaccineHeight;
  });
  const height = Math.max(...heights, 12) + 9;
  doc
    .fillColor(colors.muted)
    .font(regular)
    .fontSize(7.5)
    .text("Month", margin + cellPadding, top + height - 11, { lineBreak: false });
  printout.columns.forEach((column, index) => {
    const x = margin + monthColumnWidth + index * columnWidth;
    const titleHeight = measureColumnTitle(layout, column);
    doc.rect(x + 1, top, columnWidth - 2, 3).fill(column.color);
    doc.fillColor(colors.text).font(bold).fontSize(8.5);
    if (column.footnoteMark) {
      doc
        .text(column.title, x + cellPadding, top + 5, { width, continued: true })
        .fillColor(colors.muted)
        .text(column.footnoteMark);
    } else {
      doc.text(column.title, x + cellPadding, top + 5, { width });
    }
    doc
      .font(regular)
      .fontSize(7)
      .fillColor(colors.muted)
      .text(describeVaccineLine(column), x + cellPadding, top + 5 + titleHeight, {
        width,
      });
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
  doc
    .fillColor(colors.brand)
    .font(bold)
    .fontSize(9.5)
    .text(isContinued ? `${year} (continued)` : String(year), margin + cellPadding, top + 2.5, {
      lineBreak: false,
    });
  return top + yearRowHeight;
}

function startPage(layout: Layout, isFirst: boolean): number {
  if (!isFirst) layout.doc.addPage();
  const afterHeader = drawPageHeader(layout);
  return drawColumnHeader(layout, afterHeader);
}

function drawGrid(layout: Layout): void {
  const { doc, printout, columnWidth, contentWidth } = layout;
  const groups = printout.columns.map(groupShots);
  let y = startPage(layout, true);
  let headedYear: number | null = null;
  for (const { year, month } of printout.months) {
    if (year !== headedYear) {
      // A year heading never sits alone at the foot of a page.
      if (y + yearRowHeight + minimumRowHeight > layout.gridBottom) y = startPage(layout, false);
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
    if (y + rowHeight > layout.gridBottom) {
      y = startPage(layout, false);
      y = drawYearRow(layout, year, y, true);
    }
    if (month % 2 === 0) doc.rect(margin, y, contentWidth, rowHeight).fill(colors.zebra);
    doc
      .fillColor(colors.muted)
      .font(regular)
      .fontSize(7.5)
      .text(readMonthName(month), margin + cellPadding, y + cellPadding, {
        lineBreak: false,
      });
    cellShots.forEach((shots, index) => {
      const x = margin + monthColumnWidth + index * columnWidth;
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

/** The notes under the grid, on one run of text: `* Dairy replacements only    *** …`. */
function joinFootnotes(footnotes: CalendarPrintout["footnotes"]): string {
  return footnotes.map((note) => `${note.mark} ${note.text}`).join("    ");
}

function measureFooter(layout: Omit<Layout, "footerHeight" | "gridBottom">): number {
  const { doc, printout, contentWidth } = layout;
  doc.font(regular).fontSize(7);
  const footnoteText = joinFootnotes(printout.footnotes);
  const footnotes = footnoteText ? doc.heightOfString(footnoteText, { width: contentWidth }) : 0;
  const disclaimer = doc.heightOfString(printout.disclaimer, { width: contentWidth });
  return 6 + footnotes + 2 + disclaimer + 4 + 10;
}

function drawFooters(layout: Layout): void {
  const { doc, printout, contentWidth, pageHeight, footerHeight } = layout;
  const range = doc.bufferedPageRange();
  const footnoteText = joinFootnotes(printout.footnotes);
  for (let index = range.start; index < range.start + range.count; index++) {
    doc.switchToPage(index);
    // Text below the bottom margin would otherwise open a new page.
    doc.page.margins.bottom = 0;
    let y = pageHeight - margin - footerHeight;
    doc
      .moveTo(margin, y)
      .lineTo(margin + contentWidth, y)
      .lineWidth(0.5)
      .strokeColor(colors.border)
      .stroke();
    y += 6;
    doc.font(regular).fontSize(7).fillColor(colors.muted);
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

/** Renders the calendar PDF into memory. */
export function renderCalendarPdf(printout: CalendarPrintout): Promise<Buffer> {
  const doc = new PDFDocument({
    size: "A4",
    layout: "landscape",
    margins: { top: margin, bottom: margin, left: margin, right: margin },
    bufferPages: true,
    autoFirstPage: true,
    // Without this pdfkit parses Helvetica's metrics for every document, only to never use it.
    font: regularFont as string,
    info: { Title: "VaxCal vaccination calendar", Author: "VaxCal", Creator: "VaxCal" },
  });
  doc.registerFont(regular, regularFont);
  doc.registerFont(bold, boldFont);
  const chunks: Buffer[] = [];
  const done = new Promise<Buffer>((resolve, reject) => {
    doc.on("data", (chunk: Buffer) => chunks.push(chunk));
    doc.on("end", () => resolve(Buffer.concat(chunks)));
    doc.on("error", reject);
  });

  const pageWidth = doc.page.width;
  const pageHeight = doc.page.height;
  const contentWidth = pageWidth - margin * 2;
  const columnCount = Math.max(printout.columns.length, 1);
  const base = {
    doc,
    printout,
    pageWidth,
    pageHeight,
    contentWidth,
    columnWidth: (contentWidth - monthColumnWidth) / columnCount,
  };
  const footerHeight = measureFooter(base);
  const layout: Layout = {
    ...base,
    footerHeight,
    gridBottom: pageHeight - margin - footerHeight - 4,
  };
  drawGrid(layout);
  drawFooters(layout);
  doc.end();
  return done;
}
