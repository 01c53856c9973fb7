/*
 * The phone's back button closes an open dialog first (issue 25, item 8; decision 430). While any
 * dialog is open, the page has one extra history entry, the same address marked as a dialog's.
 * Back leaves that entry: the top dialog closes and the page stays, and the router never hears
 * of it. A dialog closed any other way takes its entry away again (history.back()), so no stray
 * entry is left. A page change made while the entry is current takes the entry's place; one
 * made while that back is still under way waits for it, so the two never cross.
 */

const markerKey = "vaxcalDialog";
/**
 * How long a back of our own may take before the history calls it held up go ahead anyway. A
 * same-page back always lands; on a loaded phone it can take over a second, and a page pushed
 * before it lands would then be left by it. So the wait is long: it only bounds a back that
 * never comes.
 */
const backTimeoutMs = 10_000;

type OpenDialog = { close: () => void };

const openDialogs: OpenDialog[] = [];
/** True while the current history entry is the dialogs' own. */
let hasEntry = false;
/** True between our own history.back() and the popstate it brings. */
let isBackPending = false;
let backTimer: ReturnType<typeof setTimeout> | undefined;
const heldCalls: Array<() => void> = [];

// The browser's own calls, kept when the first dialog opens (the landing page is also rendered
// at build time, where there is no window).
let nativePushState: History["pushState"] = () => {};
let nativeReplaceState: History["replaceState"] = () => {};
let isInstalled = false;

function isMarked(state: unknown): boolean {
  return typeof state === "object" && state !== null && markerKey in state;
}

function withMarker(state: unknown): Record<string, unknown> {
  const base = typeof state === "object" && state !== null ? state : {};
  return { ...base, [markerKey]: true };
}

function whenHistoryIsFree(call: () => void): void {
  if (isBackPending) heldCalls.push(call);
  else call();
}

function pushEntry(): void {
  whenHistoryIsFree(() => {
    if (hasEntry || openDialogs.length === 0) return;
    nativePushState(withMarker(window.history.state), "");
    hasEntry = true;
  });
}

function finishBack(): void {
  clearTimeout(backTimer);
  isBackPending = false;
  for (const call of heldCalls.splice(0)) call();
  if (openDialogs.length > 0) pushEntry();
}

function takeEntryAway(): void {
  if (!hasEntry || isBackPending || openDialogs.length > 0) return;
  hasEntry = false;
  isBackPending = true;
  backTimer = setTimeout(finishBack, backTimeoutMs);
  window.history.back();
}

function install(): void {
  if (isInstalled) return;
  isInstalled = true;
  nativePushState = window.history.pushState.bind(window.history);
  nativeReplaceState = window.history.replaceState.bind(window.history);
  // The router changes pages with pushState and replaceState: a page pushed over the dialogs'
  // entry replaces it; any call made while our back is under way waits for it to land.
  window.history.pushState = (data: unknown, unused: string, url?: string | URL | null) => {
    whenHistoryIsFree(() => {
      if (hasEntry) {
        hasEntry = false;
        nativeReplaceState(data, unused, url);
      } else {
        nativePushState(data, unused, url);
      }
    });
  };
  window.history.replaceState = (data: unknown, unused: string, url?: string | URL | null) => {
    whenHistoryIsFree(() => nativeReplaceState(hasEntry ? withMarker(data) : data, unused, url));
  };

  // Capture runs before the router's own listener on window, so a back that only closes a dialog
  // never reaches the router: the page, its scroll and its data stay as they are.
  window.addEventListener(
    "popstate",
    (event) => {
      if (isBackPending) {
        event.stopImmediatePropagation();
        finishBack();
        return;
      }
      if (!hasEntry || isMarked(event.state)) return;
      hasEntry = false;
      event.stopImmediatePropagation();
      openDialogs.at(-1)?.close();
    },
    { capture: true },
  );
}

/**
 * Called when a dialog opens; the returned function when it closes. Closing takes the history
 * entry away once no dialog is left open (a dialog replaced by another in the same moment keeps
 * it).
 */
export function holdDialogHistoryEntry(close: () => void): () => void {
  install();
  const dialog: OpenDialog = { close };
  openDialogs.push(dialog);
  pushEntry();
  return () => {
    const index = openDialogs.indexOf(dialog);
    if (index !== -1) openDialogs.splice(index, 1);
    // A dialog still open under the one that closed (back closed the top one) gets an entry
    // again.
    queueMicrotask(() => (openDialogs.length > 0 ? pushEntry() : takeEntryAway()));
  };
}
