/** What an edit can refuse. The web app shows `message`; the server maps `code` to a 400. */
export const ScheduleErrorCode = {
  readOnlyShot: "READ_ONLY_SHOT",
  shotNotFound: "SHOT_NOT_FOUND",
  diseaseNotFound: "DISEASE_NOT_FOUND",
  invalidDate: "INVALID_DATE",
  noDiseases: "NO_DISEASES",
} as const;
export type ScheduleErrorCode = (typeof ScheduleErrorCode)[keyof typeof ScheduleErrorCode];

/** docs/product.md §4, word for word. */
export const READ_ONLY_SHOT_MESSAGE =
  "This is a yearly recurrent vaccination. To edit this shot, please edit the first occurrence.";

const messages: Record<ScheduleErrorCode, string> = {
  READ_ONLY_SHOT: READ_ONLY_SHOT_MESSAGE,
  SHOT_NOT_FOUND: "Shot not found.",
  DISEASE_NOT_FOUND: "Disease not found on this calendar.",
  // The same words as the contracts' IsoDateSchema, so the form shows one message for one fault.
  INVALID_DATE: "Expected a date as YYYY-MM-DD",
  // docs/product.md §2's empty state: submit is blocked for the same reason the page shows it.
  NO_DISEASES: "No diseases selected yet.",
};

export interface ScheduleError {
  readonly code: ScheduleErrorCode;
  readonly message: string;
}

export type ScheduleResult<T> =
  { readonly ok: true; readonly value: T } | { readonly ok: false; readonly error: ScheduleError };

export function succeed<T>(value: T): ScheduleResult<T> {
  return { ok: true, value };
}

export function fail<T>(code: ScheduleErrorCode): ScheduleResult<T> {
  return { ok: false, error: { code, message: messages[code] } };
}
