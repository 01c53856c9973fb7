import { parsePhoneNumberFromString } from "libphonenumber-js";
import {
  calendarMessages,
  describeDosesNeeded,
  describeRouteChoice,
  defaultPdfMonths,
  type GivenShot,
  type PdfMonths,
} from "@vaxcal/contracts";
import {
  NO_FIXED_SCHEDULE_NOTE,
  collectFootnotes as collectColumnFootnotes,
  findMonthWindow,
  formatLongDate,
  listOccurrences,
  type BirthLabel,
  type IsoDate,
} from "@vaxcal/schedule";
import type { StoredSeed } from "../calendars/calendar-plans.repository.ts";
import type { CalendarPrintout, ChecklistRow } from "./render-calendar-pdf.ts";
import type { CalendarNames, DescribedColumn } from "../calendars/calendars.repository.ts";

/**
 * The PDF and the preview of a saved calendar show this many months from the current one, derived
 * from its plan (decision 402); the detail's copies reach at least as far.
 */
export const printedMonthCount = 24;

/** The printed months: the current one and the 23 after it, for today in Ireland. */
export function findPrintedWindow(today: IsoDate): { from: IsoDate; to: IsoDate } {
  return findMonthWindow(today, printedMonthCount);
}

/**
 * The PDF for the wall prints this many months from the current one unless the farmer chose 24 or
 * 36 (`pdfMonthChoices`, issue 25, item 7); past months are left out.
 */
export const wallMonthCount = defaultPdfMonths;

/** Each month of a printed window of `count` months from today's, in order. */
export function listPrintedMonths(
  today: IsoDate,
  count = printedMonthCount,
): { year: number; month: number }[] {
  const year = Number(today.slice(0, 4));
  const month = Number(today.slice(5, 7));
  return Array.from({ length: count }, (_, index) => {
    const monthIndex = year * 12 + month - 1 + index;
    return { year: Math.floor(monthIndex / 12), month: (monthIndex % 12) + 1 };
  });
}

/** A column's dated shots from `from` to `to`, derived from its plan, by date. */
export function listColumnOccurrences(column: DescribedColumn, from: IsoDate, to: IsoDate) {
  return listOccurrences(column.seeds, from, to);
}

/** A saved calendar with everything its PDF, preview and feed print. */
export type CalendarDocument = {
  id: number;
  year: number;
  updatedAt: Date;
  /** The owner's farm and login name (docs/product.md §2: the username is printed on PDFs). */
  farmName: string | null;
  username: string;
  names: CalendarNames;
  birthLabel: BirthLabel;
  birthDate: string | null;
  breedingDate: string | null;
  /** The vet the farmer named when saving (docs/product.md §3 contact details); null when none. */
  vetEmailAddress: string | null;
  /** The practice the owner linked; null when none. */
  practiceName: string | null;
  /** That practice's phone number; null when none. */
  practicePhone: string | null;
  /** The owner's herd or flock size band for this calendar's enterprise, for the doses. */
  farmSize: string | null;
  columns: DescribedColumn[];
  /** The shots marked as given (decision 403), by planned date. */
  givenShots: GivenShot[];
};

/** `IN,IM` spelled out for a farmer: `Intranasal or intramuscular`. */
export const describeRoutes = describeRouteChoice;

/** What a shot is called: its own name, else its column's vaccine, else the disease. */
export function describeShotLabel(
  shot: Pick<StoredSeed, "custom_name">,
  column: DescribedColumn,
): string {
  return shot.custom_name ?? column.vaccine?.name ?? column.diseaseName;
}

/** An `r,g,b` accent colour as numbers; a neutral grey when a column has no vaccine. */
export function parseAccentColor(accentColor: string | undefined): [number, number, number] {
  const parts = (accentColor ?? "").split(",").map(Number);
  if (parts.length !== 3 || parts.some((part) => !Number.isInteger(part) || part > 255)) {
    return [120, 120, 120];
  }
  return [parts[0] ?? 0, parts[1] ?? 0, parts[2] ?? 0];
}

