import { useMutation } from "@tanstack/react-query";
import { ActionButton } from "../../../components/ui/action-button.tsx";
import {
  resendVerificationEmail,
  resendVerificationSms,
} from "../../../lib/account-verification.ts";
import { useAuthStore } from "../../../stores/auth.ts";
import { NotificationType, showNotification } from "../../../stores/notifications.ts";
import { authMessages } from "../auth-messages.ts";
import { describeApiError } from "../../../lib/api-errors.ts";
import { Link } from "react-router";
import { paths } from "../../../config/paths.ts";
import { useIsBannerCompact } from "../../../stores/compact-banner.ts";
import "./verification-banner.css";

function describeContacts(hasEmail: boolean, hasPhone: boolean): string {
  if (hasEmail && hasPhone) return "email or mobile";
  return hasEmail ? "email" : "mobile";
}

/**
 * docs/product.md §2 'Verification banner': for a signed-in user whose e-mail and mobile are both
 * unverified, since no reminder can reach them. Each resend button shows only if that contact
 * exists.
 */
export function VerificationBanner() {
  const user = useAuthStore((state) => state.user);
  const resendEmail = useMutation({
    mutationFn: resendVerificationEmail,
    onSuccess: (message) => showNotification(NotificationType.success, message),
    onError: (error) =>
      showNotification(
        NotificationType.error,
        describeApiError(error, authMessages.emailResendFailed),
      ),
  });
  const resendSms = useMutation({
    mutationFn: resendVerificationSms,
    onSuccess: (message) => showNotification(NotificationType.success, message),
    onError: (error) =>
      showNotification(
        NotificationType.error,
        describeApiError(error, authMessages.smsResendFailed),
      ),
  });

  const isCompact = useIsBannerCompact();

  if (!user || user.email_verified_at !== null || user.phone_verified_at !== null) return null;
  const hasEmail = user.email !== null;
  const hasPhone = user.phone !== null;

  if (isCompact) {
    // One line, so the screen's own actions come first; the full banner is one tap away.
    return (
      <section
        className="verification-banner verification-banner--compact"
        aria-labelledby="verification-banner-title"
      >
        <p className="verification-banner__inner container">
          <span aria-hidden="true">! </span>
          <strong id="verification-banner-title">No alerts yet:</strong>{" "}
          <Link to={paths.settings.getHref()}>verify {describeContacts(hasEmail, hasPhone)}</Link>
        </p>
      </section>
    );
  }

  return (
    <section className="verification-banner" aria-labelledby="verification-banner-title">
      <div className="verification-banner__inner container">
        <h2 id="verification-banner-title" className="verification-banner__title">
          We cannot send you alerts yet
        </h2>
        {hasEmail && (
          <p>
            Your email address <strong>{user.email}</strong> is not verified. We will not send you
            alerts by email until you click the link in the email we sent you.
          </p>
        )}
        {hasPhone && (
          <p>
            Your mobile number <strong>{user.phone}</strong> is not verified. We will not send you
            text alerts until you tap the link in the text message we sent you.
          </p>
        )}
        <div className="button-row">
          {hasEmail && <ActionButton action={resendEmail}>Resend verification email</ActionButton>}
          {hasPhone && <ActionButton action={resendSms}>Resend verification SMS</ActionButton>}
        </div>
      </div>
    </section>
  );
}
