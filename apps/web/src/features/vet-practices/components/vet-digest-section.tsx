import { CheckboxField } from "../../../components/ui/form-fields.tsx";
import { ErrorState, LoadingState } from "../../../components/ui/status-panels.tsx";
import { describeApiError } from "../../../lib/api-errors.ts";
import { NotificationType, showNotification } from "../../../stores/notifications.ts";
import { usePracticeDigest } from "../api/get-practice-digest.ts";
import { useUpdatePracticeDigest } from "../api/update-practice-digest.ts";

export const digestTexts = {
  title: "Weekly digest",
  label: "E-mail the practice the doses due this week and next, every Monday at 08:00",
  loading: "Loading the weekly digest setting…",
  loadFailed: "The weekly digest setting could not be loaded. Please try again.",
  changeFailed: "The weekly digest setting could not be saved. Please try again.",
  on: "The practice will get the weekly digest.",
  off: "The weekly digest is off.",
  unverified:
    "The digest goes to the practice's e-mail once it is verified: open the link in the e-mail we sent when you registered.",
} as const;

/**
 * The manager's switch for the weekly practice digest (decision 602): on by default, and also
 * turned off by the one-click link in each digest.
 */
export function VetDigestSection() {
  const digest = usePracticeDigest();
  const update = useUpdatePracticeDigest();
  return (
    <section aria-labelledby="vet-digest-title">
      <h2 id="vet-digest-title">{digestTexts.title}</h2>
      {digest.isPending ? (
        <LoadingState label={digestTexts.loading} />
      ) : digest.isError ? (
        <ErrorState
          message={describeApiError(digest.error, digestTexts.loadFailed)}
          onRetry={() => void digest.refetch()}
        />
      ) : (
        <>
          <CheckboxField
            label={digestTexts.label}
            checked={update.isPending ? update.variables : digest.data.digest_emails}
            disabled={update.isPending}
            onChange={(event) =>
              update.mutate(event.target.checked, {
                onSuccess: (answer) =>
                  showNotification(
                    NotificationType.success,
                    answer.digest_emails ? digestTexts.on : digestTexts.off,
                  ),
                onError: (error) =>
                  showNotification(
                    NotificationType.error,
                    describeApiError(error, digestTexts.changeFailed),
                  ),
              })
            }
          />
          {!digest.data.email_verified && (
            <p className="vet-card__meta">{digestTexts.unverified}</p>
          )}
        </>
      )}
    </section>
  );
}
