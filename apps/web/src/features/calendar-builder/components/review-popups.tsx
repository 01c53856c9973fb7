import type { ReferenceLists, ScopedDisease } from "@vaxcal/contracts";
import {
  findShot,
  moveToYear,
  type Calendar,
  type IsoDate,
  type ProtocolWarning,
  type Shot,
} from "@vaxcal/schedule";
import { useEffect } from "react";
import type { CalendarReviewState } from "../hooks/use-calendar-review.ts";
import { describePastShot } from "../lib/past-shots.ts";
import { PopupSlug, findPreset } from "../lib/protocol-warnings.ts";
import { findHerdStatusDefault, findHerdStatusQuestion } from "../lib/calendar-setup.ts";
import { isOfferedForNewColumns } from "../stores/calendar-draft-store.ts";
import { AddDiseasesDialog, type HerdStatusAsk } from "./add-diseases-dialog.tsx";
import { PresetPopup } from "./preset-popup.tsx";
import { ShotPanel } from "./shot-panel.tsx";

type ReviewPopupsProps = {
  review: CalendarReviewState;
  calendar: Calendar;
  reference: ReferenceLists;
};

/** Whichever popup step 2 has open: the past-shots question first, then the one the farmer opened. */
export function ReviewPopups({ review, calendar, reference }: ReviewPopupsProps) {
  const { popup, findDisease, isAskingAboutPastShots } = review;
  return (
    <>
      {isAskingAboutPastShots && (
        <PresetPopup
          preset={findPreset(reference.warnings, PopupSlug.shotsInThePastFound)}
          parameters={{}}
          fallback={{
            title: "Shots in the past",
            body: "Some shots in this calendar are dated before today. Do you want to keep them?",
          }}
          // 'Keep them' is the main button: the safe choice, since removing a first dose can leave
          // a course without its start (docs/product.md §4).
          onConfirm={review.keepPastShots}
          onCancel={review.dropPastShots}
          onDismiss={review.dismissPastShots}
        >
          <ul className="popup__list" aria-label="Shots dated before today">
            {review.pastShots.map((shot) => (
              <li key={shot.id}>
                {describePastShot(
                  shot,
                  findDisease(shot.diseaseId),
                  reference.animals.find((animal) => animal.id === calendar.setup.animal.id)?.name,
                )}
              </li>
            ))}
          </ul>
        </PresetPopup>
      )}
      {!isAskingAboutPastShots && popup?.kind === "preset" && (
        <PresetPopup
          preset={findPreset(reference.warnings, popup.slug)}
          parameters={popup.parameters}
          vaccine={popup.disease?.vaccine ?? null}
          fallback={popup.fallback}
          onConfirm={popup.onConfirm}
          onCancel={popup.onCancel}
          onDismiss={review.closePopup}
          primary={popup.primary}
        />
      )}
      {popup?.kind === "shot" && (
        <ShotPopup
          key={popup.shotId}
          calendar={calendar}
          shotId={popup.shotId}
          findDisease={findDisease}
          warnings={review.warningsByShot.get(popup.shotId) ?? []}
          onClose={review.closePopup}
          onConfirm={review.moveShot}
          onDelete={review.requestDeleteShot}
          onOpenShot={(shotId) => review.openPopup({ kind: "shot", shotId })}
        />
      )}
      {popup?.kind === "addShot" && (
        <ShotPanel
          key={`${popup.diseaseId}-${popup.year}`}
          vaccine={findDisease(popup.diseaseId)?.vaccine ?? null}
          diseaseName={findDisease(popup.diseaseId)?.name ?? ""}
          shot={null}
          // A new shot starts on today's date in the year of the block it was added to.
          initialDate={moveToYear(review.today, popup.year)}
          warnings={[]}
          onConfirm={(date) => review.addShotOn(popup.diseaseId, date)}
          onCancel={review.closePopup}
          onDelete={review.closePopup}
          onOpenFirstOccurrence={review.closePopup}
        />
      )}
      {popup?.kind === "addDiseases" && (
        <AddDiseasesDialog
          diseases={review.availableDiseases.filter(
            (disease) =>
              isOfferedForNewColumns(disease) ||
              review.columns.some((column) => column.id === disease.id),
          )}
          calendarDiseaseIds={review.columns.map((disease) => disease.id)}
          herdStatusAsks={listHerdStatusAsks(reference, calendar.setup.animal.id)}
          onAdd={review.addDiseases}
          onCancel={review.closePopup}
        />
      )}
    </>
  );
}

/** Step 1's first-course questions for the calendar's animal, by disease id (decision 428). */
function listHerdStatusAsks(
  reference: ReferenceLists,
  animalId: number,
): ReadonlyMap<number, HerdStatusAsk> {
  return new Map(
    reference.diseases.flatMap((disease) => {
      const question = findHerdStatusQuestion(disease, animalId);
      return question === null
        ? []
        : [[disease.id, { question, defaultStatus: findHerdStatusDefault(disease, animalId) }]];
    }),
  );
}

function ShotPopup({
  calendar,
  shotId,
  findDisease,
  warnings,
  onClose,
  onConfirm,
  onDelete,
  onOpenShot,
}: {
  calendar: Calendar;
  shotId: string;
  findDisease: (diseaseId: number) => ScopedDisease | null;
  warnings: readonly ProtocolWarning[];
  onClose: () => void;
  onConfirm: (shot: Shot, date: IsoDate) => void;
  onDelete: (shot: Shot) => void;
  onOpenShot: (shotId: string) => void;
}) {
  const shot = findShot(calendar, shotId);
  useEffect(() => {
    // docs/product.md §4: a shot that is not found only logs a warning.
    if (shot === null) {
      console.warn(`Shot "${shotId}" is not on this calendar.`);
      onClose();
    }
  }, [shot, shotId, onClose]);
  if (shot === null) return null;
  const disease = findDisease(shot.diseaseId);
  return (
    <ShotPanel
      vaccine={disease?.vaccine ?? null}
      diseaseName={disease?.name ?? ""}
      shot={shot}
      initialDate={shot.date ?? ""}
      warnings={warnings}
      onConfirm={(date) => onConfirm(shot, date)}
      onCancel={onClose}
      onDelete={() => onDelete(shot)}
      onOpenFirstOccurrence={() => onOpenShot(shot.sourceShotId ?? shot.id)}
    />
  );
}
