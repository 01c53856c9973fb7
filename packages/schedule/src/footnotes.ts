/** A column that may carry a footnote: a disease of the calendar, on screen or on paper. */
export interface FootnotedColumn {
  readonly footnoteNumber: number | null;
  readonly footnote: string | null;
}

export interface Footnote {
  readonly number: number;
  /** The footnote's number in brackets, "(1)": a reader can match it at a glance. */
  readonly mark: string;
  readonly text: string;
}

/** The mark that points a column to its footnote, "(2)"; "" for a column without one. */
export function formatFootnoteMark(footnoteNumber: number | null): string {
  return footnoteNumber === null ? "" : `(${footnoteNumber})`;
}

/** Each footnote of the columns once, in number order, for the notes under a calendar. */
export function collectFootnotes(columns: readonly FootnotedColumn[]): Footnote[] {
  const textByNumber = new Map<number, string>();
  for (const column of columns) {
    if (column.footnoteNumber !== null && column.footnote !== null) {
      textByNumber.set(column.footnoteNumber, column.footnote);
    }
  }
  return [...textByNumber.entries()]
    .sort(([left], [right]) => left - right)
    .map(([number, text], index) => ({ number, mark: formatFootnoteMark(index + 1), text }));
}
