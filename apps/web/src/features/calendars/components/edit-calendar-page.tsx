import { useQuery, useQueryClient } from "@tanstack/react-query";
import {
  calendarMessages,
  type CalendarDetail,
  type CalendarForm,
  type CalendarSummary,
  type ReferenceLists,
} from "@vaxcal/contracts";
import type { CalendarSetup } from "@vaxcal/schedule";
import { useEffect, useMemo } from "react";
import { useSearchParams } from "react-router";
import { LoadingState } from "../../../components/ui/status-panels.tsx";
import { ApiError } from "../../../lib/api-client.ts";
import { calendarUpdateSearchParam } from "../../../config/paths.ts";
import { useNavigateToError } from "../../../lib/error-route.ts";
import {
  applyCalendarFormFields,
  buildCalendarSetup,
  describeSetupKey,
  findCombination,
  hasKeptSavedDraft,
  resetCalendarDraft,
  restoreSavedCalendarDraft,
  ReviewCalendarPage,
  scopedDiseasesQueryOptions,
  useCalendarDraftStore,
  useCalendarFormStore,
  type GivenShots,
  type ScopedDiseasesRequest,
} from "../../calendar-builder/index.ts";
import { calendarDetailQueryOptions } from "../api/get-calendar-detail.ts";
import { givenShotsQueryOptions } from "../api/list-given-shots.ts";
import { FarmTimelineNotice } from "./farm-timeline-notice.tsx";
import { DownloadCalendarWithMonths } from "./download-calendar-button.tsx";
import { GivenShotDialog } from "./given-shot-dialog.tsx";
import { ProtocolUpdateNotice } from "./protocol-update-notice.tsx";
import { UndoGivenShotButton } from "./undo-given-shot-button.tsx";

/** Stands in while the detail is on its way; the scoped query stays off until it is there. */
const noSavedSetup: ScopedDiseasesRequest = {
  combinationId: 0,
  setup: {
    enterprise: { id: 0 },
    animal: { id: 0, isAdult: false },
    birthDate: null,
    breedingDate: null,
  },
};

type SavedSetup = {
  form: CalendarForm;
  setup: CalendarSetup;
  combinationId: number;
  setupKey: string;
  savedCalendar: { id: number; updatedAt: string };
};

/** The step 1 draft and engine setup a saved calendar stands for; null if it no longer fits. */
function describeSavedSetup(detail: CalendarDetail, reference: ReferenceLists): SavedSetup | null {
  const ids = {
    enterpriseID: detail.setup.enterprise.id,
    animalID: detail.setup.animal.id,
    seasonID: detail.setup.season.id,
  };
  const combination = findCombination(reference.animalEnterpriseSeasonCombinations, ids);
  const animal = reference.animals.find((candidate) => candidate.id === ids.animalID);
  if (combination === null) return null;
  const form: CalendarForm = {
    ...ids,
    id: detail.calendarId,
    birthDate: detail.setup.birthDate,
    birthEndDate: detail.setup.birthEndDate ?? null,
    breedingDate: detail.setup.breedingDate,
    diseases: detail.diseases.map((disease) => disease.id),
    animalEnterpriseSeasonCombination: combination,
    // docs/product.md §3 "Herd status": the answers saved with the calendar.
    herdStatus: detail.setup.herdStatus ?? {},
    // Decision 419: the lungworm answer saved with the calendar, if any.
    ...(detail.setup.lungwormRisk === undefined ? {} : { lungwormRisk: detail.setup.lungwormRisk }),
    youngestBirthDate: detail.setup.youngestBirthDate ?? null,
  };
  const setup = buildCalendarSetup(form, animal);
  if (setup === null) return null;
  return {
    form,
    setup,
    combinationId: combination.id,
    setupKey: describeSetupKey(combination.id, setup),
    savedCalendar: { id: detail.calendarId, updatedAt: detail.updated_at },
  };
}

/**
 * docs/product.md §2 '/calendar/{id}' and §4 'Opening a saved calendar': loads the calendar's
 * details, fills the draft from them (the engine's restoreCalendar runs on it), then shows step 2
 * in edit mode. A failure goes to the error route with 'Failed to load calendar detail'. Each edit
 * saves itself (decision 424). A reload keeps the farmer's edits not yet saved (offline, say) as
 * long as the saved calendar is still at the version they were made on, and sends them.
 */
