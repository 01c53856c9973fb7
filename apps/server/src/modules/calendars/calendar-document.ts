import {
  VaccineRoute,
  calendarMessages,
  type ScheduledShot,
  type VaccineRouteCode,
} from "@vaxcal/contracts";
import { formatLongDate, type BirthLabel, type IsoDate } from "@vaxcal/schedule";
import type { CalendarPrintout } from "./render-calendar-pdf.ts";
import type { CalendarNames, DescribedColumn } from "./calendars.repository.ts";

/** A saved calendar with everything its PDF, preview and feed print. */
export type CalendarDocument = {
  id: number;
  year: number;
  updatedAt: Date;
  /** The owner's farm and login name (spec §2: the username is printed on PDFs). */
  farmName: string | null;
  username: string;
  names: CalendarNames;
  birthLabel: BirthLabel;
  birthDate: string | null;
  breedingDate: string | null;
  /** The vet the farmer named when saving (spec §3 contact details); null when none. */
  vetEmailAddress: string | null;
  columns: DescribedColumn[];
};

function isRouteCode(code: string): code is VaccineRouteCode {
  return Object.hasOwn(VaccineRoute, code);
}

/** `IN,IM` spelled out for a farmer: `Intranasal or intramuscular`. */
export function describeRoutes(vaccineType: string): string {
  const names = vaccineType
    .split(",")
    .map((code) => code.trim())
    .map((code) => (isRouteCode(code) ? VaccineRoute[code] : code))
    .filter((name) => name !== "");
  return names
    .map((name, index) => (index === 0 ? name : name.charAt(0).toLowerCase() + name.slice(1)))
    .join(" or ");
}

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

/** The asterisks of a footnote (spec §2: "Footnotes are listed with asterisks"). */
export function formatFootnoteMark(footnoteNumber: number | null): string {
  return footnoteNumber === null ? "" : "*".repeat(footnoteNumber);
}

/** Each footnote once, in number order, as the web's step 2 lists them. */
export function collectFootnotes(
  columns: readonly DescribedColumn[],
): { mark: string; text: string }[] {
  const seen = new Map<number, string>();
  for (const column of columns) {
    if (column.footnoteNumber !== null && column.footnote !== null) {
      seen.set(column.footnoteNumber, column.footnote);
    }
  }
  return [...seen.entries()]
    .sort(([left], [right]) => left - right)
    .map(([number, text]) => ({ mark: formatFootnoteMark(number), text }));
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
