import { IsoDateSchema } from "@vaxcal/contracts";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { z } from "zod";
import { readIrishToday, type ShiftableClock } from "../lib/clock.ts";

type TestClockRoutesOptions = { testClock: ShiftableClock };

const TestClockBodySchema = z.strictObject({ today: IsoDateSchema.nullable() });

/**
 * POST /api/test/clock {today: "2027-01-01"} moves the app's clock to that day (null puts it
 * back), for the browser journeys that need a particular today (decision 016). buildApp registers
 * it only when NODE_ENV is test: anywhere else the path is a 404 like any other.
 */
export const testClockRoutes: FastifyPluginAsyncZod<TestClockRoutesOptions> = async (
  app,
  { testClock },
) => {
  app.post(
    "/api/test/clock",
    {
      schema: {
        hide: true,
        body: TestClockBodySchema,
        response: { 200: z.object({ today: IsoDateSchema }) },
      },
    },
    async (request) => {
      testClock.setToday(request.body.today);
      return { today: readIrishToday(testClock.clock()) };
    },
  );
};
