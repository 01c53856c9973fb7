import type { GivenShot, ScopedDisease } from "@vaxcal/contracts";
import {
  NO_FIXED_SCHEDULE_NOTE,
  describeSeasonTiming,
  formatLongDate,
  readMonthName,
  type Calendar,
  type IsoDate,
  type ProtocolWarning,
  type Shot,
} from "@vaxcal/schedule";
import type { CSSProperties } from "react";
import { formatDayDate, formatYearMonth, readYearMonth } from "../lib/calendar-dates.ts";
import { describeShotName } from "../lib/past-shots.ts";
import { MissedDoses } from "./missed-doses.tsx";
import { describeWarningAction } from "../lib/protocol-warnings.ts";

export type CalendarGridProps = {
  calendar: Calendar;
  /** The calendar's columns, in calendar order, with their names and footnotes. */
  diseases: readonly ScopedDisease[];
  warningsByShot: ReadonlyMap<string, readonly ProtocolWarning[]>;
  today: IsoDate;
  isMaxShotsReached: (diseaseId: number, year: number) => boolean;
  onOpenShot: (shot: Shot) => void;
  onAddShot: (diseaseId: number, year: number) => void;
  onRemoveDisease: (diseaseId: number) => void;
  onOpenWarning: (warning: ProtocolWarning, shot: Shot) => void;
  /** A saved calendar's shots marked as given (decision 403), by shot id: shown as done. */
  givenShots?: ReadonlyMap<string, GivenShot>;
  /**
   * The reminder lines of a shot on this date (decision 603), as 'Due next' says them: the
   * signed-in farmer's on a saved calendar, none otherwise.
   */
  describeReminders?: (date: IsoDate) => readonly string[];
};

export const noReminders = (): readonly string[] => [];

const noGivenShots: ReadonlyMap<string, GivenShot> = new Map();

/** The engine's month grid split into years: the first starts at the current month. */
export function groupMonthsByYear(calendar: Calendar): { year: number; months: number[] }[] {
  const years: { year: number; months: number[] }[] = [];
  for (const { year, month } of calendar.months) {
    const last = years.at(-1);
    if (last?.year === year) last.months.push(month);
    else years.push({ year, months: [month] });
  }
  return years;
}

export function readAccent(disease: ScopedDisease | undefined): CSSProperties {
  const accent = disease?.vaccine?.accent_color;
  return accent ? ({ "--accent": `rgb(${accent})` } as CSSProperties) : {};
}

/**
 * docs/product.md §2 'Review your calendar': one column per disease, one block per year, month
 * rows from the current month (docs/product.md §9: at least the next 24 months). The table scrolls
 * inside its frame, sideways and down, while the month labels and the disease names stay in view,
 * so every column stays usable at 375 px. Shots dated before today are shown as past: earlier
 * this month in their row, from earlier months in a list above the grid.
 */
