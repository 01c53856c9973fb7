import { afterEach, beforeEach, vi } from "vitest";

/**
 * A console.error during a test is a bug the test did not look for (a React warning, a failed
 * call), so it fails the test. A test that expects one says so with `allowConsoleErrors()`.
 */
const unexpectedErrors: string[] = [];
let isAllowed = false;

export function allowConsoleErrors(): void {
  isAllowed = true;
}

export function installConsoleErrorGuard(): void {
  beforeEach(() => {
    unexpectedErrors.length = 0;
    isAllowed = false;
    vi.spyOn(console, "error").mockImplementation((...args: unknown[]) => {
      if (!isAllowed) unexpectedErrors.push(args.map(String).join(" "));
    });
  });

  afterEach(() => {
    vi.mocked(console.error).mockRestore();
    if (unexpectedErrors.length > 0) {
      throw new Error(`console.error was called during the test:\n${unexpectedErrors.join("\n")}`);
    }
  });
}
