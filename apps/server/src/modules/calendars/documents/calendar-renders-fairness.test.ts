import { afterAll, describe, expect, it } from "vitest";
import { buildSampleCalendarDocument, testToday } from "../../../test/calendars.ts";
import { createCalendarRenders, type RenderVersion } from "./calendar-renders.ts";

/*
 * Security round 3, L2: one account re-saving and downloading 200-shot PDFs in a loop pushed
 * another farmer's uncached PDF from 55 ms to seconds, queued behind every render of the flood.
 * Renders are shared between accounts in turn, so the other farmer's comes next.
 */

const renders = createCalendarRenders({ host: "vaxcal.example.ie", maxThreads: 1 });
afterAll(() => renders.close());

const document = buildSampleCalendarDocument();
const flooder = 1;
const neighbour = 2;

function requestPdf(version: RenderVersion, finished: number[]) {
  return renders
    .pdf(version, testToday, 12, async () => ({ version, document }))
    .then(() => finished.push(version.ownerId));
}

describe("uncached PDFs of two accounts", () => {
  it("serve another account's render next, not after one account's flood", async () => {
    const finished: number[] = [];
    // Twenty versions of one calendar, each uncached: what re-saving and downloading does.
    const flood = Array.from({ length: 20 }, (_, index) =>
      requestPdf({ calendarId: 10, ownerId: flooder, version: `flood-${index}` }, finished),
    );
    const other = requestPdf({ calendarId: 20, ownerId: neighbour, version: "one" }, finished);
    await Promise.all([...flood, other]);
    expect(finished).toHaveLength(21);
    // With one render thread: after at most the three renders the flood already had under way.
    expect(finished.indexOf(neighbour)).toBeLessThanOrEqual(3);
  });

  it("still give one account alone every render it asks for", async () => {
    const finished: number[] = [];
    await Promise.all(
      Array.from({ length: 12 }, (_, index) =>
        requestPdf({ calendarId: 30, ownerId: flooder, version: `alone-${index}` }, finished),
      ),
    );
    expect(finished).toEqual(Array.from({ length: 12 }, () => flooder));
    expect(renders.describeCache().renders).toBe(33);
  });
});
