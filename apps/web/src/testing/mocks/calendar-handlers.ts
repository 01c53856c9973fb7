import {
  ErrorCode,
  calendarListPage,
  calendarMessages,
  calendarPaths,
  givenShotPaths,
  protocolUpdateMessages,
  protocolUpdatePaths,
  type ApplyProtocolUpdateResponse,
  type ListProtocolUpdatesResponse,
  type ProtocolUpdatePreview,
  type CalendarDetail,
  type GivenShot,
  type ListGivenShotsResponse,
  type RecordGivenShotRequest,
  type RecordGivenShotResponse,
  type CalendarFeedUrls,
  type CalendarSummary,
  type ErrorBody,
  type ListCalendarsResponse,
  type RegenerateFeedResponse,
  type SubmitCalendarRequest,
  type SubmitCalendarResponse,
} from "@vaxcal/contracts";
import { http, HttpResponse } from "msw";

/*
 * Saved calendars as the API serves them (contracts' calendars.ts), for the finish flow, edit mode
 * and My Calendars. A test holds a `SavedCalendarsBackend`, reads the calls it got and swaps in a
 * failing handler with `server.use(...)`.
 */

export function buildFeedUrls(token: string): CalendarFeedUrls {
  const https = `http://localhost/api/calendars/feed/${token}.ics`;
  const webcal = https.replace(/^http:/, "webcal:");
  return {
    https,
    webcal,
    google: `https://calendar.google.com/calendar/r?cid=${encodeURIComponent(webcal)}`,
    outlook: `https://outlook.live.com/calendar/0/addfromweb?url=${encodeURIComponent(https)}`,
  };
}

export function buildCalendarSummary(overrides: Partial<CalendarSummary> = {}): CalendarSummary {
  const id = overrides.id ?? 12;
  return {
    id,
    year: 2031,
    created_at: "2026-11-20T10:15:00.000Z",
    updated_at: "2026-11-20T10:15:00.000Z",
    enterprise: "Dairy",
    animal: "Cows",
    season: "Spring calving",
    birth_date: "2031-02-01",
    breeding_date: "2031-04-25",
    diseases: "BVD, Leptospirosis",
    previewImageUrl: `/api/calendars/${id}/preview.svg`,
    downloadUrl: `/api/calendars/${id}/download`,
    feedUrls: buildFeedUrls(`token-${id}`),
    ...overrides,
  };
}

export const previewSvg =
  '<svg xmlns="http://www.w3.org/2000/svg" width="10" height="10"><rect width="10" height="10"/></svg>';

export type RecordedCall = { method: string; path: string; body: unknown };

export type SavedCalendarsBackend = {
  calendars: CalendarSummary[];
  details: Map<number, CalendarDetail>;
  calls: RecordedCall[];
  /** Shots marked as given, by calendar id (docs/product.md D19). */
  givenShots: Map<number, GivenShot[]>;
  /** Protocol updates waiting, by calendar id (decision 405); none by default. */
  protocolUpdates: Map<number, ProtocolUpdatePreview>;
};

export function createSavedCalendarsBackend(
  calendars: CalendarSummary[] = [],
): SavedCalendarsBackend {
  return {
    calendars,
    details: new Map(),
    calls: [],
    givenShots: new Map(),
    protocolUpdates: new Map(),
  };
}

function notFound() {
  return HttpResponse.json<ErrorBody>(
    { error: { code: ErrorCode.notFound, message: calendarMessages.notFound } },
    { status: 404 },
  );
}

export function failWith500() {
  return HttpResponse.json<ErrorBody>(
    { error: { code: ErrorCode.internal, message: "Internal server error" } },
    { status: 500 },
  );
}

