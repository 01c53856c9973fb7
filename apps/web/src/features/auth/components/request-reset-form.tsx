import { zodResolver } from "@hookform/resolvers/zod";
import { useForm } from "react-hook-form";
import { AlertBox, EmailField } from "../../../components/ui/form-fields.tsx";
import { authMessages } from "../auth-messages.ts";
import { describeApiError } from "../../../lib/api-errors.ts";
import {
  PasswordResetRequestSchema,
  useRequestPasswordReset,
} from "../api/request-password-reset.ts";

/**
 * Asks for a reset link (docs/product.md §2): the modal says 'Send reset link', the screen 'Send
 * Password Reset Link'. The answer shows in an alert box: success, or the server's warning.
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
        Enter the email address of your account. We will send it a link to choose a new password.
      </p>
      {requestReset.isSuccess && <AlertBox tone="success" messages={[requestReset.data]} />}
      {requestReset.isError && (
        <AlertBox
          tone="warning"
          messages={[describeApiError(requestReset.error, authMessages.resetFailed)]}
        />
      )}
      <EmailField error={errors.email?.message} {...register("email")} />
      <div className="button-row">
        <button type="submit" className="button button--primary" disabled={requestReset.isPending}>
          {requestReset.isPending ? "Sending…" : submitLabel}
        </button>
      </div>
    </form>
  );
}
