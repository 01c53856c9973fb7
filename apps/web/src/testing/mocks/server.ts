import { setupServer } from "msw/node";
import { createReferenceHandlers } from "./handlers.ts";

export const server = setupServer(...createReferenceHandlers());
