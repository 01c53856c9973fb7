import { calendarMessages, type CalendarSummary } from "@vaxcal/contracts";
import { useState } from "react";
import { NotificationType, showNotification } from "../../../stores/notifications.ts";
import { useDeleteCalendar } from "../api/delete-calendar.ts";
import { useRegenerateFeed } from "../api/regenerate-feed.ts";
import { calendarsTexts } from "../calendars-messages.ts";
import { LocalDialog } from "../../../components/ui/dialog.tsx";

/** Spec §2: 'Are you sure you want to delete this calendar?', then it leaves the list. */
export function DeleteCalendarButton({
  calendar,
  title,
}: {
  calendar: Pick<CalendarSummary, "id">;
  title: string;
}) {
  const [isAsking, setIsAsking] = useState(false);
  const deletion = useDeleteCalendar();

  function confirmDelete() {
    deletion.mutate(calendar.id, {
      onSuccess: () => {
        setIsAsking(false);
        showNotification(NotificationType.success, calendarsTexts.deleted);
      },
      onError: (error) => {
        // Spec §8: logged; and, as a farmer expects, said (PRODUCT.md).
        console.error("Calendar delete failed", error);
        setIsAsking(false);
        showNotification(NotificationType.error, calendarsTexts.deleteFailed);
      },
    });
  }

  return (
    <>
      <button type="button" className="button button--delete" onClick={() => setIsAsking(true)}>
        Delete
        <span className="visually-hidden"> {title}</span>
      </button>
      {isAsking && (
        <LocalDialog title="Delete calendar" onClose={() => setIsAsking(false)}>
          <div className="stack">
            <p>{calendarMessages.deleteConfirm}</p>
            <p className="calendar-dialog__detail">{title}</p>
            <div className="button-row">
              <button
                type="button"
                className="button button--delete button--delete-confirm"
                disabled={deletion.isPending}
                onClick={confirmDelete}
              >
                {deletion.isPending ? "Deleting…" : "Delete"}
              </button>
              <button
                type="button"
                className="button button--secondary"
                onClick={() => setIsAsking(false)}
              >
                Cancel
              </button>
            </div>
          </div>
        </LocalDialog>
      )}
    </>
  );
}

/**
 * PRODUCT.md decision 14: new feed links when the old ones went too far (a shared phone, a
 * forwarded e-mail). Asked first, since every calendar app subscribed with the old link stops
 * updating.
 */
export function RegenerateFeedButton({ calendar }: { calendar: Pick<CalendarSummary, "id"> }) {
  const [isAsking, setIsAsking] = useState(false);
  const regeneration = useRegenerateFeed();

  function confirmRegenerate() {
    regeneration.mutate(calendar.id, {
      onSuccess: ({ message }) => {
        setIsAsking(false);
        showNotification(NotificationType.success, message);
      },
      onError: (error) => {
        console.error("Feed link regeneration failed", error);
        setIsAsking(false);
        showNotification(NotificationType.error, calendarsTexts.regenerateFailed);
      },
    });
  }

  return (
    <>
      <button type="button" className="button button--quiet" onClick={() => setIsAsking(true)}>
        Regenerate link
      </button>
      {isAsking && (
        <LocalDialog title="Regenerate link" onClose={() => setIsAsking(false)}>
          <div className="stack">
            <p>
              New links stop the old ones working. Calendar apps that use the old link stop
              updating: subscribe again with a new link.
            </p>
            <div className="button-row">
              <button
                type="button"
                className="button button--primary"
                disabled={regeneration.isPending}
                onClick={confirmRegenerate}
              >
                {regeneration.isPending ? "Making new links…" : "Make new links"}
              </button>
              <button
                type="button"
                className="button button--secondary"
                onClick={() => setIsAsking(false)}
              >
                Cancel
              </button>
            </div>
          </div>
        </LocalDialog>
      )}
    </>
  );
}
