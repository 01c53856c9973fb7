import type { ReminderFailure } from "@vaxcal/contracts";
import { ErrorState, LoadingState } from "../../../components/ui/status-panels.tsx";
import { useReminderStatus } from "../api/get-reminder-status.ts";

const failedOn = new Intl.DateTimeFormat("en-IE", {
  day: "numeric",
  month: "short",
  year: "numeric",
  timeZone: "Europe/Dublin",
});

/** "Text to 087… failed on 3 Mar 2026: …" (decision 601: failures are shown, never dropped). */
export function describeReminderFailure(failure: ReminderFailure): string {
  const channel = failure.channel === "sms" ? "Text" : "Email";
  const day = failedOn.format(new Date(failure.failed_at));
  return `${channel} to ${failure.recipient} failed on ${day}: ${failure.reason}`;
}

/** Account Settings' reminders: whether each channel is on, and the reminders that failed. */
export function ReminderStatus() {
  const status = useReminderStatus();
  return (
    <section className="settings__reminders" aria-labelledby="settings-reminders-heading">
      <h2 id="settings-reminders-heading">Vaccination reminders</h2>
      {status.isPending && <LoadingState label="Loading reminders..." />}
      {status.isError && (
        <ErrorState
          message="We could not load your reminders. Please check your signal and try again."
          onRetry={() => void status.refetch()}
        />
      )}
      {status.isSuccess && (
        <>
          <p>
            Email reminders are {status.data.email_reminders ? "on" : "off"}. Text reminders are{" "}
            {status.data.text_reminders ? "on" : "off"}. Change them under notifications below.
          </p>
          {status.data.failures.length > 0 && (
            <ul className="settings__reminder-failures">
              {status.data.failures.map((failure) => (
                <li key={`${failure.channel}-${failure.failed_at}-${failure.due_date}`}>
                  {describeReminderFailure(failure)}
                </li>
              ))}
            </ul>
          )}
        </>
      )}
    </section>
  );
}
