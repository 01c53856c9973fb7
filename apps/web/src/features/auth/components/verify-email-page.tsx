import { useQueryClient } from "@tanstack/react-query";
import { accountMessages } from "@vaxcal/contracts";
import { useEffect } from "react";
import { Link, useNavigate, useParams } from "react-router";
import { LoadingState } from "../../../components/ui/status-panels.tsx";
import { paths } from "../../../config/paths.ts";
import { currentUserQueryKey } from "../../../lib/current-user.ts";
import { NotificationType, showNotification } from "../../../stores/notifications.ts";
import {
  authMessages,
  describeEmailVerificationFailure,
  emailVerifiedRedirectMs,
} from "../auth-messages.ts";
import { describeApiError } from "../../../lib/api-errors.ts";
import { useVerifyEmail } from "../api/verify-email.ts";

/**
 * /email/verify/{id}/{hash} (docs/product.md §2): verifies the link from the e-mail, says so, and
 * opens account settings after 2 s; a bad link says why.
 */
export function VerifyEmailPage() {
  const { id = "", hash = "" } = useParams();
  const verification = useVerifyEmail(id, hash);
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const isVerified = verification.isSuccess;

  useEffect(() => {
    if (!isVerified) return;
    showNotification(NotificationType.success, accountMessages.emailVerified);
    // The banner and settings read the profile: it now has a verified address.
    void queryClient.invalidateQueries({ queryKey: currentUserQueryKey });
    const timer = setTimeout(
      () => void navigate(paths.settings.getHref(), { replace: true }),
      emailVerifiedRedirectMs,
    );
    return () => clearTimeout(timer);
  }, [isVerified, navigate, queryClient]);

  return (
    <section className="page-panel">
      <title>Verify your email · VaxCal</title>
      <h1>Verify your email</h1>
      {verification.isPending && <LoadingState label={authMessages.emailVerifying} />}
      {verification.isSuccess && (
        <p role="status" className="lead">
          {authMessages.emailVerifiedRedirect}
        </p>
      )}
      {verification.isError && (
        <>
          <p role="alert" className="lead">
            {describeEmailVerificationFailure(
              describeApiError(verification.error, authMessages.emailVerificationError),
            )}
          </p>
          <div className="button-row">
            <Link className="button button--primary" to={paths.settings.getHref()}>
              Go to my account settings
            </Link>
            <Link className="button button--secondary" to={paths.home.getHref()}>
              Back to the home page
            </Link>
          </div>
        </>
      )}
    </section>
  );
}
