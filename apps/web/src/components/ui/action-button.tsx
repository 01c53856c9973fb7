import type { ReactNode } from "react";

type ActionButtonProps = {
  /** The call the button starts; the button is disabled while it runs. */
  action: { readonly isPending: boolean; readonly mutate: () => void };
  children: ReactNode;
};

/** A secondary button that starts a call, such as 'Resend verification SMS'. */
export function ActionButton({ action, children }: ActionButtonProps) {
  return (
    <button
      type="button"
      className="button button--secondary"
      disabled={action.isPending}
      onClick={() => action.mutate()}
    >
      {children}
    </button>
  );
}