export function CalendarGrid({
  calendar,
  diseases,
  warningsByShot,
  today,
  isMaxShotsReached,
  onOpenShot,
  onAddShot,
  onRemoveDisease,
  onOpenWarning,
  givenShots = noGivenShots,
  describeReminders = noReminders,
}: CalendarGridProps) {
  const { shotsByCell, shotNames, currentMonth, earlierShots, columns } = layoutShots(
    calendar,
    diseases,
    today,
  );
  const years = groupMonthsByYear(calendar);
  const shotContext: ShotContext = {
    calendar,
    today,
    warningsByShot,
    givenShots,
    shotNames,
    describeReminders,
    onOpenShot,
    onOpenWarning,
  };

  return (
    <>
      <MissedDoses calendar={calendar} shotNames={shotNames} />
      <PastShots earlierShots={earlierShots} givenShots={givenShots} onOpenShot={onOpenShot} />
      <div
        className="calendar-grid"
        role="region"
        aria-label="Vaccination calendar"
        // The frame scrolls, so keyboard users can reach every column and month.
        tabIndex={0}
        style={{ "--columns": columns.length } as CSSProperties}
      >
        <table className="calendar-grid__table">
          <caption className="visually-hidden">
            Vaccine shots by month, one column per disease. Scroll sideways to see every disease.
          </caption>
          <thead>
            <tr>
              <th scope="col" className="calendar-grid__corner">
                Month
              </th>
              {columns.map(({ column, disease }) => (
                <th
                  key={column.diseaseId}
                  scope="col"
                  className="calendar-grid__disease"
                  style={readAccent(disease)}
                >
                  <span className="calendar-grid__disease-name">
                    {disease?.name ?? `Disease ${column.diseaseId}`}
                  </span>
                  {disease?.footnote ? (
                    // docs/product.md D20: the note itself, not a mark that points to it.
                    <span className="calendar-grid__footnote">{disease.footnote}</span>
                  ) : null}
                  {disease?.vaccine && (
                    <span className="calendar-grid__vaccine-name">{disease.vaccine.name}</span>
                  )}
                  {column.hasNoFixedSchedule && (
                    <span className="calendar-grid__no-schedule">{NO_FIXED_SCHEDULE_NOTE}</span>
                  )}
                  <button
                    type="button"
                    className="calendar-grid__remove"
                    aria-label={`Remove ${disease?.name ?? "this disease"}`}
                    onClick={() => onRemoveDisease(column.diseaseId)}
                  >
                    Remove
                  </button>
                </th>
              ))}
            </tr>
          </thead>
          {years.map(({ year, months }) => (
            <tbody key={year} className="calendar-grid__year">
              <tr className="calendar-grid__year-row">
                <th scope="rowgroup" className="calendar-grid__year-label">
                  {year}
                </th>
                {columns.map(({ column, disease }) => {
                  const isReached = isMaxShotsReached(column.diseaseId, year);
                  return (
                    <td key={column.diseaseId}>
                      <button
                        type="button"
                        className="calendar-grid__add"
                        aria-label={`Add shot for ${disease?.name ?? "this disease"} in ${year}${isReached ? " (most shots reached)" : ""}`}
                        data-max-reached={isReached}
                        onClick={() => onAddShot(column.diseaseId, year)}
                      >
                        <span className="calendar-grid__add-mark" aria-hidden="true">
                          {isReached ? "⚠" : "+"}
                        </span>{" "}
                        Add shot
                      </button>
                    </td>
                  );
                })}
              </tr>
              {months.map((month) => {
                const yearMonth = formatYearMonth(year, month);
                return (
                  <tr key={month} data-current={yearMonth === currentMonth || undefined}>
                    <th scope="row" className="calendar-grid__month">
                      <span aria-hidden="true">{readMonthName(month).slice(0, 3)}</span>
                      <span className="visually-hidden">
                        {readMonthName(month)} {year}
                      </span>
                    </th>
                    {columns.map(({ column, disease }) => (
                      <td key={column.diseaseId} className="calendar-grid__cell">
                        {(shotsByCell.get(`${column.diseaseId}|${yearMonth}`) ?? []).map((shot) => (
                          <CalendarShot
                            key={shot.id}
                            shot={shot}
                            disease={disease}
                            context={shotContext}
                          />
                        ))}
                      </td>
                    ))}
                  </tr>
                );
              })}
            </tbody>
          ))}
        </table>
      </div>
    </>
  );
}

type PlacedShot = { shot: Shot; disease: ScopedDisease | undefined };

/**
 * The calendar's shots placed for the grid and the month list: by disease and month from the
 * current month, the earlier ones apart (oldest first), and every shot's short name.
 */
export function layoutShots(
  calendar: Calendar,
  diseases: readonly ScopedDisease[],
  today: IsoDate,
) {
  const shotsByCell = new Map<string, Shot[]>();
  const shotNames = new Map<string, string>();
  const currentMonth = readYearMonth(today);
  const earlierShots: PlacedShot[] = [];
  for (const column of calendar.diseases) {
    const disease = diseases.find((candidate) => candidate.id === column.diseaseId);
    for (const shot of column.shots) {
      shotNames.set(shot.id, describeShotName(shot, disease));
      if (shot.date === null) continue;
      const yearMonth = readYearMonth(shot.date);
      if (yearMonth < currentMonth) {
        earlierShots.push({ shot, disease });
        continue;
      }
      const key = `${column.diseaseId}|${yearMonth}`;
      const shots = shotsByCell.get(key);
      if (shots) shots.push(shot);
      else shotsByCell.set(key, [shot]);
    }
  }
  earlierShots.sort((left, right) => ((left.shot.date ?? "") < (right.shot.date ?? "") ? -1 : 1));
  const columns = calendar.diseases.map((column) => ({
    column,
    disease: diseases.find((candidate) => candidate.id === column.diseaseId),
  }));
  return { shotsByCell, shotNames, currentMonth, earlierShots, columns };
}

/** What every shot of the grid or the month list is drawn with. */
export type ShotContext = Pick<
  CalendarGridProps,
  "calendar" | "today" | "warningsByShot" | "onOpenShot" | "onOpenWarning"
> & {
  givenShots: ReadonlyMap<string, GivenShot>;
  shotNames: ReadonlyMap<string, string>;
  describeReminders: (date: IsoDate) => readonly string[];
};

/** One shot as the grid and the month list show it; a given shot says no reminder. */
export function CalendarShot({
  shot,
  disease,
  context,
}: {
  shot: Shot;
  disease: ScopedDisease | undefined;
  context: ShotContext;
}) {
  const given = context.givenShots.get(shot.id) ?? null;
  return (
    <ShotLabel
      shot={shot}
      isPast={shot.date !== null && shot.date < context.today}
      given={given}
      name={describeShotName(shot, disease)}
      accent={readAccent(disease)}
      warnings={context.warningsByShot.get(shot.id) ?? []}
      calendar={context.calendar}
      shotNames={context.shotNames}
      reminders={shot.date === null || given ? [] : context.describeReminders(shot.date)}
      onOpen={() => context.onOpenShot(shot)}
      onOpenWarning={(warning) => context.onOpenWarning(warning, shot)}
    />
  );
}

