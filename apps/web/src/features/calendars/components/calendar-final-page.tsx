import { useQueryClient } from "@tanstack/react-query";
import type { CalendarSummary } from "@vaxcal/contracts";
import { useEffect, useRef, useState } from "react";
import { Link, useNavigate } from "react-router";
import { paths } from "../../../config/paths.ts";
import { userCalendarsQueryKey } from "../api/list-calendars.ts";
import { finalPageRedirectSeconds } from "../calendars-messages.ts";
import { describeCalendarTitle } from "../lib/describe-calendar.ts";
import { CalendarFeedLinks } from "./calendar-feed-links.tsx";
import { CreateCalendarLink } from "./create-calendar-link.tsx";
import { DownloadCalendarButton } from "./download-calendar-button.tsx";
import "./calendars.css";

/**
 * docs/product.md §2 'Final page' and §4 'done (download page shown, then redirect to
 * MyCalendars)': the PDF, a new calendar, and the calendar feed (docs/product.md D14 replaces the
 * Google resync). The redirect waits long enough to read the page and stops as soon as the farmer
 * uses it or asks to stay (WCAG 2.2.1: a time limit the user can turn off); My Calendars has the
 * PDF too.
 */
export function CalendarFinalPage({
  calendar,
  isUpdate,
}: {
  calendar: CalendarSummary;
  isUpdate: boolean;
}) {
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const heading = useRef<HTMLHeadingElement>(null);
  const myCalendarsLink = useRef<HTMLAnchorElement>(null);
  const [secondsLeft, setSecondsLeft] = useState(finalPageRedirectSeconds);
  const [isStaying, setIsStaying] = useState(false);

  useEffect(() => {
    // My Calendars shows this calendar at once, without the list from before it was saved.
    void queryClient.invalidateQueries({ queryKey: userCalendarsQueryKey });
  }, [queryClient]);

  useEffect(() => {
    // The review page was scrolled to its bottom; this page starts at its top, read from there.
    window.scrollTo(0, 0);
    heading.current?.focus();
  }, []);

  useEffect(() => {
    if (isStaying) return;
    if (secondsLeft <= 0) {
      void navigate(paths.myCalendars.getHref());
      return;
    }
    const timer = setTimeout(() => setSecondsLeft((seconds) => seconds - 1), 1000);
    return () => clearTimeout(timer);
  }, [isStaying, secondsLeft, navigate]);

  const stay = () => setIsStaying(true);

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
        <p>Print it for the farm office, or keep it on your phone.</p>
        <div className="button-row final-page__actions">
          <DownloadCalendarButton calendar={calendar} isLarge onDownload={stay} />
          <CreateCalendarLink label="Create another calendar" variant="secondary" />
        </div>
      </section>

      <CalendarFeedLinks feedUrls={calendar.feedUrls} onUse={stay} />

      <div className="final-page__next">
        {isStaying ? (
          <p>Your calendar is kept in My Calendars, with its PDF and links.</p>
        ) : (
          <p>
            We will take you to My Calendars in{" "}
            <span className="final-page__seconds">{secondsLeft}</span>{" "}
            {secondsLeft === 1 ? "second" : "seconds"}.
          </p>
        )}
        <div className="button-row">
          <Link
            ref={myCalendarsLink}
            className="button button--primary"
            to={paths.myCalendars.getHref()}
          >
            Go to My Calendars
          </Link>
          {!isStaying && (
            <button
              type="button"
              className="button button--quiet"
              onClick={() => {
                stay();
                // The button goes away; focus stays on this part of the page.
                myCalendarsLink.current?.focus();
              }}
            >
              Stay on this page
            </button>
          )}
        </div>
      </div>
    </div>
  );
}
