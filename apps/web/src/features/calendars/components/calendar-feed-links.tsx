import type { CalendarFeedUrls } from "@vaxcal/contracts";
import { useId, useRef, type ReactNode } from "react";
import { NotificationType, showNotification } from "../../../stores/notifications.ts";
import { calendarsTexts } from "../calendars-messages.ts";

type HeadingLevel = "h2" | "h3";

/**
 * docs/product.md D14: the calendar's secret iCalendar feed, one tap away for Google, Apple
 * and Outlook, and as a plain link for any other app. A subscribed calendar updates by itself.
 */
export function CalendarFeedLinks({
  feedUrls,
  headingLevel: Heading = "h2",
  onUse,
  children,
}: {
  feedUrls: CalendarFeedUrls;
  headingLevel?: HeadingLevel;
  /** Called when the farmer follows or copies a link. */
  onUse?: () => void;
  /** More actions on the links, such as making new ones. */
  children?: ReactNode;
}) {
  const headingId = useId();
  const linkFieldId = useId();
  const linkField = useRef<HTMLInputElement>(null);

  async function copyLink() {
    onUse?.();
    try {
      await navigator.clipboard.writeText(feedUrls.https);
      showNotification(NotificationType.success, calendarsTexts.linkCopied);
    } catch {
      // No clipboard here (an older phone, a page not served over https): select it to copy.
      linkField.current?.focus();
      linkField.current?.select();
    }
  }

  return (
    <section className="feed-links" aria-labelledby={headingId}>
      <Heading id={headingId} className="feed-links__title">
        Add it to your phone&rsquo;s calendar
      </Heading>
      <p className="feed-links__intro">
        Subscribe once: your calendar app then shows every shot, and keeps up to date when you
        change this calendar. Keep the link to yourself: anyone with it can see the calendar.
      </p>
      <ul className="feed-links__list">
        <li>
          <a
            className="button button--secondary feed-links__link"
            href={feedUrls.google}
            target="_blank"
            rel="noopener noreferrer"
            onClick={onUse}
          >
            Add to Google Calendar
            <span className="visually-hidden"> (opens in a new tab)</span>
          </a>
        </li>
        <li>
          <a
            className="button button--secondary feed-links__link"
            href={feedUrls.webcal}
            onClick={onUse}
          >
            Add to Apple Calendar
          </a>
        </li>
        <li>
          <a
            className="button button--secondary feed-links__link"
            href={feedUrls.outlook}
            target="_blank"
            rel="noopener noreferrer"
            onClick={onUse}
          >
            Add to Outlook
            <span className="visually-hidden"> (opens in a new tab)</span>
          </a>
        </li>
      </ul>
      <div className="field feed-links__copy">
        <label className="field__label" htmlFor={linkFieldId}>
          Link for other calendar apps
        </label>
        <div className="feed-links__copy-row">
          <input
            ref={linkField}
            id={linkFieldId}
            className="field__control"
            type="url"
            readOnly
            value={feedUrls.https}
            onFocus={(event) => event.currentTarget.select()}
          />
          <button type="button" className="button button--quiet" onClick={() => void copyLink()}>
            Copy link
          </button>
        </div>
      </div>
      {children}
    </section>
  );
}
