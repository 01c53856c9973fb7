import type { Warning } from "@vaxcal/contracts";
import { WarningSeverity } from "@vaxcal/contracts";

/**
 * Popup presets are found by slug (docs/product.md §2); callers use these names, never string
 * literals.
 */
export const WarningSlug = {
  shotsInThePastFound: "shotsInThePastFound",
  maxShotsReached: "maxShotsReached",
  removeDisease: "removeDisease",
  deleteShot: "deleteShot",
  deleteCalendar: "deleteCalendar",
  logout: "logout",
  recurrentShotMirror: "recurrentShotMirror",
  ruleSpacing: "ruleSpacing",
  ruleMinimumAge: "ruleMinimumAge",
  rulePregnancy: "rulePregnancy",
  rulePreBreedingGap: "rulePreBreedingGap",
  ruleBlackoutWindow: "ruleBlackoutWindow",
  ruleProductWindow: "ruleProductWindow",
} as const;
export type WarningSlug = (typeof WarningSlug)[keyof typeof WarningSlug];

/**
 * The `{placeholders}` each preset's title and body use, so that whoever fills them knows what to
 * pass. Days are whole numbers; `{date}` is a display date.
 */
export const warningPlaceholders: Record<WarningSlug, readonly string[]> = {
  shotsInThePastFound: [],
  maxShotsReached: ["vaccine", "max"],
  removeDisease: ["disease"],
  deleteShot: ["vaccine", "date"],
  deleteCalendar: [],
  logout: [],
  recurrentShotMirror: [],
  ruleSpacing: ["vaccine", "otherVaccine", "days"],
  ruleMinimumAge: ["vaccine", "minAgeDays", "ageDays"],
  rulePregnancy: ["vaccine"],
  rulePreBreedingGap: ["vaccine", "minDays", "days"],
  ruleBlackoutWindow: ["vaccine", "daysBefore", "daysAfter"],
  ruleProductWindow: ["vaccine", "earliestDays", "latestDays"],
};

// None of the protocol checks blocks the farmer (reference document, "Rule checks"): each one
// explains itself and lets the date stand.
const keepDate = "Keep this date";
const changeDate = "Change the date";

export const warnings: Warning[] = [
  {
    id: 1,
    slug: WarningSlug.shotsInThePastFound,
    title: "Shots in the past",
    body: "Some shots in this calendar are dated before today. Do you want to keep them? If you remove them, every shot dated before today is taken off the calendar.",
    button_confirm: "Keep them",
    button_cancel: "Remove them",
    severity: WarningSeverity.attention,
  },
  {
    id: 2,
    slug: WarningSlug.maxShotsReached,
    title: "Maximum shots reached",
    body: "{vaccine} already has the most shots its protocol allows this year ({max}). Do you still want to add another shot?",
    button_confirm: "Add shot",
    button_cancel: "Cancel",
    severity: WarningSeverity.alert,
  },
  {
    id: 3,
    slug: WarningSlug.removeDisease,
    title: "Remove disease",
    body: "Are you sure you want to remove {disease} and all its shots from this calendar?",
    button_confirm: "Remove",
    button_cancel: "Cancel",
    severity: WarningSeverity.alert,
  },
  {
    id: 4,
    slug: WarningSlug.deleteShot,
    title: "Delete shot",
    body: "Are you sure you want to delete this {vaccine} shot on {date}?",
    button_confirm: "Delete",
    button_cancel: "Cancel",
    severity: WarningSeverity.alert,
  },
  {
    id: 5,
    slug: WarningSlug.deleteCalendar,
    title: "Delete calendar",
    body: "Are you sure you want to delete this calendar?",
    button_confirm: "Delete",
    button_cancel: "Cancel",
    severity: WarningSeverity.alert,
  },
  {
    id: 6,
    slug: WarningSlug.logout,
    title: "Logout",
    body: "Are you sure you want to logout?",
    button_confirm: "Logout",
    button_cancel: "Cancel",
    severity: WarningSeverity.attention,
  },
  {
    id: 7,
    slug: WarningSlug.recurrentShotMirror,
    title: "Yearly recurrent vaccination",
    body: "This is a yearly recurrent vaccination. To edit this shot, please edit the first occurrence.",
    button_confirm: "OK",
    button_cancel: null,
    severity: WarningSeverity.attention,
  },
  {
    id: 8,
    slug: WarningSlug.ruleSpacing,
    title: "Vaccines close together",
    body: "{vaccine} is {days} days from {otherVaccine}. Rule: no other vaccine within 14 days either side, unless the product literature allows the pair. Source: Animal Health Ireland's rule of thumb. Check with your vet.",
    button_confirm: keepDate,
    button_cancel: changeDate,
    severity: WarningSeverity.attention,
  },
  {
    id: 9,
    slug: WarningSlug.ruleMinimumAge,
    title: "Animal too young",
    body: "This {vaccine} shot falls at {ageDays} days of age. Rule: {vaccine} is for animals at least {minAgeDays} days old. Source: the {vaccine} summary of product characteristics (SPC).",
    button_confirm: keepDate,
    button_cancel: changeDate,
    severity: WarningSeverity.attention,
  },
  {
    id: 10,
    slug: WarningSlug.rulePregnancy,
    title: "Not in pregnancy",
    body: "This {vaccine} shot falls between the breeding date and the calving or lambing date. Rule: {vaccine} is a live vaccine that must not be given during pregnancy. Source: the {vaccine} summary of product characteristics (SPC).",
    button_confirm: keepDate,
    button_cancel: changeDate,
    severity: WarningSeverity.attention,
  },
  {
    id: 11,
    slug: WarningSlug.rulePreBreedingGap,
    title: "Too close to breeding",
    body: "This {vaccine} shot is {days} days before the breeding date. Rule: give {vaccine} at least {minDays} days before breeding. Source: the {vaccine} summary of product characteristics (SPC).",
    button_confirm: keepDate,
    button_cancel: changeDate,
    severity: WarningSeverity.attention,
  },
  {
    id: 12,
    slug: WarningSlug.ruleBlackoutWindow,
    title: "Too close to calving or lambing",
    body: "Rule: do not give {vaccine} from {daysBefore} days before to {daysAfter} days after the calving or lambing date, and this shot falls inside that time. Source: the {vaccine} summary of product characteristics (SPC).",
    button_confirm: keepDate,
    button_cancel: changeDate,
    severity: WarningSeverity.attention,
  },
  {
    id: 13,
    slug: WarningSlug.ruleProductWindow,
    title: "Outside the product's window",
    body: "Rule: give {vaccine} from {earliestDays} to {latestDays} days before the calving or lambing date, and this shot falls outside that time. Source: the {vaccine} summary of product characteristics (SPC).",
    button_confirm: keepDate,
    button_cancel: changeDate,
    severity: WarningSeverity.attention,
  },
];