/** Each footnote once, in number order, as the web's step 2 lists them. */
export function collectFootnotes(
  columns: readonly DescribedColumn[],
): { mark: string; text: string }[] {
  return collectColumnFootnotes(columns).map(({ mark, text }) => ({ mark, text }));
}

/** A stored E.164 number as people write it, "087 123 4567"; as stored if it does not parse. */
function formatPhoneForPrint(phone: string): string {
  return parsePhoneNumberFromString(phone)?.formatNational() ?? phone;
}

/**
 * The PDF's words for a saved calendar, printed on `today` (Ireland): the 12, 24 or 36 months
 * (`months`) from the current one, each shot derived from the plan (so a calendar saved years ago still prints its
 * coming boosters) and ticked when marked as given, and the same shots as a dated checklist.
 */
export function buildCalendarPrintout(
  document: CalendarDocument,
  today: IsoDate,
  months: PdfMonths = wallMonthCount,
): CalendarPrintout {
  const { names } = document;
  const details = [
    { label: "Enterprise", value: names.enterprise },
    { label: "Animal", value: names.animal },
    { label: "Season", value: names.season },
  ];
  if (document.birthDate !== null) {
    details.push({
      label: `${document.birthLabel} date`,
      value: formatLongDate(document.birthDate),
    });
  }
  if (document.breedingDate !== null) {
    details.push({ label: "Breeding date", value: formatLongDate(document.breedingDate) });
  }
  if (document.practiceName !== null) {
    details.push({ label: "Practice", value: document.practiceName });
  }
  if (document.practicePhone !== null) {
    details.push({ label: "Practice phone", value: formatPhoneForPrint(document.practicePhone) });
  }
  if (document.vetEmailAddress !== null) {
    details.push({ label: "Vet", value: document.vetEmailAddress });
  }
  const window = findMonthWindow(today, months);
  const given = new Map(document.givenShots.map((record) => [record.shotId, record]));
  const doses = describeDosesNeeded(document.farmSize);
  const checklist: ChecklistRow[] = [];
  const footnoteMarks = new Map(
    collectColumnFootnotes(document.columns).map((footnote) => [footnote.number, footnote.mark]),
  );
  const columns = document.columns.map((column) => {
    const route = column.vaccine ? describeRoutes(column.vaccine.vaccineType) : null;
    const color = parseAccentColor(column.vaccine?.accentColor);
    const occurrences = listColumnOccurrences(column, window.from, window.to);
    for (const occurrence of occurrences) {
      const record = given.get(occurrence.id);
      checklist.push({
        date: occurrence.date,
        disease: column.diseaseName,
        vaccine: describeShotLabel(occurrence.seed, column),
        route,
        doses,
        color,
        given: record
          ? { givenOn: record.givenOn, batch: record.batch, givenBy: record.givenBy }
          : null,
      });
    }
    return {
      title: column.diseaseName,
      footnoteMark:
        column.footnoteNumber === null ? "" : (footnoteMarks.get(column.footnoteNumber) ?? ""),
      vaccineName: column.vaccine?.name ?? null,
      route,
      // As in step 2: a column with no protocol shot says why it has no date.
      note: column.seeds.some((seed) => seed.templateId !== null) ? null : NO_FIXED_SCHEDULE_NOTE,
      color,
      shots: occurrences.map((occurrence) => ({
        date: occurrence.date,
        label: describeShotLabel(occurrence.seed, column),
        isGiven: given.has(occurrence.id),
      })),
    };
  });
  return {
    farmName: document.farmName,
    username: document.username,
    details,
    animalGroup: `${names.animal} (${names.enterprise}, ${names.season})`,
    columns,
    // Date order; on one day, in column order (the sort is stable).
    checklist: checklist.sort((left, right) => left.date.localeCompare(right.date)),
    footnotes: collectFootnotes(document.columns),
    disclaimer: calendarMessages.disclaimer,
    generatedOn: `Generated on ${formatLongDate(today)}`,
    months: listPrintedMonths(today, months),
    printedOn: today,
  };
}
