import { NO_FIXED_SCHEDULE_NOTE, readMonthName } from "@vaxcal/schedule";
import { useId } from "react";
import { formatYearMonth } from "../lib/calendar-dates.ts";
import {
  CalendarShot,
  PastShots,
  groupMonthsByYear,
  layoutShots,
  noReminders,
  readAccent,
  type CalendarGridProps,
} from "./calendar-grid.tsx";
import { MissedDoses } from "./missed-doses.tsx";

const noGivenShots: NonNullable<CalendarGridProps["givenShots"]> = new Map();

/**
 * Decision 428: the calendar on a phone, month by month. Each month with shots is a heading and
 * a list of its shots, every disease named in full at the width of the screen, so nothing hides
 * in a box that scrolls sideways. The grid's other actions (add a shot in a year, remove a
 * disease) sit under each disease below the months. The shots are the grid's own buttons, with
 * the same names, so a shot reads and opens the same on both.
 */
export function CalendarAgenda({
  calendar,
  diseases,
  warningsByShot,
  today,
  isMaxShotsReached,
  onOpenShot,
  onAddShot,
  onRemoveDisease,
  onOpenWarning,
  onAddDiseases,
  givenShots = noGivenShots,
  describeReminders = noReminders,
}: CalendarGridProps & { onAddDiseases: () => void }) {
  const headingId = useId();
  const { shotsByCell, shotNames, currentMonth, earlierShots, columns } = layoutShots(
    calendar,
    diseases,
    today,
  );
  const years = groupMonthsByYear(calendar);
  const months = years.flatMap(({ year, months: inYear }) =>
    inYear.map((month) => {
      const yearMonth = formatYearMonth(year, month);
      const shots = columns.flatMap(({ column, disease }) =>
        (shotsByCell.get(`${column.diseaseId}|${yearMonth}`) ?? []).map((shot) => ({
          shot,
          disease,
        })),
      );
      shots.sort((left, right) => (left.shot.date ?? "").localeCompare(right.shot.date ?? ""));
      return { year, month, yearMonth, shots };
    }),
  );
  const shownMonths = months.filter((month) => month.shots.length > 0);

  return (
    <>
      <MissedDoses calendar={calendar} shotNames={shotNames} />
      <PastShots earlierShots={earlierShots} givenShots={givenShots} onOpenShot={onOpenShot} />
      <div className="calendar-agenda" role="region" aria-label="Vaccination calendar">
        {shownMonths.length === 0 && (
          <p className="calendar-agenda__empty">No shot is planned yet: add one under a disease.</p>
        )}
        {shownMonths.map(({ year, month, yearMonth, shots }) => (
          <section
            key={yearMonth}
            className="calendar-agenda__month"
            data-current={yearMonth === currentMonth || undefined}
            aria-labelledby={`${headingId}-${yearMonth}`}
          >
            <h2 id={`${headingId}-${yearMonth}`} className="calendar-agenda__month-name">
              {readMonthName(month)} {year}
            </h2>
            <ul className="calendar-agenda__shots">
              {shots.map(({ shot, disease }) => (
                <li key={shot.id} className="calendar-agenda__shot" style={readAccent(disease)}>
                  <p className="calendar-agenda__disease">
                    {disease?.name ?? `Disease ${shot.diseaseId}`}
                  </p>
                  <CalendarShot
                    shot={shot}
                    disease={disease}
                    context={{
                      calendar,
                      today,
                      warningsByShot,
                      givenShots,
                      shotNames,
                      describeReminders,
                      onOpenShot,
                      onOpenWarning,
                    }}
                  />
                </li>
              ))}
            </ul>
          </section>
        ))}

        <section className="calendar-agenda__diseases" aria-labelledby={`${headingId}-diseases`}>
          <h2 id={`${headingId}-diseases`} className="calendar-agenda__month-name">
            Diseases on this calendar
          </h2>
          <ul className="calendar-agenda__disease-list">
            {columns.map(({ column, disease }) => {
              const name = disease?.name ?? `Disease ${column.diseaseId}`;
              return (
                <li
                  key={column.diseaseId}
                  className="calendar-agenda__disease-card"
                  style={readAccent(disease)}
                >
                  <h3 className="calendar-agenda__disease-name">{name}</h3>
                  {disease?.vaccine && (
                    <p className="calendar-agenda__vaccine">{disease.vaccine.name}</p>
                  )}
                  {disease?.footnote ? (
                    <p className="calendar-agenda__note">{disease.footnote}</p>
                  ) : null}
                  {column.hasNoFixedSchedule && (
                    <p className="calendar-agenda__note">{NO_FIXED_SCHEDULE_NOTE}</p>
                  )}
                  <p
                    id={`${headingId}-add-${column.diseaseId}`}
                    className="calendar-agenda__add-label"
                  >
                    Add a shot in
                  </p>
                  <div
                    className="calendar-agenda__actions"
                    role="group"
                    aria-labelledby={`${headingId}-add-${column.diseaseId}`}
                  >
                    {years.map(({ year }) => {
                      const isReached = isMaxShotsReached(column.diseaseId, year);
                      return (
                        <button
                          key={year}
                          type="button"
                          className="calendar-grid__add calendar-agenda__add"
                          aria-label={`Add shot for ${name} in ${year}${isReached ? " (most shots reached)" : ""}`}
                          data-max-reached={isReached}
                          onClick={() => onAddShot(column.diseaseId, year)}
                        >
                          <span className="calendar-grid__add-mark" aria-hidden="true">
                            {isReached ? "⚠" : "+"}
                          </span>{" "}
                          {year}
                        </button>
                      );
                    })}
                  </div>
                  <button
                    type="button"
                    className="button button--secondary calendar-agenda__remove"
                    aria-label={`Remove ${name}`}
                    onClick={() => onRemoveDisease(column.diseaseId)}
                  >
                    Remove from calendar
                  </button>
                </li>
              );
            })}
          </ul>
          <button type="button" className="button button--primary" onClick={onAddDiseases}>
            Add diseases
          </button>
        </section>
      </div>
    </>
  );
}