/** Shots from months before the current one, folded in a list above the calendar. */
export function PastShots({
  earlierShots,
  givenShots,
  onOpenShot,
}: {
  earlierShots: readonly PlacedShot[];
  givenShots: ReadonlyMap<string, GivenShot>;
  onOpenShot: (shot: Shot) => void;
}) {
  return (
    <>
      {earlierShots.length > 0 && (
        <details className="past-shots">
          <summary>Past shots ({earlierShots.length})</summary>
          <ul className="past-shots__list">
            {earlierShots.map(({ shot, disease }) => (
              <li key={shot.id}>
                <button
                  type="button"
                  className="past-shots__shot"
                  aria-label={`${describeShotName(shot, disease)}, ${formatLongDate(shot.date ?? "")}, ${disease?.name ?? "this disease"}, ${givenShots.has(shot.id) ? "given" : "past"}`}
                  onClick={() => onOpenShot(shot)}
                >
                  <span>
                    {formatDayDate(shot.date ?? "")} · {describeShotName(shot, disease)}
                  </span>
                  <span className="past-shots__disease">
                    {disease?.name ?? `Disease ${shot.diseaseId}`},{" "}
                    {givenShots.has(shot.id) ? "✓ given" : "past"}
                  </span>
                </button>
              </li>
            ))}
          </ul>
        </details>
      )}
    </>
  );
}

function ShotLabel({
  shot,
  isPast,
  given,
  name,
  accent,
  warnings,
  calendar,
  shotNames,
  reminders = [],
  onOpen,
  onOpenWarning,
}: {
  shot: Shot;
  isPast: boolean;
  given: GivenShot | null;
  name: string;
  accent: CSSProperties;
  warnings: readonly ProtocolWarning[];
  calendar: Calendar;
  shotNames: ReadonlyMap<string, string>;
  /** Decision 603: the reminders that will go about this shot, as 'Due next' says them. */
  reminders?: readonly string[];
  onOpen: () => void;
  onOpenWarning: (warning: ProtocolWarning) => void;
}) {
  const date = shot.date ?? "";
  const repeats =
    shot.is_recurrent === 1 ? "repeats every year" : `repeats every ${shot.is_recurrent} years`;
  const status = given
    ? `, given on ${formatLongDate(given.givenOn)}, batch ${given.batch}`
    : isPast
      ? ", past"
      : "";
  const label = `${name}, ${formatLongDate(date)}${shot.isMirroredCopy ? `, ${repeats}` : ""}${status}`;
  // Decision 411: a dose due now says when its window closes; a missed one says to ask the vet.
  const timing = given ? null : describeSeasonTiming(shot.seasonTiming, calendar.today);
  return (
    <div className="shot">
      {/* The label names the shot in full; the visible text is its short form. */}
      <button
        type="button"
        className="shot__label"
        style={accent}
        aria-label={label}
        data-mirror={shot.isMirroredCopy || undefined}
        data-past={isPast || undefined}
        data-given={given !== null || undefined}
        data-warning={warnings.length > 0 || undefined}
        onClick={onOpen}
      >
        <span className="shot__day">{date.slice(8)}</span>
        <span className="shot__name">
          {name}
          {shot.isMirroredCopy && <span className="shot__repeat"> ↻</span>}
          {given ? (
            <span className="shot__given"> ✓ given</span>
          ) : (
            isPast && <span className="shot__past"> past</span>
          )}
        </span>
      </button>
      {timing && (
        <p className="shot__timing" data-state={shot.seasonTiming?.state}>
          {timing}
        </p>
      )}
      {reminders.length > 0 && (
        <ul className="shot__reminders" aria-label="Reminders">
          {reminders.map((line) => (
            <li key={line}>{line}</li>
          ))}
        </ul>
      )}
      {warnings.map((warning) => {
        // A pair rule names the other shot, so two warnings beside one shot are told apart.
        const otherId = warning.shotIds.find((shotId) => shotId !== shot.id);
        const other = otherId === undefined ? undefined : shotNames.get(otherId);
        const ruleText = describeWarningAction(warning, shot.id, calendar);
        return (
          <button
            key={`${warning.rule}-${warning.shotIds.join("-")}`}
            type="button"
            className="shot__warning"
            // The visible words first (WCAG 2.5.3), then which shot the warning is beside.
            aria-label={`${ruleText}${other ? ` with ${other}` : ""} (${name} on ${formatLongDate(date)})`}
            onClick={() => onOpenWarning(warning)}
          >
            <span aria-hidden="true">⚠</span>
            <span>
              {ruleText}
              {other && <span className="shot__warning-other">with {other}</span>}
            </span>
          </button>
        );
      })}
    </div>
  );
}
