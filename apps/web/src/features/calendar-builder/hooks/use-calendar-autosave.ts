import {
  accountMessages,
  calendarMessages,
  type CalendarContact,
  type ReferenceLists,
  type SavedCalendarContact,
  type ScopedDisease,
  type SubmitCalendarRequest,
} from "@vaxcal/contracts";
import type { Calendar } from "@vaxcal/schedule";
import { useCallback, useEffect, useMemo, useRef, useState } from "react";
import { ApiError } from "../../../lib/api-client.ts";
import { useCurrentUser } from "../../../lib/current-user.ts";
import { submitCalendar } from "../api/submit-calendar.ts";
import { needsTermsAgreement } from "../lib/contact-details.ts";
import { buildSubmitData } from "../lib/submit-payload.ts";
import {
  markSavedDraftSaved,
  readProtocolStamps,
  readSavedDraftVersion,
  replaceSavedDraftDiseases,
  setSavedDraftUnsaved,
  type CalendarDraft,
} from "../stores/calendar-draft-store.ts";
import { setCalendarFormField } from "../stores/calendar-form-store.ts";

/** How long after the last edit the save goes: a few quick taps make one save. */
export const autosaveDelayMs = 400;
/** While offline, how often the save is tried again besides the browser's 'online' event. */
export const offlineRetryMs = 10_000;
/** How many edits 'Undo' can take back. */
const undoDepth = 20;

/**
 * Decision 424, a saved calendar's edits saving themselves:
 * - `unchanged`: nothing edited since the calendar was opened;
 * - `saving`: an edit is on its way (or waits its short delay);
 * - `saved`: the server has every edit;
 * - `offline`: no signal; the edit is kept on the phone and sent when the signal is back;
 * - `failed`: the server refused or failed; 'Try again';
 * - `conflict`: saved elsewhere since it was opened (409); nothing was overwritten;
 * - `needsDetails`: the calendar has no confirmed contact details, or the account has not agreed
 *   to the current terms (docs/product.md D18): asked once, then saving goes on by itself;
 * - `blocked`: the calendar as it is cannot be saved (no disease left).
 */
export type AutosaveStatus =
  "unchanged" | "saving" | "saved" | "offline" | "failed" | "conflict" | "needsDetails" | "blocked";

type SubmitContact = NonNullable<SubmitCalendarRequest["contact"]>;

/** The details confirmed at the calendar's last save, as a save sends them again. */
function toSubmitContact(saved: SavedCalendarContact): SubmitContact {
  return {
    name: saved.name,
    surname: saved.surname,
    phone_number: saved.phone_number ?? "",
    vet_email_address: saved.vet_email_address ?? "",
    email: saved.email ?? "",
  };
}

function isContactIssue(error: ApiError): boolean {
  return (
    error.status === 400 && error.issues.some((issue) => issue.path.startsWith("body.contact"))
  );
}

function withoutTermsAgreement(contact: SubmitContact): SubmitContact {
  const { agree_to_terms: _agreed, ...details } = contact;
  return details;
}

type Snapshot = { key: string; diseases: readonly ScopedDisease[] };

export type AutosaveInput = {
  calendar: Calendar;
  draft: CalendarDraft;
  reference: ReferenceLists;
  seasonId: number;
  calendarId: number;
  savedContact: SavedCalendarContact | null;
  /**
   * Decision 425: a vet of the linked practice is editing a client's calendar. The save sends no
   * contact details and asks for no terms: the server keeps the farmer's.
   */
  isVetEdit?: boolean;
};

/**
 * Decision 424: every edit of a saved calendar (move, add, delete, add or remove a disease) goes
 * to the server by itself, with the version it was made on, and the calendar's last confirmed
 * contact details; 'Undo' takes the last edit back and saves again. The draft keeps an edit that
 * could not go yet, so a reload sends it.
 */
