import type { FarmTimelineWarningBody } from "@vaxcal/contracts";
import { useId } from "react";
import { Link } from "react-router";
import { paths } from "../../../config/paths.ts";
import "./protocol-update-notice.css";

/** The notice's heading: the check looks across calendars, which no single calendar can. */
export const farmTimelineTitle = "Check this with your other calendars for the same animals";

/**
 * Decision 420 on a saved calendar: the warnings across the owner's calendars of the same animals
 * (calves, weanlings, heifers and cows; lambs, hoggets and ewes) that name this one, each in farm
 * words with a link to the other calendar. Nothing shows when there are none.
 */
export function FarmTimelineNotice({
  warnings,
}: {
  warnings: readonly FarmTimelineWarningBody[] | undefined;
}) {
  const titleId = useId();
  if (warnings === undefined || warnings.length === 0) return null;
  return (
    <section className="protocol-notice" aria-labelledby={titleId}>
      <h2 id={titleId} className="protocol-notice__title">
        <span aria-hidden="true">⚠ </span>
        {farmTimelineTitle}
      </h2>
      <ul className="protocol-changes">
        {warnings.map((warning) => (
          <li key={`${warning.rule}:${warning.message}`} className="protocol-changes__item">
            <p>{warning.message}</p>
            <Link to={paths.calendarDetail.getHref(warning.otherCalendarId)}>
              Open the other calendar
            </Link>
          </li>
        ))}
      </ul>
    </section>
  );
}
