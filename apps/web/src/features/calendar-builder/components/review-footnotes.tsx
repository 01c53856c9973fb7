import type { ScopedDisease } from "@vaxcal/contracts";
import { collectFootnotes } from "@vaxcal/schedule";

/**
 * The calendar's notes under the grid, each once, in number order, with the diseases it is about
 * (docs/product.md D20: a note shows its text and what it is for, not a run of asterisks).
 */
export function ReviewFootnotes({ diseases }: { diseases: readonly ScopedDisease[] }) {
  const footnotes = collectFootnotes(diseases);
  if (footnotes.length === 0) return null;
  return (
    <ul className="review-footnotes" aria-label="Notes">
      {footnotes.map((footnote) => {
        const names = diseases
          .filter((disease) => disease.footnoteNumber === footnote.number)
          .map((disease) => disease.name);
        return (
          <li key={footnote.number}>
            <strong>{names.join(", ")}:</strong> {footnote.text}
          </li>
        );
      })}
    </ul>
  );
}
