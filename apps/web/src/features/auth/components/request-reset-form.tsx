import { zodResolver } from "@hookform/resolvers/zod";
import { useForm } from "react-hook-form";
import { AlertBox, TextField } from "../../../components/ui/form-fields.tsx";
import { authMessages } from "../auth-messages.ts";
import { describeApiError } from "../../../lib/api-errors.ts";
import {
  PasswordResetRequestSchema,
  useRequestPasswordReset,
} from "../api/request-password-reset.ts";

/**
 * Asks for a reset link (docs/product.md §2): the modal says 'Send reset link', the screen 'Send
 * password reset link'. The answer shows in an alert box: success, or the server's warning. The
 * spec's e-mail input takes a mobile too (docs/decisions/202), so it is a text input.
 */
export function RequestResetForm({ submitLabel }: { submitLabel: string }) {
  const requestReset = useRequestPasswordReset();
  const {
    register,
    handleSubmit,
    formState: { errors },
  } = useForm({ resolver: zodResolver(PasswordResetRequestSchema), defaultValues: { email: "" } });

  return (
    <form
      className="form"
      noValidate
      onSubmit={handleSubmit((request) => requestReset.mutate(request))}
    >
      <p>
        Enter the email address or the mobile number of your account. We will send it a link to
        choose a new password.
      </p>
      {requestReset.isSuccess && <AlertBox tone="success" messages={[requestReset.data]} />}
      {requestReset.isError && (
        <AlertBox
          tone="warning"
          messages={[describeApiError(requestReset.error, authMessages.resetFailed)]}
        />
      )}
      {/* docs/decisions/202: a farmer may have registered with a mobile alone, so either is taken. */}
      <TextField
        label="Email address or mobile number"
        type="text"
        inputMode="email"
        autoComplete="username"
        autoCapitalize="none"
        spellCheck={false}
        error={errors.email?.message}
        {...register("email")}
      />
      <div className="button-row">
        <button type="submit" className="button button--primary" disabled={requestReset.isPending}>
          {requestReset.isPending ? "Sending…" : submitLabel}
        </button>
      </div>
    </form>
  );
}
