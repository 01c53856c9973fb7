/** The confirm and keep buttons that stand in for a Remove or Delete button once it is pressed. */
export function ConfirmButtons({
  confirmLabel,
  isPending,
  onConfirm,
  onKeep,
}: {
  confirmLabel: string;
  isPending: boolean;
  onConfirm: () => void;
  onKeep: () => void;
}) {
  return (
    <>
      <button
        type="button"
        className="button button--primary"
        disabled={isPending}
        onClick={onConfirm}
      >
        {confirmLabel}
      </button>
      <button type="button" className="button button--quiet" onClick={onKeep}>
        Keep it
      </button>
    </>
  );
}
