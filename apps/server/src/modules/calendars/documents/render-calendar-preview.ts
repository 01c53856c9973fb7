import type { IsoDate } from "@vaxcal/schedule";
import {
  findPrintedWindow,
  listColumnOccurrences,
  listPrintedMonths,
  parseAccentColor,
  type CalendarDocument,
} from "./calendar-document.ts";

/*
 * The My Calendars thumbnail: one row per year, one cell per month of the 24 the PDF prints from
 * the current month, a dot per shot in its vaccine's colour. Derived from the plan as the PDF is,
 * so it always matches it (decision 402).
 */

const cellWidth = 20;
const rowHeight = 22;
const labelWidth = 38;
const headerHeight = 16;
const padding = 6;
const dotRadius = 2.6;
const dotsPerRow = 3;
const mostDotsInCell = 6;
const monthInitials = ["J", "F", "M", "A", "M", "J", "J", "A", "S", "O", "N", "D"] as const;

function escapeXml(text: string): string {
  return text
    .replaceAll("&", "&amp;")
    .replaceAll("<", "&lt;")
    .replaceAll(">", "&gt;")
    .replaceAll('"', "&quot;");
}

type Dot = { color: string };

export function renderCalendarPreviewSvg(document: CalendarDocument, today: IsoDate): string {
  const window = findPrintedWindow(today);
  const printedMonths = new Set(
    listPrintedMonths(today).map(({ year, month }) => `${year}-${month}`),
  );
  const cells = new Map<string, Dot[]>();
  let shotCount = 0;
  for (const column of document.columns) {
    const [red, green, blue] = parseAccentColor(column.vaccine?.accentColor);
    const color = `rgb(${red},${green},${blue})`;
    for (const { date } of listColumnOccurrences(column, window.from, window.to)) {
      const key = `${Number(date.slice(0, 4))}-${Number(date.slice(5, 7))}`;
      const dots = cells.get(key) ?? [];
      dots.push({ color });
      cells.set(key, dots);
      shotCount++;
    }
  }
  const firstYear = Number(window.from.slice(0, 4));
  const lastYear = Number(window.to.slice(0, 4));

  const years: number[] = [];
  for (let year = firstYear; year <= lastYear; year++) years.push(year);
  const width = padding * 2 + labelWidth + cellWidth * 12;
  const height = padding * 2 + headerHeight + rowHeight * years.length;
  const parts: string[] = [];
  const title = `${document.names.animal} ${document.year}: ${shotCount} ${shotCount === 1 ? "shot" : "shots"}`;
  parts.push(
    `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}" viewBox="0 0 ${width} ${height}" role="img" aria-labelledby="title">`,
    `<title id="title">${escapeXml(title)}</title>`,
    `<rect width="${width}" height="${height}" rx="6" fill="#ffffff"/>`,
    `<g font-family="DejaVu Sans, Arial, sans-serif" font-size="9" fill="#4a4a4a">`,
  );
  monthInitials.forEach((initial, index) => {
    const x = padding + labelWidth + index * cellWidth + cellWidth / 2;
    parts.push(`<text x="${x}" y="${padding + 10}" text-anchor="middle">${initial}</text>`);
  });
  years.forEach((year, rowIndex) => {
    const top = padding + headerHeight + rowIndex * rowHeight;
    parts.push(
      `<text x="${padding}" y="${top + rowHeight / 2 + 3}" font-weight="bold">${year}</text>`,
    );
    for (let month = 1; month <= 12; month++) {
      const left = padding + labelWidth + (month - 1) * cellWidth;
      // Months before or after the printed 24 stay blank.
      if (!printedMonths.has(`${year}-${month}`)) continue;
      const fill = rowIndex % 2 === 0 ? "#f3f5f2" : "#e9ede7";
      parts.push(
        `<rect x="${left + 1}" y="${top + 1}" width="${cellWidth - 2}" height="${rowHeight - 2}" rx="2" fill="${fill}"/>`,
      );
      const dots = cells.get(`${year}-${month}`) ?? [];
      dots.slice(0, mostDotsInCell).forEach((dot, index) => {
        const cx = left + 4 + (index % dotsPerRow) * 6 + dotRadius / 2;
        const cy = top + 6 + Math.floor(index / dotsPerRow) * 7 + dotRadius / 2;
        parts.push(`<circle cx="${cx}" cy="${cy}" r="${dotRadius}" fill="${dot.color}"/>`);
      });
    }
  });
  parts.push("</g></svg>");
  return parts.join("");
}
