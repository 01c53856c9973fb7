import { useQuery } from "@tanstack/react-query";
import { protocolUpdateMessages, type ProtocolChange } from "@vaxcal/contracts";
import { useId, useState } from "react";
import { LocalDialog } from "../../../components/ui/dialog.tsx";
import { ApiError } from "../../../lib/api-client.ts";
import { describeApiError } from "../../../lib/api-errors.ts";
import { useApplyProtocolUpdate } from "../api/apply-protocol-update.ts";
import { protocolUpdateQueryOptions } from "../api/get-protocol-update.ts";
import {
  declineProtocolUpdate,
  isProtocolUpdateDeclined,
} from "../lib/declined-protocol-updates.ts";
import { describeProtocolChange, protocolChangeLabels } from "../lib/describe-protocol-change.ts";
import "./protocol-update-notice.css";

/**
 * Decision 405 on a saved calendar: when the vaccine schedule behind it changed since it was
 * saved, a notice says so, and 'Update my calendar' shows the difference first (shots moved,
 * new, taken off, and those that stay), then applies it on confirm. Nothing shows while the
 * calendar follows the current schedule.
 */
export function ProtocolUpdateNotice({
  calendarId,
  isInitiallyOpen = false,
}: {
  calendarId: number;
  /** Opened from My Calendars' 'Update my calendar': the difference shows at once. */
  isInitiallyOpen?: boolean;
}) {
  const preview = useQuery(protocolUpdateQueryOptions(calendarId));
  const [isOpen, setIsOpen] = useState(isInitiallyOpen);
  // Opened from My Calendars' link, the farmer asked to see it: an earlier 'Keep it as it is' on
  // this device does not hide it, until they keep it again.
  const [isAskedFor, setIsAskedFor] = useState(isInitiallyOpen);
  // Bumped on 'Keep it as it is', so the notice reads the stored answer again and goes.
  const [, setDeclinedCount] = useState(0);
  const titleId = useId();

  if (preview.isPending) return null;
  if (preview.isError) {
    return (
      <div className="protocol-notice protocol-notice--error" role="alert">
        <p>{protocolUpdateMessages.loadFailed}</p>
        <button
          type="button"
          className="button button--secondary"
          onClick={() => void preview.refetch()}
        >
          Try again
        </button>
      </div>
    );
  }
  const { changes, token } = preview.data;
  if (changes.length === 0 || token === null) return null;
  if (!isAskedFor && isProtocolUpdateDeclined(calendarId, changes)) return null;

  return (
    <section className="protocol-notice" aria-labelledby={titleId}>
      <h2 id={titleId} className="protocol-notice__title">
        <span aria-hidden="true">⚠ </span>
        {protocolUpdateMessages.noticeTitle}
      </h2>
      <p>{protocolUpdateMessages.noticeBody}</p>
      <button type="button" className="button button--primary" onClick={() => setIsOpen(true)}>
        {protocolUpdateMessages.updateButton}
      </button>
      {isOpen && (
        <ProtocolUpdateDialog
          calendarId={calendarId}
          changes={changes}
          token={token}
          onClose={() => setIsOpen(false)}
          onKeep={() => {
            declineProtocolUpdate(calendarId, changes);
            setIsOpen(false);
            setIsAskedFor(false);
            setDeclinedCount((count) => count + 1);
          }}
        />
      )}
    </section>
  );
}

function ChangeList({ changes }: { changes: readonly ProtocolChange[] }) {
  return (
    <ul className="protocol-changes">
      {changes.map((change) => (
        <li key={change.shotId} className="protocol-changes__item" data-kind={change.kind}>
          <span className="protocol-changes__badge">{protocolChangeLabels[change.kind]}</span>{" "}
          <strong>
            {change.name} ({change.diseaseName})
          </strong>
          : {describeProtocolChange(change)}
        </li>
      ))}
    </ul>
  );
}

function ProtocolUpdateDialog({
  calendarId,
  changes,
  token,
  onClose,
  onKeep,
}: {
  calendarId: number;
  changes: readonly ProtocolChange[];
  token: string;
  onClose: () => void;
  onKeep: () => void;
}) {
  const apply = useApplyProtocolUpdate(calendarId);
  const updates = changes.filter((change) => change.kind !== "kept");
  const kept = changes.filter((change) => change.kind === "kept");
  // A 409 means the difference moved on: the preview is read again and shows here, with the
  // message; until it has come, the old difference cannot be applied.
  const [staleToken, setStaleToken] = useState<string | null>(null);

  return (
    <LocalDialog title={protocolUpdateMessages.previewTitle} onClose={onClose}>
      {updates.length > 0 && (
        <>
          <p>{protocolUpdateMessages.previewIntro}</p>
          <ChangeList changes={updates} />
        </>
      )}
      {kept.length > 0 && (
        <>
          <p>{protocolUpdateMessages.keptIntro}</p>
          <ChangeList changes={kept} />
        </>
      )}
      <p className="protocol-notice__aside">
        Changes you have not saved on this page are replaced by the updated calendar.
      </p>
      {apply.isError && (
        <p className="form-alert" role="alert">
          {describeApiError(apply.error, protocolUpdateMessages.applyFailed)}
        </p>
      )}
      <div className="button-row">
        <button
          type="button"
          className="button button--primary"
          disabled={apply.isPending || staleToken === token}
          onClick={() =>
            apply.mutate(token, {
              onSuccess: onClose,
              onError: (error) => {
                if (error instanceof ApiError && error.status === 409) setStaleToken(token);
              },
            })
          }
        >
          {apply.isPending ? "Updating…" : protocolUpdateMessages.confirmButton}
        </button>
        <button type="button" className="button button--secondary" onClick={onKeep}>
          {protocolUpdateMessages.cancelButton}
        </button>
      </div>
    </LocalDialog>
  );
}
