import { useModalStore } from "./modals.ts";

/*
 * The page a signed-out visitor followed a link to (a saved calendar, settings, the dashboard).
 * The login guard keeps it and opens Login; a successful login takes it and goes there. Closing
 * the modal without logging in forgets it, so a later login does not jump somewhere unexpected.
 */

let returnPath: string | null = null;
let returnPrompt: string | null = null;

/** Keeps the page, and the sentence the Login form shows above its fields to say why. */
export function rememberReturnPath(path: string, prompt: string): void {
  returnPath = path;
  returnPrompt = prompt;
}

/** Why Login is asked for, when a page waits for it; null otherwise. */
export function readReturnPrompt(): string | null {
  return returnPath === null ? null : returnPrompt;
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
