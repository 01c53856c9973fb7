import "./status-panels.css";

/** What a screen shows while its data is on the way; never a blank page on a slow signal. */
export function LoadingState({ label }: { label: string }) {
  return (
    <div className="status-panel" role="status">
      <span className="status-panel__spinner" aria-hidden="true" />
      <p>{label}</p>
    </div>
  );
}

/** A failed load, in plain words, with a way to try again. */
export function ErrorState({ message, onRetry }: { message: string; onRetry?: () => void }) {
  return (
    <div className="status-panel status-panel--error" role="alert">
      <p>{message}</p>
      {onRetry && (
        <button type="button" className="button button--primary" onClick={onRetry}>
          Try again
        </button>
      )}
    </div>
  );
}
