import { RequestResetForm } from "./request-reset-form.tsx";

/** docs/product.md §2 'Password reset modal': an e-mail field and 'Send reset link'. */
export function PasswordResetModalBody() {
  return <RequestResetForm submitLabel="Send reset link" />;
}
