import type { UseQueryResult } from "@tanstack/react-query";
import {
  describeDosesNeeded,
  givenShotMessages,
  type CalendarForm,
  type GivenShot,
  type ReferenceLists,
} from "@vaxcal/contracts";
import type { Calendar } from "@vaxcal/schedule";
import { useMemo, useState } from "react";
import { ErrorState, LoadingState } from "../../../components/ui/status-panels.tsx";
import { useCurrentUser } from "../../../lib/current-user.ts";
import type { CalendarReviewState } from "../hooks/use-calendar-review.ts";
import { listDueNext, type DueNextItem } from "../lib/due-next.ts";
import { describeShotName } from "../lib/past-shots.ts";
import { DueNextList } from "./due-next-list.tsx";
import { GivenShotDialog } from "./given-shot-dialog.tsx";
import "./due-next.css";

/**
 * The 'Due next' view of step 2 and of a saved calendar: the list, with the doses from the
 * farmer's herd or flock size, and on a saved calendar the shots marked as given and the dialog
 * that marks them.
 */
export function DueNext({
  calendar,
  review,
  reference,
  form,
  calendarId,
  givenShots,
}: {
  calendar: Calendar;
  review: CalendarReviewState;
  reference: ReferenceLists;
  form: CalendarForm;
  calendarId: number | null;
  givenShots: UseQueryResult<ReadonlyMap<string, GivenShot>>;
}) {
  const [marking, setMarking] = useState<DueNextItem | null>(null);
  const user = useCurrentUser();
  const enterprise = reference.enterprises.find((candidate) => candidate.id === form.enterpriseID);
  const animal = reference.animals.find((candidate) => candidate.id === form.animalID);
  const season = reference.seasons.find((candidate) => candidate.id === form.seasonID);
  const isSheep = /sheep/i.test(enterprise?.name ?? "");
  const doses = describeDosesNeeded(isSheep ? user.data?.flock_size : user.data?.herd_size);
  const animalGroup = [
    animal?.name,
    enterprise && season ? `(${enterprise.name}, ${season.name})` : null,
  ]
    .filter(Boolean)
    .join(" ");
  const records = calendarId === null ? null : (givenShots.data ?? null);
  const groups = useMemo(
    () => listDueNext(calendar, review.columns, review.today, { givenShots: records }),
    [calendar, review.columns, review.today, records],
  );

  if (calendarId !== null && givenShots.isPending) {
    return <LoadingState label="Loading which shots were given…" />;
  }
  if (calendarId !== null && givenShots.isError) {
    return (
      <ErrorState
        message={givenShotMessages.loadFailed}
        onRetry={() => void givenShots.refetch()}
      />
    );
  }
  return (
    <>
      <DueNextList
        groups={groups}
        animalGroup={animalGroup}
        doses={doses}
        calendarId={calendarId}
        onMarkGiven={setMarking}
        onOpenShot={(item) => review.openPopup({ kind: "shot", shotId: item.shot.id })}
      />
      {marking && calendarId !== null && (
        <GivenShotDialog
          calendarId={calendarId}
          shotId={marking.shot.id}
          shotName={describeShotName(marking.shot, marking.disease)}
          diseaseName={marking.disease?.name ?? `Disease ${marking.shot.diseaseId}`}
          plannedOn={marking.date}
          today={review.today}
          record={marking.given}
          onClose={() => setMarking(null)}
        />
      )}
    </>
  );
}
