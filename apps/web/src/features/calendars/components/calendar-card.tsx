import { protocolUpdateMessages, type CalendarSummary } from "@vaxcal/contracts";
import { useId, useState } from "react";
import { Link } from "react-router";
import { paths } from "../../../config/paths.ts";
import { useCalendarPreview } from "../api/get-calendar-preview.ts";
import { calendarsTexts } from "../calendars-messages.ts";
import {
  describeBirthLabel,
  describeCalendarTitle,
  formatCalendarDate,
  formatTimestampDay,
} from "../lib/describe-calendar.ts";
import { CalendarFeedLinks } from "./calendar-feed-links.tsx";
import { DeleteCalendarButton, RegenerateFeedButton } from "./calendar-card-actions.tsx";
import { DownloadCalendarButton } from "./download-calendar-button.tsx";

/**
 * docs/product.md §2 My Calendars: one saved calendar as a collapsible card. The header is a
 * disclosure button (aria-expanded), so it opens with a tap, Enter or Space, and a screen reader
 * says whether it is open. The preview is fetched only once the card is open: on a weak signal,
 * only what the farmer looks at is loaded.
 */
export function CalendarCard({
  calendar,
  isInitiallyOpen,
  hasProtocolUpdate = false,
}: {
  calendar: CalendarSummary;
  isInitiallyOpen: boolean;
  /** The vaccine schedule behind it changed since it was saved (decision 405). */
  hasProtocolUpdate?: boolean;
}) {
  const [isOpen, setIsOpen] = useState(isInitiallyOpen);
  const panelId = useId();
  const titleId = useId();
  const title = describeCalendarTitle(calendar);

  return (
    <article className="calendar-card" aria-labelledby={titleId} data-open={isOpen || undefined}>
      <h2 className="calendar-card__heading">
        <button
          type="button"
          className="calendar-card__toggle"
          aria-expanded={isOpen}
          aria-controls={panelId}
          onClick={() => setIsOpen((open) => !open)}
        >
          <span className="calendar-card__title" id={titleId}>
            {title}
          </span>
          <span className="calendar-card__meta">
            {calendar.enterprise} · Created {formatTimestampDay(calendar.created_at)}
          </span>
          <span className="calendar-card__chevron" aria-hidden="true" />
        </button>
      </h2>
      {hasProtocolUpdate && (
        <div className="calendar-card__notice">
          <p>
            <span aria-hidden="true">⚠ </span>
            {protocolUpdateMessages.cardNotice}
          </p>
          <Link
            className="button button--primary"
            to={paths.calendarDetail.getUpdateHref(calendar.id)}
          >
            {protocolUpdateMessages.updateButton}
            <span className="visually-hidden"> {title}</span>
          </Link>
        </div>
      )}
      <div id={panelId} className="calendar-card__body" hidden={!isOpen}>
        <div className="calendar-card__overview">
          <CalendarPreview calendar={calendar} title={title} isEnabled={isOpen} />
          <dl className="calendar-card__facts">
            <Fact term="Enterprise" value={calendar.enterprise} />
            <Fact term="Animal" value={calendar.animal} />
            <Fact term="Season" value={calendar.season} />
            {calendar.birth_date && (
              <Fact
                term={describeBirthLabel(calendar)}
                value={formatCalendarDate(calendar.birth_date)}
              />
            )}
            {calendar.breeding_date && (
              <Fact term="Breeding date" value={formatCalendarDate(calendar.breeding_date)} />
            )}
            <Fact term="Diseases" value={calendar.diseases} />
            <Fact term="Created" value={formatTimestampDay(calendar.created_at)} />
            {calendar.updated_at !== calendar.created_at && (
              <Fact term="Last changed" value={formatTimestampDay(calendar.updated_at)} />
            )}
            {calendar.vet_edit && (
              <Fact
                term="Changed by your vet"
                value={`${calendar.vet_edit.by} of ${calendar.vet_edit.practice}, ${formatTimestampDay(calendar.vet_edit.at)}`}
              />
            )}
          </dl>
        </div>
        <div className="button-row calendar-card__actions">
          <Link className="button button--secondary" to={paths.calendarDetail.getHref(calendar.id)}>
            Open and edit
            <span className="visually-hidden"> {title}</span>
          </Link>
          <DownloadCalendarButton calendar={calendar} />
          <DeleteCalendarButton calendar={calendar} title={title} />
        </div>
        {/* My Calendars lists the caller's own calendars, which always carry their feed links. */}
        {calendar.feedUrls && (
          <CalendarFeedLinks feedUrls={calendar.feedUrls} headingLevel="h3">
            <RegenerateFeedButton calendar={calendar} />
          </CalendarFeedLinks>
        )}
      </div>
    </article>
  );
}

function Fact({ term, value }: { term: string; value: string }) {
  return (
    <div className="calendar-card__fact">
      <dt>{term}</dt>
      <dd>{value}</dd>
    </div>
  );
}

/** The SVG thumbnail from previewImageUrl: a year grid with a dot for each shot. */
function CalendarPreview({
  calendar,
  title,
  isEnabled,
}: {
  calendar: CalendarSummary;
  title: string;
  isEnabled: boolean;
}) {
  const preview = useCalendarPreview(calendar, { isEnabled });
  return (
    <figure className="calendar-card__preview">
      {preview.data ? (
        <img
          src={preview.data}
          alt={`Preview of ${title}: a year of months with a coloured dot for each shot`}
        />
      ) : (
        <div className="calendar-card__preview-placeholder">
          {preview.isError ? (
            <p>{calendarsTexts.previewFailed}</p>
          ) : (
            <p role="status">Loading the preview…</p>
          )}
        </div>
      )}
    </figure>
  );
}
