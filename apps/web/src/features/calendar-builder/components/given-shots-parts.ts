import type { UseQueryResult } from "@tanstack/react-query";
import type { GivenShot } from "@vaxcal/contracts";
import type { IsoDate } from "@vaxcal/schedule";
import type { ComponentType } from "react";

export type GivenShotDialogProps = {
  calendarId: number;
  shotId: string;
  shotName: string;
  diseaseName: string;
  plannedOn: IsoDate;
  today: IsoDate;
  /** The record to correct; null to mark the shot as given. */
  record: GivenShot | null;
  onClose: () => void;
};

export type UndoGivenShotButtonProps = { calendarId: number; shotId: string; name: string };

/**
 * A saved calendar's shots marked as given (docs/product.md D19), in step 2's views. The saved
 * calendar (features/calendars) loads and changes them and hands them in here; the builder only
 * shows them, so it never imports that feature.
 */
export type GivenShots = {
  records: UseQueryResult<ReadonlyMap<string, GivenShot>>;
  /** 'Mark as given', or correcting a record. */
  Dialog: ComponentType<GivenShotDialogProps>;
  /** 'Undo' on a given shot. */
  UndoButton: ComponentType<UndoGivenShotButtonProps>;
};
