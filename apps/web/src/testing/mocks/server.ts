import { setupServer } from "msw/node";
import { createAccountHandlers } from "./account-handlers.ts";
import { createReferenceHandlers } from "./handlers.ts";

export const server = setupServer(...createReferenceHandlers(), ...createAccountHandlers());
