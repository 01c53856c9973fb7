import {
  FarmWeekGroup,
  farmWeekMessages,
  type FarmWeekItem,
  type FarmWeekResponse,
} from "@vaxcal/contracts";
import { formatLongDate } from "@vaxcal/schedule";
import { useState } from "react";
import { Link } from "react-router";
import { ErrorState, LoadingState } from "../../../components/ui/status-panels.tsx";
import { paths } from "../../../config/paths.ts";
import { describeNoReminderReason, describeReminder } from "../../../lib/reminder-line.ts";
import { formatDayDate } from "../../calendar-builder/index.ts";
import { useFarmWeek } from "../../reminders/index.ts";
import { CreateCalendarLink } from "./create-calendar-link.tsx";
import { GivenShotDialog } from "./given-shot-dialog.tsx";
import "./farm-week.css";

const groupHeadings: Record<FarmWeekItem["group"], string> = {
  [FarmWeekGroup.overdue]: farmWeekMessages.overdue,
  [FarmWeekGroup.thisWeek]: farmWeekMessages.thisWeek,
  [FarmWeekGroup.later]: farmWeekMessages.nextWeeks,
};

const groupOrder = [FarmWeekGroup.overdue, FarmWeekGroup.thisWeek, FarmWeekGroup.later] as const;

/** The shot's name as the farmer knows it: the vaccine, or the disease when none is named. */
function describeShot(item: FarmWeekItem): string {
  return item.vaccine ?? item.disease;
}

/** The reminder lines of one shot, or why none will go. */
function ReminderLines({ item, week }: { item: FarmWeekItem; week: FarmWeekResponse }) {
  if (item.reminders.length > 0) {
    return (
      <ul className="farm-week__reminders" aria-label="Reminders">
        {item.reminders.map((reminder) => (
          <li key={reminder.channel}>{describeReminder(reminder, week.today)}</li>
        ))}
      </ul>
    );
  }
  const reason =
    item.no_reminder === "date_passed"
      ? farmWeekMessages.datePassed
      : week.no_reminder_reason !== null
        ? describeNoReminderReason(week.no_reminder_reason)
        : null;
  return reason ? <p className="farm-week__no-reminder">{reason}</p> : null;
}

/**
 * This week on the farm (decision 603): a farmer's home after login. One list across all their
 * calendars: overdue, due this week, next weeks. Each shot names its animal group and calendar,
 * the vaccine and the disease, the date and the reminder that will go, and can be marked as
 * given (a new record only: a given shot leaves the list).
 */
export function FarmWeekPage() {
  const week = useFarmWeek();
  const [marking, setMarking] = useState<FarmWeekItem | null>(null);
  return (
    <div className="farm-week">
      <title>{`${farmWeekMessages.title} · VaxCal`}</title>
      <h1 id="farm-week-title" tabIndex={-1}>
        {farmWeekMessages.title}
      </h1>
      {week.isPending ? (
        <LoadingState label={farmWeekMessages.loading} />
      ) : week.isError ? (
        <ErrorState message={farmWeekMessages.loadFailed} onRetry={() => void week.refetch()} />
      ) : (
        <FarmWeekList week={week.data} onMarkGiven={setMarking} />
      )}
      {marking && week.data && (
        <GivenShotDialog
          calendarId={marking.calendar_id}
          shotId={marking.shot_id}
          shotName={describeShot(marking)}
          diseaseName={marking.disease}
          plannedOn={marking.date}
          today={week.data.today}
          record={null}
          onClose={() => setMarking(null)}
        />
      )}
    </div>
  );
}

function FarmWeekList({
  week,
  onMarkGiven,
}: {
  week: FarmWeekResponse;
  onMarkGiven: (item: FarmWeekItem) => void;
}) {
  if (week.calendars === 0) {
    return (
      <div className="farm-week__empty">
        <p>{farmWeekMessages.noCalendars}</p>
        <CreateCalendarLink label="Create your first calendar" />
      </div>
    );
  }
  return (
    <>
      {week.no_reminder_reason !== null && (
        <div className="farm-week__notice" role="note">
          <p>{describeNoReminderReason(week.no_reminder_reason)}</p>
          <Link to={paths.settings.getHref()}>Go to Settings</Link>
        </div>
      )}
      {week.items.length === 0 ? (
        <p className="farm-week__empty">{farmWeekMessages.empty}</p>
      ) : (
        groupOrder.map((group) => {
          const items = week.items.filter((item) => item.group === group);
          if (items.length === 0) return null;
          return (
            <section
              key={group}
              className="farm-week__group"
              aria-labelledby={`farm-week-${group}`}
              data-group={group}
            >
              <h2 id={`farm-week-${group}`}>{groupHeadings[group]}</h2>
              <ul className="farm-week__list">
                {items.map((item) => (
                  <FarmWeekCard
                    key={`${item.calendar_id}-${item.shot_id}`}
                    item={item}
                    week={week}
                    onMarkGiven={() => onMarkGiven(item)}
                  />
                ))}
              </ul>
            </section>
          );
        })
      )}
      {week.truncated && <p>{farmWeekMessages.truncated}</p>}
    </>
  );
}

function FarmWeekCard({
  item,
  week,
  onMarkGiven,
}: {
  item: FarmWeekItem;
  week: FarmWeekResponse;
  onMarkGiven: () => void;
}) {
  const name = describeShot(item);
  return (
    <li className="farm-week__item">
      <p className="farm-week__date">{formatDayDate(item.date)}</p>
      <p className="farm-week__title">
        <strong>{name}</strong>
        {item.vaccine !== null && <> for {item.disease}</>}
      </p>
      <p className="farm-week__calendar">
        <Link to={paths.calendarDetail.getHref(item.calendar_id)}>{item.calendar}</Link>
      </p>
      <ReminderLines item={item} week={week} />
      <button
        type="button"
        className="button button--primary"
        aria-label={`Mark given: ${name}, ${item.disease}, ${item.animal}, ${formatLongDate(item.date)}`}
        onClick={onMarkGiven}
      >
        Mark given
      </button>
    </li>
  );
}
