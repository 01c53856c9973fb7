import { calendarMessages, describeRouteChoice, type ScheduledShot } from "@vaxcal/contracts";
import {
  NO_FIXED_SCHEDULE_NOTE,
  collectFootnotes as collectColumnFootnotes,
  formatFootnoteMark,
  formatLongDate,
  type BirthLabel,
  type IsoDate,
} from "@vaxcal/schedule";
import type { CalendarPrintout } from "./render-calendar-pdf.ts";
import type { CalendarNames, DescribedColumn } from "./calendars.repository.ts";

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
  columns: DescribedColumn[];
};

/** `IN,IM` spelled out for a farmer: `Intranasal or intramuscular`. */
export const describeRoutes = describeRouteChoice;

/** What a shot is called: its own name, else its column's vaccine, else the disease. */
export function describeShotLabel(shot: ScheduledShot, column: DescribedColumn): string {
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

/** The PDF's words for a saved calendar, printed on `today` (Ireland). */
export function buildCalendarPrintout(
  document: CalendarDocument,
  today: IsoDate,
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
  if (document.vetEmailAddress !== null) {
    details.push({ label: "Vet", value: document.vetEmailAddress });
  }
  return {
    farmName: document.farmName,
    username: document.username,
    details,
    columns: document.columns.map((column) => {
      const route = column.vaccine ? describeRoutes(column.vaccine.vaccineType) : null;
      return {
        title: column.diseaseName,
        footnoteMark: formatFootnoteMark(column.footnoteNumber),
        vaccineName: column.vaccine?.name ?? null,
        // As in step 2: a column with no protocol shot says why it has no date.
        note: column.shots.some((shot) => shot.templateId !== null) ? null : NO_FIXED_SCHEDULE_NOTE,
        color: parseAccentColor(column.vaccine?.accentColor),
        shots: column.shots.flatMap((shot) =>
          shot.date === null
            ? []
            : [{ date: shot.date, label: describeShotLabel(shot, column), route }],
        ),
      };
    }),
    footnotes: collectFootnotes(document.columns),
    disclaimer: calendarMessages.disclaimer,
    generatedOn: `Generated on ${formatLongDate(today)}`,
    fallbackYear: document.year,
  };
}
