import { Component, Suspense, lazy, type ComponentType, type ReactNode } from "react";
import { openModal, useModalStore } from "../stores/modals.ts";

/**
 * A piece of the app's code that did not arrive: a weak signal dropped it, or a deploy replaced
 * it since the page loaded. Only this error is one a retry can fix, so boundaries tell it apart.
 */
export class ChunkLoadError extends Error {
  constructor(cause: unknown) {
    super("A part of the app could not be downloaded.", { cause });
    this.name = "ChunkLoadError";
  }
}

const reopenModalKey = "vaxcal:reopen-modal";

/**
 * Chromium keeps a module whose download failed as failed for the life of the page, so a retry
 * in the page fails again at once without asking the network. After a second failure the page
 * reloads, which downloads afresh (what Vite's documentation advises for `vite:preloadError`),
 * and the modal that was opening opens again.
 */
function reloadToDownloadAgain(): void {
  const modalName = useModalStore.getState().openModalName;
  if (modalName !== null) sessionStorage.setItem(reopenModalKey, modalName);
  window.location.reload();
}

/** Opens the modal a reload for a failed download left open; the app calls it once at start. */
export function reopenModalAfterReload(): void {
  const modalName = sessionStorage.getItem(reopenModalKey);
  if (modalName === null) return;
  sessionStorage.removeItem(reopenModalKey);
  openModal(modalName);
}

/** How to let each lazy component whose download failed download again. */
const failedDownloads = new Set<() => void>();

/**
 * Lets the next render download again every piece of code that failed: all of them, since a
 * boundary sees only the first of several that failed together (a modal's body and its title).
 * Call it only while the error is on screen, when nothing renders the failed components: any
 * earlier, React's own re-render of a failed component would start its download again at once,
 * in a loop while the signal is gone.
 */
export function prepareRetryOfFailedDownloads(): void {
  for (const allowDownload of failedDownloads) allowDownload();
  failedDownloads.clear();
}

/**
 * A component whose code is downloaded the first time it renders, so the landing page does not
 * carry every screen and modal. Until the code is there, `fallback` shows in its place (a
 * `LoadingState`, never a blank page; a function of the props when the text depends on them).
 * A failed download throws a `ChunkLoadError` to the nearest error boundary: the route's error
 * page, or the modal's retry.
 */
export function lazyComponent<Props extends object>(
  load: () => Promise<ComponentType<Props>>,
  fallback: ReactNode | ((props: Props) => ReactNode),
): ComponentType<Props> {
  // Shared by every mount: once the code is here, a new mount shows it without a loading flash.
  let Loaded = lazy(startLoading);
  let failures = 0;

  function startLoading() {
    const attempt = Loaded;
    return load().then(
      (component) => ({ default: component }),
      (error: unknown) => {
        failures++;
        if (failures > 1) reloadToDownloadAgain();
        // React.lazy keeps a failure for good: a retry needs a fresh one.
        failedDownloads.add(() => {
          if (Loaded === attempt) Loaded = lazy(startLoading);
        });
        throw new ChunkLoadError(error);
      },
    );
  }

  return function LazyComponent(props: Props) {
    return (
      <Suspense fallback={typeof fallback === "function" ? fallback(props) : fallback}>
        <Loaded {...props} />
      </Suspense>
    );
  };
}

type LoadErrorBoundaryProps = {
  /** What shows instead when the code failed to arrive; `retry` mounts the children again. */
  renderLoadError: (retry: () => void) => ReactNode;
  children: ReactNode;
};

/** Catches a `ChunkLoadError` below it; any other error goes on to the boundary above. */
export class LoadErrorBoundary extends Component<
  LoadErrorBoundaryProps,
  { caught: { error: unknown } | null }
> {
  override state: { caught: { error: unknown } | null } = { caught: null };

  static getDerivedStateFromError(error: unknown) {
    return { caught: { error } };
  }

  override render() {
    const { caught } = this.state;
    if (caught === null) return this.props.children;
    if (!(caught.error instanceof ChunkLoadError)) throw caught.error;
    return this.props.renderLoadError(() => {
      prepareRetryOfFailedDownloads();
      this.setState({ caught: null });
    });
  }
}