export function EditCalendarPage({
  reference,
  calendarId,
  onFinished,
}: {
  reference: ReferenceLists;
  calendarId: number;
  onFinished: (calendar: CalendarSummary) => void;
}) {
  const navigateToError = useNavigateToError();
  // My Calendars' 'Update my calendar' opens the page with the difference showing.
  const [searchParams] = useSearchParams();
  const detail = useQuery(calendarDetailQueryOptions(calendarId));
  const queryClient = useQueryClient();
  const saved = useMemo(
    () => (detail.data ? describeSavedSetup(detail.data, reference) : null),
    [detail.data, reference],
  );
  const form = useCalendarFormStore();
  // Read for the re-render: whether the kept draft is this calendar's is asked of the store below.
  useCalendarDraftStore((state) => state.saved.draft);
  const formSetup = buildCalendarSetup(
    form,
    reference.animals.find((candidate) => candidate.id === form.animalID),
  );
  const isRestored =
    saved !== null &&
    form.id === calendarId &&
    formSetup !== null &&
    form.animalEnterpriseSeasonCombination !== null &&
    describeSetupKey(form.animalEnterpriseSeasonCombination.id, formSetup) === saved.setupKey &&
    hasKeptSavedDraft(saved.setupKey, saved.savedCalendar);
  // The animal's diseases for the saved setup: their vaccines, rules and the add-diseases list.
  const scoped = useQuery({
    ...scopedDiseasesQueryOptions(saved ?? noSavedSetup),
    enabled: saved !== null && !isRestored,
  });
  // The shots marked as given (docs/product.md D19), shown on step 2's views once it opens.
  const givenShotRecords = useQuery({ ...givenShotsQueryOptions(calendarId), enabled: isRestored });
  const givenShots: GivenShots = {
    records: givenShotRecords,
    Dialog: GivenShotDialog,
    UndoButton: UndoGivenShotButton,
  };

  const hasFailed =
    detail.isError || scoped.isError || (detail.data !== undefined && saved === null);
  useEffect(() => {
    if (!hasFailed) return;
    // A calendar that is not there, or not this account's: the server says 404 for both.
    if (detail.error instanceof ApiError && detail.error.status === 404) {
      navigateToError(calendarMessages.notFound, { isNotFound: true });
    } else {
      navigateToError(calendarMessages.detailFailed);
    }
  }, [hasFailed, detail.error, navigateToError]);

  useEffect(() => {
    if (isRestored || saved === null || detail.data === undefined || scoped.data === undefined) {
      return;
    }
    applyCalendarFormFields(saved.form, reference.animalEnterpriseSeasonCombinations);
    restoreSavedCalendarDraft({
      setupKey: saved.setupKey,
      available: scoped.data,
      columns: detail.data.diseases,
      savedCalendar: saved.savedCalendar,
      vaccines: reference.vaccines,
    });
  }, [isRestored, saved, detail.data, scoped.data, reference]);

  if (!isRestored) return <LoadingState label="Opening your calendar…" />;
  return (
    <ReviewCalendarPage
      reference={reference}
      calendarId={calendarId}
      savedContact={detail.data?.contact ?? null}
      isVetEdit={detail.data?.owner !== undefined}
      ownerFarmSize={detail.data?.farm_size ?? null}
      notice={
        <>
          <ProtocolUpdateNotice
            calendarId={calendarId}
            isInitiallyOpen={searchParams.get(calendarUpdateSearchParam) === "1"}
          />
          {detail.data?.owner && <EditingForNotice owner={detail.data.owner} />}
          <FarmTimelineNotice warnings={detail.data?.farmTimelineWarnings} />
          {detail.data && (
            <p className="saved-calendar-pdf">
              <DownloadCalendarWithMonths
                calendar={{ id: calendarId, downloadUrl: detail.data.downloadUrl }}
                label="Download PDF"
              />
            </p>
          )}
        </>
      }
      givenShots={givenShots}
      onFinished={onFinished}
      onLoadLatest={() => {
        // Decision 424: saved elsewhere since; this draft goes and the latest version opens.
        resetCalendarDraft("saved");
        void queryClient.resetQueries({
          queryKey: calendarDetailQueryOptions(calendarId).queryKey,
        });
      }}
    />
  );
}

/** Decision 425: a vet of the linked practice sees whose calendar this is. */
function EditingForNotice({ owner }: { owner: NonNullable<CalendarDetail["owner"]> }) {
  const names = [owner.name, owner.farm_name].filter((name) => name !== null && name !== "");
  return <p className="saved-calendar-owner">Editing for {names.join(", ")}</p>;
}
