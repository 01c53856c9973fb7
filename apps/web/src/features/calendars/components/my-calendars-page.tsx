import { calendarMessages } from "@vaxcal/contracts";
import { useEffect, useRef, useState } from "react";
import { ErrorState, LoadingState } from "../../../components/ui/status-panels.tsx";
import { useUserCalendars } from "../api/list-calendars.ts";
import { useProtocolUpdates } from "../api/list-protocol-updates.ts";
import { calendarsTexts } from "../calendars-messages.ts";
import { CalendarCard } from "./calendar-card.tsx";
import { CreateCalendarLink } from "./create-calendar-link.tsx";
import "./calendars.css";

/**
 * docs/product.md §2 'My Calendars' (/calendars, login required): the banner with 'Create new
 * calendar', the saved calendars as collapsible cards, newest first and open, or a notice when
 * there are none. The list comes in pages, newest first, with 'Show more calendars' while there are
 * more (decision 703): it keeps the focus while loading, then moves it to the first new calendar
 * and says how many are shown. A failed load says so in the spec's words, with a way to try again (docs/product.md §8).
 */
export function MyCalendarsPage() {
  const calendars = useUserCalendars();
  const protocolUpdates = useProtocolUpdates();
  const listed = calendars.data?.pages.flatMap((page) => page.calendars) ?? [];
  const listRef = useRef<HTMLUListElement>(null);
  // The first calendar of the page asked for: focus goes there once it has arrived, so a keyboard
  // continues where the new calendars start (the button may be gone: that was the last page).
  const pendingFocus = useRef<number | null>(null);
  const [hasAskedForMore, setHasAskedForMore] = useState(false);
  const { hasNextPage, isFetchingNextPage } = calendars;
  const announcement = !hasAskedForMore
    ? ""
    : isFetchingNextPage
      ? calendarsTexts.loadingMore
      : hasNextPage
        ? calendarsTexts.moreShown(listed.length)
        : calendarsTexts.allShown(listed.length);

  useEffect(() => {
    const index = pendingFocus.current;
    if (index === null || listed.length <= index) return;
    pendingFocus.current = null;
    const first = listRef.current?.children.item(index);
    if (first instanceof HTMLElement) first.focus();
  }, [listed.length]);

  const showMore = () => {
    // aria-disabled, not disabled, while loading: a disabled button would drop the focus.
    if (isFetchingNextPage) return;
    setHasAskedForMore(true);
    pendingFocus.current = listed.length;
    void calendars.fetchNextPage();
  };

  return (
    <div className="my-calendars">
      <title>My calendars · VaxCal</title>
      <section className="my-calendars__banner" aria-labelledby="my-calendars-title">
        <div>
          <h1 id="my-calendars-title" tabIndex={-1}>
            My calendars
          </h1>
          <p>Your saved vaccination calendars. Open one to change it, or download it to print.</p>
        </div>
        <CreateCalendarLink label="Create new calendar" />
      </section>

      {calendars.isPending ? (
        <LoadingState label="Loading your calendars…" />
      ) : calendars.isError && calendars.data === undefined ? (
        <ErrorState
          message={calendarMessages.listFailed}
          onRetry={() => void calendars.refetch()}
        />
      ) : listed.length === 0 ? (
        <div className="my-calendars__empty">
          <p>{calendarsTexts.emptyList}</p>
          <CreateCalendarLink label="Create your first calendar" />
        </div>
      ) : (
        <>
          <ul className="my-calendars__list" aria-label="Your calendars" ref={listRef}>
            {listed.map((calendar, index) => (
              <li key={calendar.id} tabIndex={-1}>
                <CalendarCard
                  calendar={calendar}
                  isInitiallyOpen={index === 0}
                  hasProtocolUpdate={protocolUpdates.data?.has(calendar.id) ?? false}
                />
              </li>
            ))}
          </ul>
          {calendars.isFetchNextPageError ? (
            <ErrorState message={calendarMessages.listFailed} onRetry={showMore} />
          ) : hasNextPage ? (
            <div className="my-calendars__more">
              <button
                type="button"
                className="button button--secondary"
                aria-disabled={isFetchingNextPage}
                onClick={showMore}
              >
                {isFetchingNextPage ? calendarsTexts.loadingMore : calendarsTexts.showMore}
              </button>
            </div>
          ) : null}
          <p className="visually-hidden" role="status">
            {calendars.isFetchNextPageError ? "" : announcement}
          </p>
        </>
      )}
    </div>
  );
}
