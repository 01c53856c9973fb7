import { setupServer } from "msw/node";
import { createAccountHandlers } from "./account-handlers.ts";
import { createSavedCalendarsBackend, createSavedCalendarsHandlers } from "./calendar-handlers.ts";
import { createReferenceHandlers } from "./handlers.ts";
import { createVetHandlers } from "./vet-handlers.ts";

// Saved calendars (docs/decisions/401): an account with none, so a screen that lists them works in any test.
export const server = setupServer(
  ...createReferenceHandlers(),
  ...createAccountHandlers(),
  ...createSavedCalendarsHandlers(createSavedCalendarsBackend()),
  ...createVetHandlers(),
);
