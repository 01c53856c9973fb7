import { useQuery, useQueryClient } from "@tanstack/react-query";
import {
  calendarBuilderMessages,
  type CalendarForm,
  type HerdStatus,
  type ScopedDisease,
} from "@vaxcal/contracts";
import {
  addShot,
  checkMaxShots,
  checkProtocol,
  deleteShot,
  dropPastShots,
  findShot,
  formatLongDate,
  hasPastShots,
  removeDisease,
  updateShotDate,
  type Calendar,
  type CalendarSetup,
  type IsoDate,
  type ProtocolWarning,
  type Shot,
} from "@vaxcal/schedule";
import { useEffect, useMemo, useRef, useState } from "react";
import { useNavigateToError } from "../../../lib/error-route.ts";
import { scopedDiseasesQueryOptions } from "../api/get-scoped-diseases.ts";
import { readToday } from "../lib/calendar-dates.ts";
import { describeSetupKey } from "../lib/calendar-setup.ts";
import { listPastShots } from "../lib/past-shots.ts";
import {
  PopupSlug,
  describeRulePopup,
  describeWarningDetails,
  type PopupParameters,
} from "../lib/protocol-warnings.ts";
import {
  addDraftDiseases,
  addDraftDiseasesAnswered,
  alignDraftDiseases,
  isDraftFor,
  markPastShotsReviewed,
  pickDraftSlot,
  restoreDraftCalendar,
  saveDraftCalendar,
  startCalendarDraft,
  useCalendarDraftStore,
} from "../stores/calendar-draft-store.ts";
import { setCalendarFormField } from "../stores/calendar-form-store.ts";

export type PresetRequest = {
  kind: "preset";
  slug: string;
  parameters: PopupParameters;
  disease: ScopedDisease | null;
  fallback: { title: string; body: string; details?: string };
  onConfirm: () => void;
  onCancel: () => void;
  /** Which button is the main one (the safe choice); confirm unless said. */
  primary?: "confirm" | "cancel";
};

/** The one popup step 2 shows at a time, besides the past-shots question. */
export type ReviewPopup =
  | { kind: "shot"; shotId: string }
  | { kind: "addShot"; diseaseId: number; year: number }
  | { kind: "addDiseases" }
  | PresetRequest
  | null;

type CalendarReviewInput = {
  form: CalendarForm;
  setup: CalendarSetup;
  setupKey: string;
  combinationId: number;
  /** docs/product.md §4 page mode: null for a new calendar, else the saved one being edited. */
  calendarId?: number | null;
};

function describeWarningKey(warning: ProtocolWarning): string {
  return `${warning.rule}|${warning.shotIds.join(",")}`;
}

/**
 * Step 2's state: the kept draft (or the scoped diseases that start one), the calendar and its
 * protocol warnings, and the popup machine that every edit goes through. The page only draws it.
 */
