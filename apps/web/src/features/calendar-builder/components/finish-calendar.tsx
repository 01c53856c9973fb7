import {
  accountMessages,
  calendarMessages,
  type CalendarContact,
  type CalendarSummary,
  type ReferenceLists,
} from "@vaxcal/contracts";
import type { Calendar } from "@vaxcal/schedule";
import { useEffect, useRef, useState } from "react";
import { AlertBox } from "../../../components/ui/form-fields.tsx";
import { ApiError } from "../../../lib/api-client.ts";
import { readIsAuthenticated, useAuthStore } from "../../../stores/auth.ts";
import { ModalName, openModal, useModalStore } from "../../../stores/modals.ts";
import { NotificationType, showNotification } from "../../../stores/notifications.ts";
import { useSubmitCalendar } from "../api/submit-calendar.ts";
import { buildSubmitData, type ProtocolStamps } from "../lib/submit-payload.ts";
import { LocalDialog } from "../../../components/ui/dialog.tsx";
import { offerRegistrationPrefill } from "../../../stores/registration-prefill.ts";
import { describeCalendarFarm } from "../lib/calendar-farm.ts";
import { ConfirmDetailsDialog } from "./confirm-details-dialog.tsx";
import "./calendar-finish.css";

/**
 * docs/product.md §9: the view scrolls to the bottom 1 s after submit, where the button tells
 * progress.
 */
export const submitScrollDelayMs = 1000;

export const finishLabels = {
  create: "Finish calendar",
  /** docs/product.md §4, word for word. */
  submitting: "Generating your calendar...",
  /** docs/product.md §4, word for word. */
  retry: "Retry",
} as const;

/**
 * `choosingAccount`: a visitor pressed Finish and is asked to register (first) or log in.
 * `awaitingLogin`: the register or login modal is open; once they have registered or logged in,
 * the confirm popup opens on the same draft (docs/product.md §4 'Finish click').
 */
type FinishIntent = "none" | "choosingAccount" | "awaitingLogin" | "confirming";

type FinishCalendarProps = {
  calendar: Calendar;
  reference: ReferenceLists;
  seasonId: number;
  /** Decision 405: the columns' protocol stamps from the draft, sent back with the save. */
  protocolStamps?: ProtocolStamps;
  onFinished: (calendar: CalendarSummary) => void;
};

/**
 * docs/product.md §2 step 2's bottom button and §4 'Submission': idle, submitting, error, done. A
 * new calendar's only: a saved calendar's edits save themselves (decision 424).
 */
