import type { ScopedDisease } from "@vaxcal/contracts";
import { collectFootnotes } from "@vaxcal/schedule";

/** The notes the grid's asterisks point to, each once, in number order. */
export function ReviewFootnotes({ diseases }: { diseases: readonly ScopedDisease[] }) {
  const footnotes = collectFootnotes(diseases);
  if (footnotes.length === 0) return null;
  return (
    <ul className="review-footnotes" aria-label="Notes">
      {footnotes.map((footnote) => (
        <li key={footnote.number}>
          <span aria-hidden="true">{footnote.mark} </span>
          <span className="visually-hidden">Note {footnote.number}: </span>
          {footnote.text}
        </li>
      ))}
    </ul>
  );
}
