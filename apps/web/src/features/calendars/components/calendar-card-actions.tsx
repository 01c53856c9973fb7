import { calendarMessages, type CalendarSummary } from "@vaxcal/contracts";
import { useState, type ReactNode } from "react";
import { NotificationType, showNotification } from "../../../stores/notifications.ts";
import { useDeleteCalendar } from "../api/delete-calendar.ts";
import { useRegenerateFeed } from "../api/regenerate-feed.ts";
import { calendarsTexts } from "../calendars-messages.ts";
import { LocalDialog } from "../../../components/ui/dialog.tsx";

/**
 * docs/product.md §2: 'Are you sure you want to delete this calendar?', then it leaves the list.
 */
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
        // docs/product.md §8: logged, and also said, as a farmer expects.
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
        <ConfirmDialog
          title="Delete calendar"
          confirmLabel="Delete"
          pendingLabel="Deleting…"
          confirmClassName="button button--delete button--delete-confirm"
          isPending={deletion.isPending}
          onConfirm={confirmDelete}
          onCancel={() => setIsAsking(false)}
        >
          <p>{calendarMessages.deleteConfirm}</p>
          <p className="calendar-dialog__detail">{title}</p>
        </ConfirmDialog>
      )}
    </>
  );
}

/**
 * docs/product.md D14: new feed links when the old ones went too far (a shared phone, a
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
        <ConfirmDialog
          title="Regenerate link"
          confirmLabel="Make new links"
          pendingLabel="Making new links…"
          confirmClassName="button button--primary"
          isPending={regeneration.isPending}
          onConfirm={confirmRegenerate}
          onCancel={() => setIsAsking(false)}
        >
          <p>
            New links stop the old ones working. Calendar apps that use the old link stop updating:
            subscribe again with a new link.
          </p>
        </ConfirmDialog>
      )}
    </>
  );
}

/** A question about one calendar: the confirm button says it is working while the request runs. */
function ConfirmDialog({
  title,
  confirmLabel,
  pendingLabel,
  confirmClassName,
  isPending,
  onConfirm,
  onCancel,
  children,
}: {
  title: string;
  confirmLabel: string;
  pendingLabel: string;
  confirmClassName: string;
  isPending: boolean;
  onConfirm: () => void;
  onCancel: () => void;
  children: ReactNode;
}) {
  return (
    <LocalDialog title={title} onClose={onCancel}>
      <div className="stack">
        {children}
        <div className="button-row">
          <button
            type="button"
            className={confirmClassName}
            disabled={isPending}
            onClick={onConfirm}
          >
            {isPending ? pendingLabel : confirmLabel}
          </button>
          <button type="button" className="button button--secondary" onClick={onCancel}>
            Cancel
          </button>
        </div>
      </div>
    </LocalDialog>
  );
}