export function useCalendarReview({
  form,
  setup,
  setupKey,
  combinationId,
  calendarId = null,
}: CalendarReviewInput) {
  const navigateToError = useNavigateToError();
  const queryClient = useQueryClient();
  const [today] = useState(readToday);
  // A new calendar and a saved one each have their own draft (decision 405's follow-up): a new
  // calendar with the same setup as a saved one opened before starts afresh.
  const slot = pickDraftSlot(calendarId);
  const draft = useCalendarDraftStore((state) => state[slot].draft);
  const available = useCalendarDraftStore((state) => state[slot].available);
  const hasDraft = isDraftFor({ draft, available }, setupKey, calendarId);
  // A reload with the same setup shows the kept draft at once, without waiting for the network.
  const scoped = useQuery({
    ...scopedDiseasesQueryOptions({ combinationId, setup }),
    enabled: !hasDraft,
  });
  const [popup, setPopup] = useState<ReviewPopup>(null);
  const [hasDismissedPastShots, setHasDismissedPastShots] = useState(false);
  const hasAlignedDiseases = useRef(false);
  const formDiseaseIds = form.diseases;

  useEffect(() => {
    if (!hasDraft && scoped.data) startCalendarDraft(slot, setupKey, scoped.data, formDiseaseIds);
  }, [hasDraft, scoped.data, slot, setupKey, formDiseaseIds]);

  useEffect(() => {
    // Diseases ticked or unticked in step 1 since the draft was made join or leave it once, on
    // arrival; after that the page itself keeps the form and the calendar in step.
    if (hasDraft && !hasAlignedDiseases.current) {
      hasAlignedDiseases.current = true;
      alignDraftDiseases(slot, formDiseaseIds);
    }
  }, [hasDraft, slot, formDiseaseIds]);

  useEffect(() => {
    if (scoped.isError) navigateToError(calendarBuilderMessages.scopedDiseasesFailed);
  }, [scoped.isError, navigateToError]);

  const calendar = useMemo(
    () => (hasDraft && draft ? restoreDraftCalendar(draft, setup, today) : null),
    // The setup is described by its key; the object itself is rebuilt on every render.
    // eslint-disable-next-line react-hooks/exhaustive-deps
    [hasDraft, draft, setupKey, today],
  );
  const protocolWarnings = useMemo(() => (calendar ? checkProtocol(calendar) : []), [calendar]);
  const warningsByShot = useMemo(() => {
    const byShot = new Map<string, ProtocolWarning[]>();
    for (const warning of protocolWarnings) {
      for (const shotId of warning.shotIds)
        byShot.set(shotId, [...(byShot.get(shotId) ?? []), warning]);
    }
    return byShot;
  }, [protocolWarnings]);

  const columns = draft?.diseases ?? [];
  const findDisease = (diseaseId: number) =>
    columns.find((disease) => disease.id === diseaseId) ?? null;
  const openPreset = (request: Omit<PresetRequest, "kind">) =>
    setPopup({ kind: "preset", ...request });
  const closePopup = () => setPopup(null);

  // docs/product.md §4: on load, shots dated before today need the farmer's say, in the builder
  // only. A saved calendar shows its past shots as past and never asks. A calendar without any is
  // marked as reviewed at once, so a past date the farmer picks later does not ask again.
  const isSavedCalendar = draft?.savedCalendar !== undefined;
  const isAskingAboutPastShots =
    calendar !== null &&
    draft !== null &&
    !isSavedCalendar &&
    !draft.hasReviewedPastShots &&
    !hasDismissedPastShots &&
    hasPastShots(calendar);
  const pastShots = useMemo(
    () => (isAskingAboutPastShots && calendar !== null ? listPastShots(calendar) : []),
    [isAskingAboutPastShots, calendar],
  );
  useEffect(() => {
    if (calendar !== null && draft?.hasReviewedPastShots === false && !hasPastShots(calendar)) {
      markPastShotsReviewed(slot);
    }
  }, [calendar, slot, draft?.hasReviewedPastShots]);

  /** Keeps an edit; if it brings a new protocol warning for the shot, says so at once. */
  function commitEdit(next: Calendar, shotId: string | null) {
    saveDraftCalendar(slot, next);
    const before = new Set(protocolWarnings.map(describeWarningKey));
    const fresh =
      shotId === null
        ? undefined
        : checkProtocol(next).find(
            (warning) =>
              warning.shotIds.includes(shotId) && !before.has(describeWarningKey(warning)),
          );
    if (fresh === undefined || shotId === null) {
      setPopup(null);
      return;
    }
    openRulePopup(fresh, shotId, next);
  }

  function openRulePopup(warning: ProtocolWarning, shotId: string, onCalendar: Calendar) {
    const rule = describeRulePopup(warning, shotId, onCalendar);
    const shot = findShot(onCalendar, shotId);
    openPreset({
      slug: rule.slug ?? "",
      parameters: rule.parameters,
      disease: shot ? findDisease(shot.diseaseId) : null,
      fallback: { title: rule.title, body: rule.message, details: describeWarningDetails(warning) },
      onConfirm: closePopup,
      onCancel: () => setPopup({ kind: "shot", shotId }),
      // docs/product.md D20: changing the date is the safe choice, so it is the main button.
      primary: "cancel",
    });
  }

  function requestAddShot(diseaseId: number, year: number) {
    const check = checkMaxShots(calendar as Calendar, diseaseId, year);
    if (!check.isReached) {
      setPopup({ kind: "addShot", diseaseId, year });
      return;
    }
    const disease = findDisease(diseaseId);
    openPreset({
      slug: PopupSlug.maxShotsReached,
      parameters: { vaccine: disease?.vaccine?.name ?? disease?.name ?? "", max: check.max ?? 0 },
      disease,
      fallback: {
        title: "Maximum shots reached",
        body: `This vaccine already has the most shots its protocol allows this year (${check.max ?? 0}).`,
      },
      onConfirm: () => setPopup({ kind: "addShot", diseaseId, year }),
      onCancel: closePopup,
      // Going past the protocol's most shots is the risky choice: 'Cancel' is the main button
      // and 'Add shot' the second (docs/product.md D20: the safe choice is the main button).
      primary: "cancel",
    });
  }

  function requestRemoveDisease(diseaseId: number) {
    const disease = findDisease(diseaseId);
    openPreset({
      slug: PopupSlug.removeDisease,
      parameters: { disease: disease?.name ?? "" },
      disease: null,
      fallback: { title: "Remove disease", body: `Remove ${disease?.name ?? "this disease"}?` },
      onConfirm: () => {
        saveDraftCalendar(slot, removeDisease(calendar as Calendar, diseaseId));
        setCalendarFormField(
          "diseases",
          formDiseaseIds.filter((candidate) => candidate !== diseaseId),
        );
        setPopup(null);
      },
      onCancel: closePopup,
    });
  }

  function requestDeleteShot(shot: Shot) {
    const disease = findDisease(shot.diseaseId);
    openPreset({
      slug: PopupSlug.deleteShot,
      parameters: {
        vaccine: shot.custom_name ?? disease?.vaccine?.name ?? disease?.name ?? "",
        date: shot.date ? formatLongDate(shot.date) : "",
      },
      disease: null,
      fallback: { title: "Delete shot", body: "Are you sure you want to delete this shot?" },
      onConfirm: () => {
        const result = deleteShot(calendar as Calendar, shot.id);
        if (result.ok) commitEdit(result.value, null);
        else setPopup(null);
      },
      onCancel: () => setPopup({ kind: "shot", shotId: shot.id }),
    });
  }

  function moveShot(shot: Shot, date: IsoDate) {
    const result = updateShotDate(calendar as Calendar, shot.id, date);
    if (result.ok) commitEdit(result.value, shot.id);
    else setPopup(null);
  }

  function addShotOn(diseaseId: number, date: IsoDate) {
    const result = addShot(calendar as Calendar, diseaseId, date);
    if (result.ok) {
      commitEdit(result.value, `${diseaseId}-u${(calendar as Calendar).nextUserShotNumber}`);
    } else {
      setPopup(null);
    }
  }

  /**
   * Adds the chosen diseases. Decision 428: one with a first-course answer (the question step 1
   * asks) gets the shots the server computes for that answer, so "No, not yet" lays the course
   * out; on a new calendar the answer is kept with step 1's, as if ticked there. A saved
   * calendar keeps its saved answers (its setup is what the page was opened with).
   */
  async function addDiseases(diseaseIds: number[], answers: Record<string, HerdStatus> = {}) {
    const diseases = [...new Set([...formDiseaseIds, ...diseaseIds])];
    const answered: CalendarSetup = { ...setup, herdStatus: { ...setup.herdStatus, ...answers } };
    const answeredKey = describeSetupKey(combinationId, answered);
    if (answeredKey === setupKey) {
      addDraftDiseases(slot, diseaseIds);
    } else {
      const computed = await queryClient.fetchQuery(
        scopedDiseasesQueryOptions({ combinationId, setup: answered }),
      );
      // The draft and the form change together, so the page's setup key never points between.
      if (calendarId === null) {
        addDraftDiseasesAnswered(slot, diseaseIds, computed, answeredKey);
        setCalendarFormField("herdStatus", { ...form.herdStatus, ...answers });
      } else {
        addDraftDiseasesAnswered(slot, diseaseIds, computed);
      }
    }
    setCalendarFormField("diseases", diseases);
    setPopup(null);
  }

  function dropPastShotsAndContinue() {
    saveDraftCalendar(slot, dropPastShots(calendar as Calendar));
    markPastShotsReviewed(slot);
  }

  return {
    today,
    calendar,
    draft,
    columns,
    availableDiseases: available?.diseases ?? [],
    protocolWarnings,
    warningsByShot,
    findDisease,
    popup,
    isAskingAboutPastShots,
    pastShots,
    openPopup: setPopup,
    closePopup,
    openRulePopup,
    requestAddShot,
    requestRemoveDisease,
    requestDeleteShot,
    moveShot,
    addShotOn,
    addDiseases,
    keepPastShots: () => markPastShotsReviewed(slot),
    dropPastShots: dropPastShotsAndContinue,
    dismissPastShots: () => setHasDismissedPastShots(true),
  };
}

export type CalendarReviewState = ReturnType<typeof useCalendarReview>;
