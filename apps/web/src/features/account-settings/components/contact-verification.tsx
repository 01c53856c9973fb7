import { useMutation, useQueryClient } from "@tanstack/react-query";
import {
  MobileVerificationRequestSchema,
  type MobileVerificationRequest,
  type UserProfile,
} from "@vaxcal/contracts";
import { zodResolver } from "@hookform/resolvers/zod";
import { useForm } from "react-hook-form";
import { ActionButton } from "../../../components/ui/action-button.tsx";
import { AlertBox, TextField } from "../../../components/ui/form-fields.tsx";
import {
  resendVerificationEmail,
  resendVerificationSms,
  verifyMobileCode,
} from "../../../lib/account-verification.ts";
import { describeApiError } from "../../../lib/api-errors.ts";
import { currentUserQueryKey } from "../../../lib/current-user.ts";
import { NotificationType, showNotification } from "../../../stores/notifications.ts";

// docs/product.md §8 texts for the mobile; the e-mail resend has none in the spec.
const verificationMessages = {
  smsFailed: "SMS verification failed",
  smsResendFailed: "SMS verification resend failed",
  emailResendFailed: "Email verification resend failed",
} as const;

/**
 * Unverified contacts get no reminders (docs/product.md D16), so settings say which are not
 * verified yet and offer a new link, a new code, or typing the code from the text. A new e-mail
 * or mobile waits until it is confirmed (docs/product.md D21), and settings say so.
 */
export function ContactVerification({ user }: { user: UserProfile }) {
  const queryClient = useQueryClient();
  const pendingEmail = user.pending_email;
  const pendingPhone = user.pending_phone;
  const isEmailPending = user.email !== null && user.email_verified_at === null;
  // A code typed here confirms the new mobile when there is one: the old one's code is gone.
  const isPhonePending = user.phone !== null && user.phone_verified_at === null && !pendingPhone;

  const resendEmail = useMutation({
    mutationFn: resendVerificationEmail,
    onSuccess: (message) => showNotification(NotificationType.success, message),
  });
  const resendSms = useMutation({
    mutationFn: resendVerificationSms,
    onSuccess: (message) => showNotification(NotificationType.success, message),
  });
  const verifyCode = useMutation({
    mutationFn: (request: MobileVerificationRequest) => verifyMobileCode(request.code),
    onSuccess: async (message) => {
      showNotification(NotificationType.success, message);
      await queryClient.invalidateQueries({ queryKey: currentUserQueryKey });
    },
  });
  const {
    register,
    handleSubmit,
    formState: { errors },
  } = useForm<MobileVerificationRequest>({
    resolver: zodResolver(MobileVerificationRequestSchema) as never,
    defaultValues: { code: "" },
  });

  if (!isEmailPending && !isPhonePending && !pendingEmail && !pendingPhone) return null;

  const codeForm = (
    <form
      className="settings__code-form"
      noValidate
      onSubmit={handleSubmit((request) => verifyCode.mutate(request))}
    >
      <TextField
        label="Code from the text message"
        inputMode="numeric"
        autoComplete="one-time-code"
        maxLength={7}
        error={errors.code?.message}
        {...register("code")}
      />
      <button type="submit" className="button button--primary" disabled={verifyCode.isPending}>
        Verify mobile
      </button>
    </form>
  );
  const codeError = verifyCode.isError && (
    <AlertBox messages={[describeApiError(verifyCode.error, verificationMessages.smsFailed)]} />
  );

  return (
    <section className="settings__section settings__verification" aria-labelledby="settings-verify">
      <h2 id="settings-verify">Verify your contact details</h2>
      <p>We only send reminders to an email address or mobile number you have verified.</p>
      {pendingEmail && (
        <div className="settings__verify-item">
          <p>
            Your new email address <strong>{pendingEmail}</strong> is waiting for confirmation.
            Click the link in the email we sent to it. Until then we keep using your current
            details. To get a new link, enter the address again and save.
          </p>
        </div>
      )}
      {pendingPhone && (
        <div className="settings__verify-item">
          <p>
            Your new mobile number <strong>{pendingPhone}</strong> is waiting for confirmation. Tap
            the link in the text message we sent to it, or type its code here. Until then we keep
            using your current details. To get a new code, enter the number again and save.
          </p>
          {codeError}
          {codeForm}
        </div>
      )}
      {isEmailPending && (
        <div className="settings__verify-item">
          <p>
            Your email address <strong>{user.email}</strong> is not verified yet. Click the link in
            the email we sent you.
          </p>
          {resendEmail.isError && (
            <AlertBox
              messages={[
                describeApiError(resendEmail.error, verificationMessages.emailResendFailed),
              ]}
            />
          )}
          <ActionButton action={resendEmail}>Resend verification email</ActionButton>
        </div>
      )}
      {isPhonePending && (
        <div className="settings__verify-item">
          <p>
            Your mobile number <strong>{user.phone}</strong> is not verified yet. Tap the link in
            the text message we sent you, or type its code here.
          </p>
          {codeError}
          {resendSms.isError && (
            <AlertBox
              messages={[describeApiError(resendSms.error, verificationMessages.smsResendFailed)]}
            />
          )}
          {codeForm}
          <ActionButton action={resendSms}>Resend verification SMS</ActionButton>
        </div>
      )}
    </section>
  );
}
