import "@testing-library/jest-dom/vitest";
import { cleanup, configure } from "@testing-library/react";
import { afterAll, afterEach, beforeAll, beforeEach, vi } from "vitest";
import { resetModals } from "../stores/modals.ts";
import { dismissNotification } from "../stores/notifications.ts";
import { restoreAuthFromStorage } from "../stores/auth.ts";
import { installConsoleErrorGuard } from "./console-guard.ts";
import { server } from "./mocks/server.ts";

// A call no handler answers is a test bug, not a network to reach.
beforeAll(() => server.listen({ onUnhandledRequest: "error" }));
afterAll(() => server.close());

installConsoleErrorGuard();

// Lazy screens load their chunk on first render; on a loaded 2-core machine that can pass the
// default 1 s that findBy* waits, which made settings tests fail with nothing wrong.
configure({ asyncUtilTimeout: 5000 });

// jsdom has no layout, so it does not scroll; the router's scroll restoration calls this.
window.scrollTo = () => {};

// A test never reads the machine's date: "today" starts at this fixed morning and runs on with
// the real clock, so timers and waits behave. It is set before the test file loads, for dates a
// test reads at its top, and again before each test. A test about a particular day sets its own.
const testNow = new Date(2026, 10, 24, 9, 30);
function startTestClock(): void {
  vi.useFakeTimers({ toFake: ["Date"], now: testNow, shouldAdvanceTime: true });
}
startTestClock();
beforeEach(startTestClock);

afterEach(() => {
  cleanup();
  server.resetHandlers();
  window.localStorage.clear();
  restoreAuthFromStorage();
  resetModals();
  dismissNotification();
});
