import {
  describeDosesNeeded,
  givenShotMessages,
  type CalendarForm,
  type FarmSizeBand,
  type ReferenceLists,
} from "@vaxcal/contracts";
import type { Calendar } from "@vaxcal/schedule";
import { useMemo, useState } from "react";
import { ErrorState, LoadingState } from "../../../components/ui/status-panels.tsx";
import { useCurrentUser } from "../../../lib/current-user.ts";
import { describePlannedReminders, isFarmer } from "../../../lib/reminder-line.ts";
import type { CalendarReviewState } from "../hooks/use-calendar-review.ts";
import { listDueNext, type DueNextItem } from "../lib/due-next.ts";
import { describeShotName } from "../lib/past-shots.ts";
import { DueNextList } from "./due-next-list.tsx";
import type { GivenShots } from "./given-shots-parts.ts";
import "./due-next.css";

/**
 * The 'Due next' view of step 2 and of a saved calendar: the list, with the doses from the
 * herd or flock size (in the builder the signed-in farmer's, on a saved calendar its owner's),
 * each shot's protocol warnings, and on a saved calendar the shots marked as given and the
 * dialog that marks them.
 */
export function DueNext({
  calendar,
  review,
  reference,
  form,
  calendarId,
  ownerFarmSize = null,
  givenShots,
}: {
  calendar: Calendar;
  review: CalendarReviewState;
  reference: ReferenceLists;
  form: CalendarForm;
  calendarId: number | null;
  /** A saved calendar's owner's band (the detail's farm_size); null when the owner gave none. */
  ownerFarmSize?: FarmSizeBand | null;
  /** A saved calendar's shots marked as given; null in the builder. */
  givenShots: GivenShots | null;
}) {
  const [marking, setMarking] = useState<DueNextItem | null>(null);
  const user = useCurrentUser();
  const enterprise = reference.enterprises.find((candidate) => candidate.id === form.enterpriseID);
  const animal = reference.animals.find((candidate) => candidate.id === form.animalID);
  const season = reference.seasons.find((candidate) => candidate.id === form.seasonID);
  const isSheep = /sheep/i.test(enterprise?.name ?? "");
  // A saved calendar counts the owner's animals, never the viewer's: a vet has no herd.
  const doses = describeDosesNeeded(
    calendarId === null ? (isSheep ? user.data?.flock_size : user.data?.herd_size) : ownerFarmSize,
  );
  const animalGroup = [
    animal?.name,
    enterprise && season ? `(${enterprise.name}, ${season.name})` : null,
  ]
    .filter(Boolean)
    .join(" ");
  // Every shot's short name, so a warning about a pair of shots names the other one.
  const shotNames = useMemo(() => {
    const names = new Map<string, string>();
    for (const column of calendar.diseases) {
      const disease = review.columns.find((candidate) => candidate.id === column.diseaseId);
      for (const shot of column.shots) names.set(shot.id, describeShotName(shot, disease));
    }
    return names;
  }, [calendar, review.columns]);
  const records = givenShots?.records.data ?? null;
  const groups = useMemo(
    () => listDueNext(calendar, review.columns, review.today, { givenShots: records }),
    [calendar, review.columns, review.today, records],
  );

  if (givenShots !== null && givenShots.records.isPending) {
    return <LoadingState label="Loading which shots were given…" />;
  }
  if (givenShots !== null && givenShots.records.isError) {
    return (
      <ErrorState
        message={givenShotMessages.loadFailed}
        onRetry={() => void givenShots.records.refetch()}
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
        UndoButton={givenShots?.UndoButton ?? null}
        calendar={calendar}
        warningsByShot={review.warningsByShot}
        shotNames={shotNames}
        onMarkGiven={setMarking}
        // The signed-in farmer's reminder for each shot (decision 603); none for a visitor, nor
        // for a vet, whose contacts are not the farm's.
        describeReminders={(date) =>
          user.data && isFarmer(user.data)
            ? describePlannedReminders(user.data, date, review.today)
            : []
        }
        onOpenShot={(item) => review.openPopup({ kind: "shot", shotId: item.shot.id })}
        onOpenWarning={(warning, item) => review.openRulePopup(warning, item.shot.id, calendar)}
      />
      {marking && calendarId !== null && givenShots !== null && (
        <givenShots.Dialog
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
