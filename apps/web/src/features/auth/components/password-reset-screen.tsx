import { zodResolver } from "@hookform/resolvers/zod";
import {
  accountMessages,
  passwordPolicy,
  type ConfirmPasswordResetRequest,
} from "@vaxcal/contracts";
import { useState } from "react";
import { useForm, useWatch } from "react-hook-form";
import { useNavigate, useSearchParams } from "react-router";
import { AlertBox, CheckboxField, TextField } from "../../../components/ui/form-fields.tsx";
import { ErrorState, LoadingState } from "../../../components/ui/status-panels.tsx";
import { paths } from "../../../config/paths.ts";
import { ApiError } from "../../../lib/api-client.ts";
import { NotificationType, showNotification } from "../../../stores/notifications.ts";
import { authMessages } from "../auth-messages.ts";
import {
  ConfirmPasswordResetRequestSchema,
  useConfirmPasswordReset,
} from "../api/confirm-password-reset.ts";
import { describeApiError, readIssueFields } from "../../../lib/api-errors.ts";
import { useVerifyResetToken } from "../api/verify-reset-token.ts";
import { RequestResetForm } from "./request-reset-form.tsx";
import "./password-reset-screen.css";

/**
 * The password reset screen (docs/product.md §2): a request form, or, when the link from the e-mail
 * brings a token and an e-mail, the token check and then the new-password form.
 */
export function PasswordResetScreen() {
  const [searchParams] = useSearchParams();
  const token = searchParams.get("token");
  // The link carries the contact it was sent to: an e-mail, or a mobile for a texted link.
  const email = searchParams.get("email") ?? searchParams.get("mobile");
  const hasLink = Boolean(token && email);

  return (
    <section className="page-panel reset-screen">
      {hasLink ? <ConfirmReset token={token ?? ""} email={email ?? ""} /> : <RequestReset />}
    </section>
  );
}

function RequestReset() {
  return (
    <>
      <title>Reset your password · VaxCal</title>
      <h1>Reset your password</h1>
      <RequestResetForm submitLabel="Send password reset link" />
    </>
  );
}

function ConfirmReset({ token, email }: { token: string; email: string }) {
  const navigate = useNavigate();
  const check = useVerifyResetToken({ token, email });

  if (check.isPending) {
    return (
      <>
        <title>Choose a new password · VaxCal</title>
        <h1>Choose a new password</h1>
        <LoadingState label="Checking your reset link…" />
      </>
    );
  }

  // A malformed link gets a 400 with the same text as an expired one: both are invalid links.
  // A refusal without the server's message (a proxy's bare 4xx) is one too: 'Invalid token'
  // (docs/product.md §8).
  const isRejected = check.isError && isRefusal(check.error);
  if (check.isError && !isRejected) {
    return (
      <>
        <title>Choose a new password · VaxCal</title>
        <h1>Choose a new password</h1>
        <ErrorState message={authMessages.tokenCheckFailed} onRetry={() => void check.refetch()} />
      </>
    );
  }

  if (isRejected || check.data?.valid === false) {
    const message = isRejected
      ? describeApiError(check.error, authMessages.tokenInvalid)
      : (check.data?.message ?? accountMessages.resetTokenInvalid);
    return (
      <>
        <title>Reset link not valid · VaxCal</title>
        <h1>Choose a new password</h1>
        <AlertBox tone="warning" messages={[message]} />
        <div className="button-row reset-screen__actions">
          <button
            type="button"
            className="button button--primary"
            onClick={() => void navigate(paths.passwordReset.getHref(), { replace: true })}
          >
            Request reset link
          </button>
        </div>
      </>
    );
  }

  return <NewPasswordForm token={token} email={email} />;
}

/** The server refused the link, as opposed to a check that could not be made (no signal, 5xx). */
function isRefusal(error: unknown): boolean {
  if (!(error instanceof ApiError)) return false;
  const isClientError = error.status >= 400 && error.status < 500;
  // A timeout or a rate limit says nothing about the link: trying again may work.
  const isRetryable = error.status === 408 || error.status === 429;
  return error.code !== null || (isClientError && !isRetryable);
}

function NewPasswordForm({ token, email }: { token: string; email: string }) {
  const navigate = useNavigate();
  const confirmReset = useConfirmPasswordReset();
  const [isShown, setIsShown] = useState(false);
  const {
    register,
    handleSubmit,
    setError,
    control,
    formState: { errors },
  } = useForm<ConfirmPasswordResetRequest>({
    resolver: zodResolver(ConfirmPasswordResetRequestSchema),
    defaultValues: { email, token, password: "", password_confirmation: "" },
  });
  const password = useWatch({ control: control, name: "password" });
  const confirmation = useWatch({ control: control, name: "password_confirmation" });
  const liveMismatch =
    confirmation !== "" && password !== confirmation ? accountMessages.passwordMismatch : undefined;
  const type = isShown ? "text" : "password";

  const submit = handleSubmit((request) =>
    confirmReset.mutate(request, {
      onSuccess: () => {
        showNotification(NotificationType.success, accountMessages.passwordReset);
        void navigate(paths.settings.getHref(), { replace: true });
      },
      onError: (error) => {
        for (const { field, message } of readIssueFields(error)) {
          if (field === "password" || field === "password_confirmation")
            setError(field, { message });
        }
      },
    }),
  );

  return (
    <>
      <title>Choose a new password · VaxCal</title>
      <h1>Choose a new password</h1>
      <form className="form" noValidate onSubmit={submit}>
        {confirmReset.isError && (
          <AlertBox messages={[describeApiError(confirmReset.error, authMessages.resetFailed)]} />
        )}
        <TextField
          label={email.includes("@") ? "Email address" : "Mobile number"}
          type={email.includes("@") ? "email" : "tel"}
          readOnly
          autoComplete="username"
          {...register("email")}
        />
        <TextField
          label="New password"
          type={type}
          autoComplete="new-password"
          hint={`At least ${passwordPolicy.minLength} characters. A few words you will remember make a strong one.`}
          error={errors.password?.message}
          {...register("password")}
        />
        <TextField
          label="Confirm new password"
          type={type}
          autoComplete="new-password"
          error={liveMismatch ?? errors.password_confirmation?.message}
          {...register("password_confirmation")}
        />
        <CheckboxField
          label="Show the passwords"
          checked={isShown}
          onChange={(event) => setIsShown(event.target.checked)}
        />
        <div className="button-row">
          <button
            type="submit"
            className="button button--primary"
            disabled={confirmReset.isPending}
          >
            {confirmReset.isPending ? "Saving…" : "Confirm reset"}
          </button>
        </div>
      </form>
    </>
  );
}
