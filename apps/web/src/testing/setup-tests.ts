import "@testing-library/jest-dom/vitest";
import { cleanup } from "@testing-library/react";
import { afterAll, afterEach, beforeAll } from "vitest";
import { resetModals } from "../stores/modals.ts";
import { dismissNotification } from "../stores/notifications.ts";
import { restoreAuthFromStorage } from "../stores/auth.ts";
import { installConsoleErrorGuard } from "./console-guard.ts";
import { server } from "./mocks/server.ts";

// A call no handler answers is a test bug, not a network to reach.
beforeAll(() => server.listen({ onUnhandledRequest: "error" }));
afterAll(() => server.close());

installConsoleErrorGuard();

// jsdom has no layout, so it does not scroll; the router's scroll restoration calls this.
window.scrollTo = () => {};

afterEach(() => {
  cleanup();
  server.resetHandlers();
  window.localStorage.clear();
  restoreAuthFromStorage();
  resetModals();
  dismissNotification();
});
