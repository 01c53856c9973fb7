import { describeRouteChoice, type GivenShot } from "@vaxcal/contracts";
import {
  describeSeasonTiming,
  formatLongDate,
  type Calendar,
  type IsoDate,
  type ProtocolWarning,
} from "@vaxcal/schedule";
import type { ComponentType, CSSProperties } from "react";
import { formatDayDate } from "../lib/calendar-dates.ts";
import type { DueNextGroup, DueNextItem } from "../lib/due-next.ts";
import { describeShotName } from "../lib/past-shots.ts";
import { describeWarningAction } from "../lib/protocol-warnings.ts";
import type { UndoGivenShotButtonProps } from "./given-shots-parts.ts";
import { MissedDoses } from "./missed-doses.tsx";

type DueNextListProps = {
  groups: readonly DueNextGroup[];
  /** e.g. `Cows (Dairy, Spring calving)`. */
  animalGroup: string;
  /** e.g. `51–100`, or `1 per animal` when the herd size is not known. */
  doses: string;
  /** A saved calendar's id: its shots can be marked as given. Null in the builder. */
  calendarId: number | null;
  /** A saved calendar's 'Undo' for a given shot; null in the builder. */
  UndoButton: ComponentType<UndoGivenShotButtonProps> | null;
  calendar: Calendar;
  /** The engine's protocol warnings by shot id, as the grid marks them (docs/product.md D20). */
  warningsByShot: ReadonlyMap<string, readonly ProtocolWarning[]>;
  /** Every shot's short name by id, so a pair rule can name the other shot. */
  shotNames: ReadonlyMap<string, string>;
  onMarkGiven: (item: DueNextItem) => void;
  /** The reminders that will go about a shot on this date: "Text to 087 123 4567 on …". */
  describeReminders?: (date: IsoDate) => readonly string[];
  onOpenShot: (item: DueNextItem) => void;
  onOpenWarning: (warning: ProtocolWarning, item: DueNextItem) => void;
};

function readAccent(item: DueNextItem): CSSProperties {
  const accent = item.disease?.vaccine?.accent_color;
  return accent ? ({ "--accent": `rgb(${accent})` } as CSSProperties) : {};
}

/**
 * 'Due next': the shots to give, in date order, a week at a time. Each says the animal
 * group, the disease, the vaccine, the route and the doses needed; on a saved calendar each can
 * be marked as given, and a given one says when, with its batch, and can be undone.
 */
export function DueNextList({
  groups,
  animalGroup,
  doses,
  calendarId,
  UndoButton,
  calendar,
  warningsByShot,
  shotNames,
  onMarkGiven,
  describeReminders,
  onOpenShot,
  onOpenWarning,
}: DueNextListProps) {
  const missed = <MissedDoses calendar={calendar} shotNames={shotNames} />;
  if (groups.length === 0) {
    return (
      <>
        {missed}
        <p className="due-next__empty">
          No shots are due in the coming year. Switch to the calendar grid to see every shot.
        </p>
      </>
    );
  }
  return (
    <div className="due-next">
      {missed}
      {groups.map((group) => (
        <section
          key={group.key}
          className="due-next__week"
          aria-labelledby={`due-next-${group.key}`}
          data-overdue={group.key === "overdue" || undefined}
        >
          <h2 id={`due-next-${group.key}`} className="due-next__heading">
            {group.heading}
          </h2>
          <ul className="due-next__list">
            {group.items.map((item) => (
              <DueNextCard
                key={item.shot.id}
                item={item}
                animalGroup={animalGroup}
                doses={doses}
                calendarId={calendarId}
                UndoButton={UndoButton}
                calendar={calendar}
                warnings={warningsByShot.get(item.shot.id) ?? []}
                shotNames={shotNames}
                onMarkGiven={() => onMarkGiven(item)}
                reminders={item.given ? [] : (describeReminders?.(item.date) ?? [])}
                onOpenShot={() => onOpenShot(item)}
                onOpenWarning={(warning) => onOpenWarning(warning, item)}
              />
            ))}
          </ul>
        </section>
      ))}
    </div>
  );
}

