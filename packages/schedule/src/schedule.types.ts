import type { IsoDate } from "./iso-date.ts";

/*
 * Inputs are the smallest shapes the engine reads. They are structural subsets of the contracts
 * types (Vaccine, ShotTemplate, Disease, AnimalEnterpriseSeasonCombination), so callers pass those
 * objects straight in, while this package depends on nothing at run time.
 */

export type { IsoDate };

/** An inclusive window of days relative to the birth date. */
export interface DayWindowInput {
  readonly from: number;
  readonly to: number;
}

export interface VaccineRulesInput {
  /** Most shots of this vaccine in one calendar year, yearly copies included (decision 415). */
  readonly max_shots: number | null;
  readonly min_age_days: number | null;
  readonly not_in_pregnancy: boolean;
  readonly min_days_before_breeding: number | null;
  readonly blackout_birth_days: DayWindowInput | null;
  readonly window_birth_days: DayWindowInput | null;
  /** Vaccines that may be given within 14 days of this one. */
  readonly compatible_vaccine_ids: readonly number[];
  /** The primary course's gap between doses: `from` the shortest, `to` the longest. */
  readonly course_interval_days?: DayWindowInput | null;
  /** Adults: the last dose before each birth belongs in this window (days from the birth). */
  readonly booster_window_birth_days?: DayWindowInput | null;
  /** Not earlier than this many days before the breeding date. */
  readonly max_days_before_breeding?: number | null;
  /** Adults: not within this many days before the birth date. */
  readonly min_days_before_birth?: number | null;
  /** Gives no protection when given between breeding and birth. */
  readonly not_protective_in_pregnancy?: boolean;
  /** Live virus that can cross to the unborn calf (Bovela): a caution in pregnancy. */
  readonly crosses_placenta?: boolean;
  /** What the person giving it must know (a live orf vaccine), in farm words. */
  readonly handler_warning?: string | null;
}

export interface VaccineInput {
  readonly id: number;
  readonly name: string;
  /** Source ids and confidence, e.g. `S16, S17 (H)`; protocol warnings cite the first id. */
  readonly source_note?: string;
  readonly rules: VaccineRulesInput;
}

export interface ShotTemplateInput {
  readonly id: number;
  readonly vaccine_id: number;
  readonly animal_id: number;
  /** Days from the birth date; exactly one of birth_days and breeding_days is set. */
  readonly birth_days: number | null;
  readonly breeding_days: number | null;
  readonly custom_name: string | null;
  /** 0 once, 1 every year, N every N years. */
  readonly is_recurrent: number;
  /** Used only when the disease's herd status is this; null or absent: always. */
  readonly herd_status?: HerdStatus | null;
  /** Used only in this season; null or absent: in every season. */
  readonly season_id?: number | null;
  /** Used only when the animals graze where lungworm is a risk (resolveLungwormRisk). */
  readonly lungworm_risk_only?: boolean | null;
  /**
   * The earliest and latest day of the dose's window, counted from the same date as the preferred
   * day (birth_days or breeding_days). Absent or null: the window is not known, and only the
   * preferred day is planned, as before windows existed.
   */
  readonly earliest_days?: number | null;
  readonly latest_days?: number | null;
}

export interface DiseaseInput {
  readonly id: number;
  /**
   * The animals the disease is offered for, each with its default vaccine and the herd status an
   * unanswered question takes (decision 421; absent or null: primed).
   */
  readonly animals: readonly {
    readonly animal_id: number;
    readonly vaccine_id: number;
    readonly herd_status_default?: HerdStatus | null;
  }[];
}

export interface SeasonCombinationInput {
  readonly animal_id: number;
  /** Picks the season's own templates when judging its shots (absent: every season's only). */
  readonly season_id?: number;
  /** `yearOffset.MM.DD`, e.g. `0.03.01`. */
  readonly birth_date: string | null;
  /** `yearOffset.MM.DD`, e.g. `-1.10.05`. */
  readonly breeding_date: string | null;
}

/** Whether an animal has a birth date at all, as the reference data's animal says. */
export interface AnimalBirthFacts {
  /** False for an animal whose shots hang on the breeding date alone (the Ram). */
  readonly hasBirthDate: boolean;
}

/**
 * Whether the animals have had a disease's primary course: `unprimed` herds get the course laid
 * out before the boosters. For lambs it is the ewes' status (their pre-lambing booster).
 */
