import { accountMessages } from "@vaxcal/contracts";
import { useEffect, useRef } from "react";
import { useAuthStore } from "../../../stores/auth.ts";
import { fetchCurrentUser } from "../../../lib/current-user.ts";
import { NotificationType, showNotification } from "../../../stores/notifications.ts";
import { verifyMobileCode } from "../api/verify-mobile.ts";
import { clearMobileVerificationCode, readMobileVerificationCode } from "../mobile-code-storage.ts";

export const mobileVerificationFailedMessage =
  "Failed to verify your mobile number. Please try again.";

/**
 * docs/product.md §2 (PublicHome): if a mobile verification code is stored, confirm it once. On
 * success the code is cleared; on failure it is kept, so the next visit tries again. The server
 * takes the code only from the signed-in farmer, so a code opened while signed out waits for login.
 */
export function usePendingMobileVerification(verify = verifyMobileCode): void {
  // StrictMode runs effects twice in development; the code must be sent only once.
  const hasStarted = useRef(false);
  const isAuthenticated = useAuthStore((state) => state.isAuthenticated);

  useEffect(() => {
    const code = readMobileVerificationCode();
    if (!isAuthenticated || code === null || hasStarted.current) return;
    hasStarted.current = true;
    verify(code).then(
      () => {
        clearMobileVerificationCode();
        showNotification(NotificationType.success, accountMessages.mobileVerified);
        // The verification banner goes once the profile says the mobile is verified.
        fetchCurrentUser().catch(() => {});
      },
      () => showNotification(NotificationType.error, mobileVerificationFailedMessage),
    );
  }, [verify, isAuthenticated]);
}
