import { farmWeekMessages, type FarmWeekResponse } from "@vaxcal/contracts";
import { formatLongDate } from "@vaxcal/schedule";
import { Link } from "react-router";
import { ErrorState, LoadingState } from "../../../components/ui/status-panels.tsx";
import { paths } from "../../../config/paths.ts";
import {
  describeNoReminderReason,
  describeReminder,
  formatRecipient,
} from "../../../lib/reminder-line.ts";
import { useFarmWeek } from "../api/get-farm-week.ts";

const shownReminders = 5;

/** The account's channels in words: `Text to 087 123 4567: on`, or why one is not used. */
function describeChannel(channel: FarmWeekResponse["channels"][number]): string {
  const name = channel.channel === "sms" ? "Texts to" : "Emails to";
  const state = !channel.verified ? "not verified yet" : channel.on ? "on" : "off";
  return `${name} ${formatRecipient(channel.recipient)}: ${state}`;
}

/** The next planned reminders, soonest first, with the shot each is about. */
function listNextReminders(week: FarmWeekResponse) {
  return week.items
    .flatMap((item) =>
      item.reminders
        .filter((reminder) => reminder.status === "planned")
        .map((reminder) => ({ item, reminder })),
    )
    .sort((a, b) => a.reminder.at.localeCompare(b.reminder.at))
    .slice(0, shownReminders);
}

/** Account Settings: where reminders go, and the next 5 that will go (decision 603). */
export function NextReminders() {
  const week = useFarmWeek();
  return (
    <section className="settings__next-reminders" aria-labelledby="settings-next-reminders">
      <h2 id="settings-next-reminders">Next reminders</h2>
      {week.isPending && <LoadingState label="Loading your next reminders…" />}
      {week.isError && (
        <ErrorState message={farmWeekMessages.loadFailed} onRetry={() => void week.refetch()} />
      )}
      {week.isSuccess && (
        <>
          {week.data.channels.length > 0 && (
            <ul className="settings__channels" aria-label="Where reminders go">
              {week.data.channels.map((channel) => (
                <li key={channel.channel}>{describeChannel(channel)}</li>
              ))}
            </ul>
          )}
          {week.data.no_reminder_reason !== null ? (
            <p>{describeNoReminderReason(week.data.no_reminder_reason)}</p>
          ) : listNextReminders(week.data).length === 0 ? (
            <p>No reminder is planned in the next 8 weeks.</p>
          ) : (
            <ol className="settings__reminder-list">
              {listNextReminders(week.data).map(({ item, reminder }) => (
                <li key={`${item.calendar_id}-${item.shot_id}-${reminder.channel}`}>
                  {describeReminder(reminder, week.data.today)}: {item.vaccine ?? item.disease} for{" "}
                  {item.disease}, {item.animal}, due {formatLongDate(item.date)}
                </li>
              ))}
            </ol>
          )}
          <p>
            <Link to={paths.farmWeek.getHref()}>See everything due on your farm</Link>
          </p>
        </>
      )}
    </section>
  );
}