export function FinishCalendar({
  calendar,
  reference,
  seasonId,
  protocolStamps,
  onFinished,
}: FinishCalendarProps) {
  const submission = useSubmitCalendar();
  const isAuthenticated = useAuthStore((state) => state.isAuthenticated);
  const isModalOpen = useModalStore((state) => state.openModalName !== null);
  const [intent, setIntent] = useState<FinishIntent>("none");
  const [blockedNote, setBlockedNote] = useState<string | null>(null);
  const scrollTimer = useRef<ReturnType<typeof setTimeout>>(undefined);
  // Retry sends what the farmer last confirmed, without asking again.
  const confirmedContact = useRef<CalendarContact | null>(null);

  // A visitor who closes the login modal without logging in has given up finishing for now.
  useEffect(
    () =>
      useModalStore.subscribe((state) => {
        if (state.openModalName === null && !readIsAuthenticated()) {
          setIntent((current) => (current === "awaitingLogin" ? "none" : current));
        }
      }),
    [],
  );
  useEffect(() => () => clearTimeout(scrollTimer.current), []);

  // The popup opens once the login modal has gone, so it is not behind the inert page.
  const isConfirming =
    intent === "confirming" || (intent === "awaitingLogin" && isAuthenticated && !isModalOpen);

  function askToLogIn() {
    setIntent("awaitingLogin");
    openModal(ModalName.login);
  }

  /**
   * docs/decisions/202 'a shorter save': a visitor is offered Register first, Login second, and the
   * registration wizard starts with the farm this calendar is for.
   */
  function askForAccount() {
    offerRegistrationPrefill(describeCalendarFarm(calendar, reference));
    setIntent("choosingAccount");
  }

  function openAccountModal(name: typeof ModalName.register | typeof ModalName.login) {
    setIntent("awaitingLogin");
    openModal(name);
  }

  function handleFinishClick() {
    const data = buildSubmitData(calendar, reference, seasonId, protocolStamps);
    if (!data.ok) {
      // docs/product.md §5: submit is blocked without diseases.
      setBlockedNote(data.error.message);
      return;
    }
    setBlockedNote(null);
    if (!isAuthenticated) {
      askForAccount();
      return;
    }
    // Retry sends the same calendar again; the details were confirmed the first time.
    const contact = confirmedContact.current;
    if (submission.isError && !isUnauthorised(submission.error) && contact !== null) {
      submit(contact);
    } else {
      setIntent("confirming");
    }
  }

  function submit(contact: CalendarContact) {
    const data = buildSubmitData(calendar, reference, seasonId, protocolStamps);
    if (!data.ok) return;
    confirmedContact.current = contact;
    submission.mutate(
      { calendarId: null, contact, data: data.value },
      {
        onSuccess: (answer) => {
          showNotification(NotificationType.success, calendarMessages.submitSucceeded);
          onFinished(answer.calendar);
        },
        onError: (error) => {
          // An expired session: log in again, then the popup opens on the same draft.
          if (isUnauthorised(error)) askToLogIn();
        },
      },
    );
    clearTimeout(scrollTimer.current);
    scrollTimer.current = setTimeout(scrollToBottom, submitScrollDelayMs);
  }

  const label = submission.isPending
    ? finishLabels.submitting
    : submission.isError
      ? finishLabels.retry
      : finishLabels.create;

  return (
    <div className="review-finish">
      <AlertBox messages={submission.isError ? describeSubmitFailure(submission.error) : []} />
      <button
        type="button"
        className="button button--primary button--large"
        onClick={handleFinishClick}
        disabled={submission.isPending}
        aria-describedby={blockedNote ? "finish-note" : undefined}
      >
        {submission.isPending && <span className="review-finish__spinner" aria-hidden="true" />}
        {label}
      </button>
      {blockedNote && (
        <p id="finish-note" className="review-finish__note" role="status">
          {blockedNote}
        </p>
      )}
      {/* Announced while the button itself is disabled and cannot be focused. */}
      <p className="visually-hidden" role="status">
        {submission.isPending ? finishLabels.submitting : ""}
      </p>
      {intent === "choosingAccount" && (
        <LocalDialog title="Save your calendar" onClose={() => setIntent("none")}>
          <div className="save-choice">
            <p>
              Register to save your calendar, download it as a PDF and get free reminders. We fill
              in your farm from this calendar. Already registered? Login.
            </p>
            <div className="button-row">
              <button
                type="button"
                className="button button--primary"
                onClick={() => openAccountModal(ModalName.register)}
              >
                Register
              </button>
              <button
                type="button"
                className="button button--secondary"
                onClick={() => openAccountModal(ModalName.login)}
              >
                Login
              </button>
            </div>
          </div>
        </LocalDialog>
      )}
      {isConfirming && (
        <ConfirmDetailsDialog
          submitLabel={finishLabels.create}
          onCancel={() => setIntent("none")}
          onConfirm={(contact) => {
            setIntent("none");
            submit(contact);
          }}
        />
      )}
    </div>
  );
}

function isUnauthorised(error: unknown): boolean {
  return error instanceof ApiError && error.status === 401;
}

/** docs/product.md §8's text, and what the server said was wrong when it named it. */
function describeSubmitFailure(error: unknown): string[] {
  if (isUnauthorised(error))
    return [calendarMessages.submitFailed, accountMessages.unauthenticated];
  const details =
    error instanceof ApiError && error.status === 400
      ? error.issues.map((issue) => issue.message)
      : [];
  return [calendarMessages.submitFailed, ...new Set(details)];
}

function scrollToBottom(): void {
  const isReducedMotion = window.matchMedia?.("(prefers-reduced-motion: reduce)").matches ?? false;
  window.scrollTo({
    top: document.documentElement.scrollHeight,
    behavior: isReducedMotion ? "auto" : "smooth",
  });
}
