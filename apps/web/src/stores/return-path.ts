import { useModalStore } from "./modals.ts";

/*
 * The page a signed-out visitor followed a link to (a saved calendar, settings, the dashboard).
 * The login guard keeps it and opens Login; a successful login takes it and goes there. Closing
 * the modal without logging in forgets it, so a later login does not jump somewhere unexpected.
 */

let returnPath: string | null = null;

export function rememberReturnPath(path: string): void {
  returnPath = path;
}

/** Whether a page waits for the login (the Login form says so). */
export function hasReturnPath(): boolean {
  return returnPath !== null;
}

/** The waiting page, once: null when there is none or it was taken. */
export function takeReturnPath(): string | null {
  const path = returnPath;
  returnPath = null;
  return path;
}

useModalStore.subscribe((state) => {
  if (state.openModalName === null) returnPath = null;
});
