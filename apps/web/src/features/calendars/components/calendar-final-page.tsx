import { useQueryClient } from "@tanstack/react-query";
import type { CalendarSummary } from "@vaxcal/contracts";
import { useEffect, useRef } from "react";
import { Link } from "react-router";
import { paths } from "../../../config/paths.ts";
import { useCompactBanner } from "../../../stores/compact-banner.ts";
import { describeCalendarTitle } from "../lib/describe-calendar.ts";
import { calendarsTexts } from "../calendars-messages.ts";
import { calendarsQueryKeys } from "../query-keys.ts";
import { CalendarFeedLinks } from "./calendar-feed-links.tsx";
import { CreateCalendarLink } from "./create-calendar-link.tsx";
import { DownloadCalendarWithMonths } from "./download-calendar-button.tsx";
import "./calendars.css";

/**
 * docs/product.md §2 'Final page': the PDF and the calendar feed (docs/product.md D14 replaces
 * the Google resync) come first, then a new calendar and the way to My calendars. The
 * page stays until the farmer leaves it; the spec's redirect to My Calendars sent them away
 * before they had used it. The verification banner shrinks to one line here. A vet who saved a
 * client's calendar gets no feed links (issue 23, M1): the page says the farmer subscribes, and
 * leads back to the vet dashboard.
 */
export function CalendarFinalPage({
  calendar,
  isUpdate,
}: {
  calendar: CalendarSummary;
  isUpdate: boolean;
}) {
  const queryClient = useQueryClient();
  const heading = useRef<HTMLHeadingElement>(null);
  // Only the calendar's owner is given its feed links; a vet of the linked practice is not.
  const { feedUrls } = calendar;
  // The owner goes on to their own calendars; a vet back to the practice's farms.
  const next = feedUrls
    ? {
        text: "Your calendar is kept in My calendars, with its PDF and links.",
        label: "Go to My calendars",
        href: paths.myCalendars.getHref(),
      }
    : {
        text: "The farm’s calendars are on your vet dashboard.",
        label: "Go to the vet dashboard",
        href: paths.vetDashboard.getHref(),
      };
  useCompactBanner();

  useEffect(() => {
    // My Calendars shows this calendar at once, without the list from before it was saved.
    void queryClient.invalidateQueries({ queryKey: calendarsQueryKeys.list() });
  }, [queryClient]);

  useEffect(() => {
    // The review page was scrolled to its bottom; this page starts at its top, read from there.
    // Once more after the next frame: the banner above shrinks to one line as this page mounts.
    heading.current?.focus({ preventScroll: true });
    window.scrollTo(0, 0);
    const frame = requestAnimationFrame(() => window.scrollTo(0, 0));
    return () => cancelAnimationFrame(frame);
  }, []);

  return (
    <div className="final-page">
      <title>Download your calendar · VaxCal</title>
      <section className="final-page__main" aria-labelledby="final-page-title">
        <p className="final-page__eyebrow">
          <span aria-hidden="true">✓ </span>
          {isUpdate ? "Calendar updated" : "Calendar saved"}
        </p>
        <h1 id="final-page-title" ref={heading} tabIndex={-1}>
          Download your calendar
        </h1>
        <p className="final-page__calendar">
          <strong>{describeCalendarTitle(calendar)}</strong>
          <span className="final-page__diseases">
            {calendar.enterprise} · {calendar.diseases}
          </span>
        </p>
        <div className="button-row final-page__actions">
          <DownloadCalendarWithMonths calendar={calendar} label="Download PDF" isLarge />
          {feedUrls && (
            <a className="button button--secondary button--large" href="#final-page-feed">
              Add to phone calendar
            </a>
          )}
        </div>
        {feedUrls ? (
          <p>Print the PDF for the farm office, or add the calendar to your phone.</p>
        ) : (
          <p>{calendarsTexts.feedIsTheFarmers}</p>
        )}
      </section>

      {feedUrls && (
        <div id="final-page-feed">
          <CalendarFeedLinks feedUrls={feedUrls} />
        </div>
      )}

      <div className="final-page__next">
        <p>{next.text}</p>
        <div className="button-row">
          <Link className="button button--secondary" to={next.href}>
            {next.label}
          </Link>
          <CreateCalendarLink label="Create another calendar" variant="secondary" />
        </div>
      </div>
    </div>
  );
}