export type HerdStatus = "primed" | "unprimed";

/** The step 1 setup, shaped like the spec's submit payload `setup` (extra fields are ignored). */
export interface CalendarSetup {
  readonly enterprise: { readonly id: number };
  /** Picks the season's own templates; without it only the templates of every season apply. */
  readonly season?: { readonly id: number };
  /**
   * `hasBirthDate` may be left out by a caller that already sends no birth date for an animal
   * without one; the engine then takes `birthDate` as given.
   */
  readonly animal: {
    readonly id: number;
    readonly isAdult: boolean;
    readonly hasBirthDate?: AnimalBirthFacts["hasBirthDate"];
  };
  /** Start of calving or lambing for adults, the animal's own birth for young stock. */
  readonly birthDate: IsoDate | null;
  /**
   * Adults: the last calving or lambing of the block that starts on `birthDate` (docs/decisions/
   * 416). Absent or null: no block, the birth date alone (step 1 and the server fill in the
   * season's default end when the farmer leaves it out). Young stock ignore it.
   */
  readonly birthEndDate?: IsoDate | null;
  readonly breedingDate: IsoDate | null;
  /**
   * By disease id; a disease left out is primed (docs/product.md §3 "Herd status"), unless its
   * offer's default says otherwise: `applyHerdStatusDefaults` writes those in (decision 421).
   */
  readonly herdStatus?: Readonly<Record<string, HerdStatus>>;
  /**
   * The farmer says the animals graze where lungworm is a risk (decision 415). Absent: yes on a
   * dairy farm, no on a suckler farm.
   */
  readonly lungwormRisk?: boolean;
  /**
   * When the youngest of the group was born (decision 422), asked of first breeders whose doses
   * have a minimum age (Bovilis BVD 8 months, Enzovax and Toxovax 5 months). Absent or null: not
   * answered, and no dose moves for it.
   */
  readonly youngestBirthDate?: IsoDate | null;
}

export interface BuildCalendarInput {
  readonly setup: CalendarSetup;
  /** The chosen diseases, in column order. */
  readonly diseases: readonly DiseaseInput[];
  /** Vaccines and templates may be the full reference lists: the engine picks what it needs. */
  readonly vaccines: readonly VaccineInput[];
  readonly shotTemplates: readonly ShotTemplateInput[];
  readonly today: IsoDate;
}

/**
 * One shot as the calendar shows it (docs/product.md §3 "Shot"), plus the links the engine needs.
 */
export interface Shot {
  /** Unique in the calendar and stable across edits. */
  readonly id: string;
  readonly diseaseId: number;
  /** The template the shot came from; null for a shot the user added. */
  readonly templateId: number | null;
  /** Null only for an undated shot restored from a saved calendar; submit skips it. */
  readonly date: IsoDate | null;
  readonly custom_name: string | null;
  readonly is_recurrent: number;
  /** The shot is never repeated (is_recurrent 0). */
  readonly show_once: boolean;
  /** 1 for the first occurrence; k + 1 for the copy k recurrence periods later. */
  readonly cycle: number;
  /** The first occurrence a mirrored copy repeats; null on first occurrences. */
  readonly sourceShotId: string | null;
  /** A mirrored copy of a recurrent shot: read-only, edited through its first occurrence. */
  readonly isMirroredCopy: boolean;
  /** 0-based years since the first year of the displayed range. Null when undated. */
  readonly yearIndex: number | null;
  /** yearIndex × 12 + month − 1. Null when undated. */
  readonly row: number | null;
  /** 0-based position among this disease's shots in the same month. Null when undated. */
  readonly orderInMonth: number | null;
  /** A later dose of the column's vaccine: every dated shot but the column's earliest. */
  readonly isBooster: boolean;
  /** The user added this shot or chose its date; submit keeps it even outside the range. */
  readonly userInitiated: boolean;
  /**
   * Set on a generated first occurrence that is due now or whose window was missed this season;
   * absent otherwise (and on copies, user shots and restored shots).
   */
  readonly seasonTiming?: SeasonTiming;
  /**
   * Set on a generated first occurrence of a dose before or after an adult's birth that is given
   * to a group of the calving or lambing block (docs/decisions/416); absent otherwise.
   */
  readonly birthGroup?: BirthGroup;
}