function DueNextCard({
  item,
  animalGroup,
  doses,
  calendarId,
  UndoButton,
  calendar,
  warnings,
  shotNames,
  onMarkGiven,
  reminders,
  onOpenShot,
  onOpenWarning,
}: {
  item: DueNextItem;
  animalGroup: string;
  doses: string;
  calendarId: number | null;
  UndoButton: ComponentType<UndoGivenShotButtonProps> | null;
  calendar: Calendar;
  warnings: readonly ProtocolWarning[];
  shotNames: ReadonlyMap<string, string>;
  onMarkGiven: () => void;
  reminders: readonly string[];
  onOpenShot: () => void;
  onOpenWarning: (warning: ProtocolWarning) => void;
}) {
  const name = describeShotName(item.shot, item.disease);
  const diseaseName = item.disease?.name ?? `Disease ${item.shot.diseaseId}`;
  const vaccineType = item.disease?.vaccine?.vaccine_type;
  const route = vaccineType ? describeRouteChoice(vaccineType) : "Ask your vet";
  // Decision 411: a dose due now says when its window closes; a missed one says to ask the vet.
  const timing = item.given ? null : describeSeasonTiming(item.shot.seasonTiming, calendar.today);
  return (
    <li className="due-card" style={readAccent(item)} data-given={item.given !== null || undefined}>
      <p className="due-card__date">
        {item.given && (
          <span className="due-card__done" aria-hidden="true">
            ✓{" "}
          </span>
        )}
        {formatDayDate(item.date)}
      </p>
      <p className="due-card__title">
        <strong>{diseaseName}</strong>: {name}
      </p>
      {timing && (
        <p className="due-card__timing" data-state={item.shot.seasonTiming?.state}>
          {timing}
        </p>
      )}
      {/* A shot already given needs no advice on when to give it. */}
      {!item.given && warnings.length > 0 && (
        <ul className="due-card__warnings">
          {warnings.map((warning) => {
            // As in the grid: the farm words say what to do; the rule and its source are in the
            // popup's details line. A pair rule names the other shot.
            const otherId = warning.shotIds.find((shotId) => shotId !== item.shot.id);
            const other = otherId === undefined ? undefined : shotNames.get(otherId);
            const action = describeWarningAction(warning, item.shot.id, calendar);
            return (
              <li key={`${warning.rule}-${warning.shotIds.join("-")}`}>
                <button
                  type="button"
                  className="shot__warning due-card__warning"
                  // The visible words first (WCAG 2.5.3), then which shot it is about.
                  aria-label={`${action}${other ? ` with ${other}` : ""} (${name}, ${diseaseName}, ${formatLongDate(item.date)})`}
                  onClick={() => onOpenWarning(warning)}
                >
                  <span aria-hidden="true">⚠</span>
                  <span>
                    {action}
                    {other && <span className="shot__warning-other">with {other}</span>}
                  </span>
                </button>
              </li>
            );
          })}
        </ul>
      )}
      <dl className="due-card__facts">
        <div>
          <dt>Animals</dt>
          <dd>{animalGroup}</dd>
        </div>
        <div>
          <dt>Route</dt>
          <dd>{route}</dd>
        </div>
        <div>
          <dt>Doses</dt>
          <dd>{doses}</dd>
        </div>
      </dl>
      {reminders.length > 0 && (
        <ul className="due-card__reminders" aria-label="Reminders">
          {reminders.map((line) => (
            <li key={line}>{line}</li>
          ))}
        </ul>
      )}
      {item.given ? (
        <GivenSummary
          record={item.given}
          calendarId={calendarId ?? 0}
          UndoButton={UndoButton}
          name={name}
          onChange={onMarkGiven}
        />
      ) : (
        <div className="due-card__actions">
          {calendarId !== null && (
            <button
              type="button"
              className="button button--primary"
              aria-label={`Mark as given: ${name}, ${diseaseName}, ${formatLongDate(item.date)}`}
              onClick={onMarkGiven}
            >
              Mark as given
            </button>
          )}
          <button
            type="button"
            className="button button--secondary"
            aria-label={`Change date: ${name}, ${diseaseName}, ${formatLongDate(item.date)}`}
            onClick={onOpenShot}
          >
            Change date
          </button>
        </div>
      )}
    </li>
  );
}

function GivenSummary({
  record,
  calendarId,
  UndoButton,
  name,
  onChange,
}: {
  record: GivenShot;
  calendarId: number;
  UndoButton: ComponentType<UndoGivenShotButtonProps> | null;
  name: string;
  onChange: () => void;
}) {
  return (
    <div className="due-card__given">
      <p className="due-card__given-text">
        <strong>Given</strong> on {formatLongDate(record.givenOn as IsoDate)} · Batch {record.batch}
        {record.givenBy ? ` · by ${record.givenBy}` : ""}
      </p>
      {record.note && <p className="due-card__note">{record.note}</p>}
      <div className="due-card__actions">
        <button
          type="button"
          className="button button--secondary"
          aria-label={`Change the record: ${name}`}
          onClick={onChange}
        >
          Change
        </button>
        {UndoButton && <UndoButton calendarId={calendarId} shotId={record.shotId} name={name} />}
      </div>
    </div>
  );
}
