import type { z } from "zod";

/**
 * localStorage can be missing or refuse writes (private browsing, a full quota). The app must
 * keep working without it, so every access goes through these guards.
 */
export function readStorage(key: string): string | null {
  try {
    return window.localStorage.getItem(key);
  } catch {
    return null;
  }
}

/**
 * A stored JSON value that still fits its schema; null when it is missing, broken, or was written
 * in an older shape by an earlier version of the app.
 */
export function readStoredJson<T>(key: string, schema: z.ZodType<T>): T | null {
  const text = readStorage(key);
  if (text === null) return null;
  try {
    const result = schema.safeParse(JSON.parse(text));
    return result.success ? result.data : null;
  } catch {
    return null;
  }
}

export function writeStorage(key: string, value: string): void {
  try {
    window.localStorage.setItem(key, value);
  } catch (error) {
    console.warn(`Could not save "${key}" in this browser's storage.`, error);
  }
}

export function removeStorage(key: string): void {
  try {
    window.localStorage.removeItem(key);
  } catch {
    // Nothing stored means nothing to remove.
  }
}

export function clearStorage(): void {
  try {
    window.localStorage.clear();
  } catch {
    // Nothing stored means nothing to clear.
  }
}