/**
 * The animals of a calving or lambing block a dose is for: those giving birth from `from` to `to`.
 * `coversAll` false: the dose's window is too short for one date to cover them all, and its name
 * says so.
 */
export interface BirthGroup extends DateWindow {
  readonly coversAll: boolean;
}

/** A dose's window as dates: the earliest and the latest day, both included. */
export interface DateWindow {
  readonly from: IsoDate;
  readonly to: IsoDate;
}

/**
 * Where a generated dose stands against its window for the coming calving, lambing or tupping
 * (docs/decisions/411):
 * - `dueNow`: its preferred day is past but its window is still open, so it is planned from today;
 * - `missed`: its window for the coming event closed before today, so the dose shown is the next
 *   season's, and the calendar says MISSED_THIS_SEASON_NOTE.
 */
export interface SeasonTiming {
  readonly state: "dueNow" | "missed";
  /** The window of this season's dose (the one due now, or the one missed). */
  readonly window: DateWindow;
  /**
   * Decision 426: the first dose of a young group's course whose usual time has passed, started
   * from today (the course's later doses follow it after the protocol's gaps).
   */
  readonly courseFromToday?: true;
}

/** What the first dose of a course started from today says, in the grid and on the PDF. */
export const COURSE_FROM_TODAY_NOTE = "Started from today: the first dose's usual time has passed";

/** What a dose whose window closed before the coming event says, in the grid and on the PDF. */
export const MISSED_THIS_SEASON_NOTE = "Missed this season: talk to your vet";

/** What a column without a fixed schedule says, in the grid and on the PDF. */
export const NO_FIXED_SCHEDULE_NOTE = "No fixed schedule: agree the date with your vet";

export interface CalendarDisease {
  readonly diseaseId: number;
  /** The disease's vaccine for this animal; null when the reference data offers none. */
  readonly vaccine: VaccineInput | null;
  /** Sorted by date, undated shots last. */
  readonly shots: readonly Shot[];
  /**
   * No shot of the column comes from a protocol template: there is no fixed date for this disease
   * and animal, so the column says "No fixed schedule: agree the date with your vet".
   */
  readonly hasNoFixedSchedule: boolean;
}

/** docs/product.md §3 "Calendar month object". `month` is 1–12. */
export interface CalendarMonth {
  readonly year: number;
  readonly month: number;
  /** Shots of every disease in the month, by date, then column order. */
  readonly shots: readonly Shot[];
}

export interface YearRange {
  readonly from: number;
  readonly to: number;
}

export interface Calendar {
  readonly today: IsoDate;
  readonly setup: CalendarSetup;
  /**
   * The later of the birth and breeding years, or today's year without either (docs/product.md §4).
   */
  readonly calendarYear: number;
  /** docs/product.md §9: from the earliest shot year to one year after calendarYear. */
  readonly yearRange: YearRange;
  readonly diseases: readonly CalendarDisease[];
  /**
   * docs/product.md §9: from today's month to December of the latest of calendarYear + 1, the year
   * of the 24th month from today's, and the latest first occurrence's year: at least 24 months,
   * every shot after today included. Shots before today's month are only in `diseases`.
   */
  readonly months: readonly CalendarMonth[];
  readonly nextUserShotNumber: number;
}

/**
 * A shot as saved: the layout fields are recomputed on restore, so they may be absent. A
 * generated dose keeps its `seasonTiming` (due now, or missed this season) and the block's group
 * it is for (decision 416) through a restore.
 */
export type SavedShot = Pick<
  Shot,
  "id" | "date" | "custom_name" | "is_recurrent" | "cycle" | "userInitiated"
> & {
  readonly templateId?: number | null;
  readonly seasonTiming?: SeasonTiming | null;
  readonly birthGroup?: BirthGroup | null;
};

export interface SubmitDisease {
  readonly id: number;
  readonly vaccineId: number | null;
  readonly shots: readonly Shot[];
}

/** What prepareForSubmit hands to the save call: the spec's `data` with diseases and setup. */
export interface SubmitData {
  readonly setup: CalendarSetup;
  readonly diseases: readonly SubmitDisease[];
}

export interface RestoreCalendarInput {
  readonly setup: CalendarSetup;
  readonly diseases: readonly {
    readonly id: number;
    readonly vaccineId: number | null;
    readonly shots: readonly SavedShot[];
  }[];
  readonly vaccines: readonly VaccineInput[];
  readonly today: IsoDate;
}
