/**
 * Texts of the saved calendars' screens that the spec does not give word for word. The spec's own
 * texts (list failure, delete question, submit outcome) come from the contracts' calendarMessages.
 */
export const calendarsTexts = {
  emptyList: "You have no vaccination calendars yet.",
  /** The original specification only logged a failed delete or download; a farmer expects to
   *  be told, so a short notice says it did not work (docs/product.md §8). */
  deleteFailed: "We could not delete this calendar. Please check your signal and try again.",
  downloadFailed: "We could not download your calendar. Please check your signal and try again.",
  regenerateFailed: "We could not make new links. Please check your signal and try again.",
  deleted: "Your calendar has been deleted.",
  previewFailed: "The preview could not be loaded.",
  linkCopied: "The calendar link is copied. Paste it into your calendar app.",
  /** Issue 23, M1: a vet is never given the farm's feed link; the farmer subscribes themselves. */
  feedIsTheFarmers:
    "The farmer adds this calendar to their phone from their own account. It updates there by itself, with your changes too.",
  showMore: "Show more calendars",
  loadingMore: "Loading more calendars…",
  moreShown: (count: number) => `${count} calendars shown. Show more calendars for the rest.`,
  allShown: (count: number) => `All your ${count} calendars are shown.`,
} as const;