/** Every saved-calendar call, answering from the backend's calendars. */
export function createSavedCalendarsHandlers(backend: SavedCalendarsBackend) {
  const record = (method: string, request: Request, body: unknown = undefined) =>
    backend.calls.push({ method, path: new URL(request.url).pathname, body });
  const find = (id: unknown) => backend.calendars.find((calendar) => calendar.id === Number(id));

  function saveCalendar(request: SubmitCalendarRequest, id: number): CalendarSummary {
    const saved = buildCalendarSummary({
      id,
      updated_at: "2026-11-21T09:00:00.000Z",
      birth_date: request.data.setup.birthDate,
      breeding_date: request.data.setup.breedingDate,
      enterprise: request.data.setup.enterprise.name,
      animal: request.data.setup.animal.name,
      season: request.data.setup.season.name,
    });
    backend.calendars = [saved, ...backend.calendars.filter((calendar) => calendar.id !== id)];
    return saved;
  }

  return [
    http.get(calendarPaths.list, ({ request }) => {
      record("GET", request);
      // Pages like the server: `limit` after the calendar the cursor names (here just its id).
      const query = new URL(request.url).searchParams;
      const limit = Number(query.get("limit") ?? calendarListPage.defaultSize);
      const cursor = query.get("cursor");
      const start =
        cursor === null
          ? 0
          : backend.calendars.findIndex((calendar) => String(calendar.id) === cursor) + 1;
      const page = backend.calendars.slice(start, start + limit);
      const last = page.at(-1);
      return HttpResponse.json<ListCalendarsResponse>({
        calendars: page,
        nextCursor:
          start + limit < backend.calendars.length && last !== undefined ? String(last.id) : null,
      });
    }),
    http.post(calendarPaths.create, async ({ request }) => {
      const body = (await request.json()) as SubmitCalendarRequest;
      record("POST", request, body);
      const nextId = Math.max(40, ...backend.calendars.map((calendar) => calendar.id)) + 1;
      return HttpResponse.json<SubmitCalendarResponse>(
        { calendar: saveCalendar(body, nextId) },
        { status: 201 },
      );
    }),
    http.put<{ id: string }, SubmitCalendarRequest, SubmitCalendarResponse | ErrorBody>(
      calendarPaths.update,
      async ({ request, params }) => {
        const body = (await request.json()) as SubmitCalendarRequest;
        record("PUT", request, body);
        if (!find(params.id)) return notFound();
        // Decision 424: a save made on an older version is refused; each save moves it on.
        const detail = backend.details.get(Number(params.id));
        if (detail === undefined) {
          return HttpResponse.json<SubmitCalendarResponse>({
            calendar: saveCalendar(body, Number(params.id)),
          });
        }
        if (body.updated_at !== undefined && body.updated_at !== detail.updated_at) {
          return HttpResponse.json<ErrorBody>(
            { error: { code: ErrorCode.conflict, message: calendarMessages.savedElsewhere } },
            { status: 409 },
          );
        }
        const version = new Date(Date.parse(detail.updated_at) + 60_000).toISOString();
        backend.details.set(detail.calendarId, { ...detail, updated_at: version });
        return HttpResponse.json<SubmitCalendarResponse>({
          calendar: { ...saveCalendar(body, Number(params.id)), updated_at: version },
        });
      },
    ),
    http.get<{ id: string }, never, CalendarDetail | ErrorBody>(
      calendarPaths.detail,
      ({ request, params }) => {
        record("GET", request);
        const detail = backend.details.get(Number(params.id));
        return detail ? HttpResponse.json<CalendarDetail>(detail) : notFound();
      },
    ),
    http.get<{ id: string }, never, ListGivenShotsResponse | ErrorBody>(
      givenShotPaths.list,
      ({ params }) => {
        if (!backend.details.has(Number(params.id)) && !find(params.id)) return notFound();
        return HttpResponse.json({ givenShots: backend.givenShots.get(Number(params.id)) ?? [] });
      },
    ),
    http.put<{ id: string; shotId: string }, RecordGivenShotRequest, RecordGivenShotResponse>(
      givenShotPaths.one,
      async ({ request, params }) => {
        const body = await request.json();
        record("PUT", request, body);
        const calendarId = Number(params.id);
        const record_: GivenShot = {
          shotId: params.shotId,
          plannedOn: body.givenOn ?? "2026-11-20",
          givenOn: body.givenOn ?? "2026-11-20",
          batch: body.batch.trim(),
          givenBy: body.givenBy || null,
          note: body.note || null,
          recordedAt: "2026-11-21T09:00:00.000Z",
        };
        const others = (backend.givenShots.get(calendarId) ?? []).filter(
          (given) => given.shotId !== params.shotId,
        );
        backend.givenShots.set(calendarId, [...others, record_]);
        return HttpResponse.json({ givenShot: record_ });
      },
    ),
    http.delete<{ id: string; shotId: string }>(givenShotPaths.one, ({ request, params }) => {
      record("DELETE", request);
      const calendarId = Number(params.id);
      const list = backend.givenShots.get(calendarId) ?? [];
      backend.givenShots.set(
        calendarId,
        list.filter((given) => given.shotId !== params.shotId),
      );
      return new HttpResponse(null, { status: 204 });
    }),
    http.get(protocolUpdatePaths.list, () =>
      HttpResponse.json<ListProtocolUpdatesResponse>({
        calendarIds: [...backend.protocolUpdates.keys()],
      }),
    ),
    http.get<{ id: string }, never, ProtocolUpdatePreview | ErrorBody>(
      protocolUpdatePaths.one,
      ({ params }) => {
        if (!backend.details.has(Number(params.id)) && !find(params.id)) return notFound();
        return HttpResponse.json(
          backend.protocolUpdates.get(Number(params.id)) ?? { changes: [], token: null },
        );
      },
    ),
    http.post<{ id: string }, { token: string }, ApplyProtocolUpdateResponse | ErrorBody>(
      protocolUpdatePaths.one,
      async ({ request, params }) => {
        const body = await request.json();
        record("POST", request, body);
        const calendarId = Number(params.id);
        const waiting = backend.protocolUpdates.get(calendarId);
        if (waiting?.token !== body.token) {
          return HttpResponse.json<ErrorBody>(
            {
              error: {
                code: ErrorCode.conflict,
                message: protocolUpdateMessages.changedMeanwhile,
              },
            },
            { status: 409 },
          );
        }
        backend.protocolUpdates.delete(calendarId);
        return HttpResponse.json({
          message: protocolUpdateMessages.updated,
          updated_at: "2026-11-22T09:00:00.000Z",
        });
      },
    ),
    http.delete(calendarPaths.remove, ({ request, params }) => {
      record("DELETE", request);
      if (!find(params.id)) return notFound();
      backend.calendars = backend.calendars.filter((calendar) => calendar.id !== Number(params.id));
      return new HttpResponse(null, { status: 204 });
    }),
    http.get(calendarPaths.download, ({ request, params }) => {
      record("GET", request);
      if (!find(params.id)) return notFound();
      return new HttpResponse("%PDF-1.7 test", {
        headers: {
          "Content-Type": "application/pdf",
          "Content-Disposition": `attachment; filename="calendar-${String(params.id)}.pdf"`,
        },
      });
    }),
    http.get(calendarPaths.preview, ({ request, params }) => {
      record("GET", request);
      if (!find(params.id)) return notFound();
      return new HttpResponse(previewSvg, { headers: { "Content-Type": "image/svg+xml" } });
    }),
    http.post<{ id: string }, never, RegenerateFeedResponse | ErrorBody>(
      calendarPaths.regenerateFeed,
      ({ request, params }) => {
        record("POST", request);
        const calendar = find(params.id);
        if (!calendar) return notFound();
        const feedUrls = buildFeedUrls(`fresh-${calendar.id}`);
        calendar.feedUrls = feedUrls;
        return HttpResponse.json<RegenerateFeedResponse>({
          message: calendarMessages.feedRegenerated,
          feedUrls,
        });
      },
    ),
  ];
}