export function useCalendarAutosave({
  calendar,
  draft,
  reference,
  seasonId,
  calendarId,
  savedContact,
  isVetEdit = false,
}: AutosaveInput) {
  const data = useMemo(
    () => buildSubmitData(calendar, reference, seasonId, readProtocolStamps(draft)),
    [calendar, draft, reference, seasonId],
  );
  const key = data.ok ? JSON.stringify(data.value) : `blocked:${data.error.message}`;
  const hasPendingEdits = draft.hasUnsavedEdits === true;
  const [status, setStatus] = useState<AutosaveStatus>(hasPendingEdits ? "saving" : "unchanged");
  const [failure, setFailure] = useState<string[]>([]);
  const [undoCount, setUndoCount] = useState(0);

  // What the server has: unknown at an opening with an edit left unsaved, so it goes at once.
  const savedKey = useRef<string | null>(hasPendingEdits ? null : key);
  const latest = useRef({ key, data });
  const isSending = useRef(false);
  const timer = useRef<ReturnType<typeof setTimeout>>(undefined);
  const contact = useRef<SubmitContact | null>(
    savedContact === null ? null : toSubmitContact(savedContact),
  );
  const history = useRef<Snapshot[]>([]);
  const lastSeen = useRef<Snapshot>({ key, diseases: draft.diseases });
  const isUndoing = useRef(false);
  // docs/product.md D18: an account that has not agreed to the current terms is asked before
  // the first save, not refused by the server; once agreed here, it is not asked again.
  const profile = useCurrentUser().data;
  const mustAgreeToTerms = useRef(false);
  useEffect(() => {
    mustAgreeToTerms.current = profile !== undefined && needsTermsAgreement(profile);
  }, [profile]);

  /** One save of what is on screen: the status it leaves, or "again" when an edit came meanwhile. */
  const sendOnce = useCallback(async (): Promise<AutosaveStatus | "again" | null> => {
    const { key: sending, data: payload } = latest.current;
    if (sending === savedKey.current) {
      setSavedDraftUnsaved(false);
      setStatus((current) => (current === "unchanged" ? current : "saved"));
      return null;
    }
    if (!payload.ok) return "blocked";
    // Decision 425: a vet's save carries no details and is never asked for them or for terms.
    const confirmed = isVetEdit ? undefined : contact.current;
    if (confirmed === null) return "needsDetails";
    if (mustAgreeToTerms.current && confirmed !== undefined && confirmed.agree_to_terms !== true) {
      return "needsDetails";
    }
    if (!navigator.onLine) return "offline";
    isSending.current = true;
    setStatus("saving");
    try {
      const answer = await submitCalendar({
        calendarId,
        contact: confirmed,
        data: payload.value,
        updatedAt: readSavedDraftVersion(),
      });
      savedKey.current = sending;
      // The terms were agreed with this save; the next ones need not say it again.
      if (confirmed !== undefined) {
        if (confirmed.agree_to_terms === true) mustAgreeToTerms.current = false;
        contact.current = withoutTermsAgreement(confirmed);
      }
      const hasNewerEdit = latest.current.key !== sending;
      markSavedDraftSaved(answer.calendar.updated_at, hasNewerEdit);
      return hasNewerEdit ? "again" : "saved";
    } catch (error) {
      if (!(error instanceof ApiError) || !navigator.onLine) return "offline";
      if (error.status === 409) return "conflict";
      if (!isVetEdit && isContactIssue(error)) return "needsDetails";
      setFailure(
        error.status === 401
          ? [accountMessages.unauthenticated]
          : error.status === 400
            ? [...new Set(error.issues.map((issue) => issue.message))]
            : [],
      );
      return "failed";
    } finally {
      isSending.current = false;
    }
  }, [calendarId, isVetEdit]);

  /** Sends what is on screen; one save at a time, and an edit made meanwhile goes right after. */
  const send = useCallback(async (): Promise<void> => {
    clearTimeout(timer.current);
    if (isSending.current) return;
    let next = await sendOnce();
    while (next === "again") next = await sendOnce();
    if (next !== null) setStatus(next);
  }, [sendOnce]);

  // Every edit: remembered for 'Undo', kept as unsaved in the draft, and sent after a moment.
  useEffect(() => {
    latest.current = { key, data };
    if (lastSeen.current.key !== key) {
      if (!isUndoing.current) {
        history.current = [...history.current, lastSeen.current].slice(-undoDepth);
        setUndoCount(history.current.length);
      }
      isUndoing.current = false;
      lastSeen.current = { key, diseases: draft.diseases };
    }
    if (key === savedKey.current && !isSending.current) {
      setSavedDraftUnsaved(false);
      return;
    }
    setSavedDraftUnsaved(true);
    setStatus("saving");
    clearTimeout(timer.current);
    timer.current = setTimeout(() => void send(), autosaveDelayMs);
  }, [key, data, draft.diseases, send]);

  useEffect(() => () => clearTimeout(timer.current), []);

  // Back online: the waiting edit goes at once; a signal that never says so is tried now and then.
  useEffect(() => {
    const retry = () => void send();
    window.addEventListener("online", retry);
    return () => window.removeEventListener("online", retry);
  }, [send]);
  useEffect(() => {
    if (status !== "offline") return;
    const interval = setInterval(() => void send(), offlineRetryMs);
    return () => clearInterval(interval);
  }, [status, send]);

  // Leaving with an edit the server has not got asks first (the draft keeps it all the same).
  const hasUnsaved = status !== "unchanged" && status !== "saved";
  useEffect(() => {
    if (!hasUnsaved) return;
    const warn = (event: BeforeUnloadEvent) => event.preventDefault();
    window.addEventListener("beforeunload", warn);
    return () => window.removeEventListener("beforeunload", warn);
  }, [hasUnsaved]);

  function undo() {
    const previous = history.current.pop();
    setUndoCount(history.current.length);
    if (previous === undefined) return;
    isUndoing.current = true;
    replaceSavedDraftDiseases(previous.diseases);
    setCalendarFormField(
      "diseases",
      previous.diseases.map((disease) => disease.id),
    );
  }

  /** The details (and the terms) confirmed in the popup, for this save and the next ones. */
  function confirmDetails(details: CalendarContact) {
    contact.current = details;
    void send();
  }

  return {
    status,
    failure,
    blockedMessage: data.ok ? null : data.error.message,
    canUndo: undoCount > 0,
    undo,
    retry: () => void send(),
    confirmDetails,
    savedElsewhereMessage: calendarMessages.savedElsewhere,
  };
}

export type CalendarAutosave = ReturnType<typeof useCalendarAutosave>;
