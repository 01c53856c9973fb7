import { queryOptions, useQuery } from "@tanstack/react-query";
import type { CalendarSummary } from "@vaxcal/contracts";
import { calendarsQueryKeys } from "../query-keys.ts";
import { fetchFileWithSession } from "../../../lib/file-download.ts";

/**
 * The SVG thumbnail at previewImageUrl, as a data: URL for an `<img>`. The SVG is small, and a
 * data: URL needs no revoking, so the picture survives re-renders and the cache without leaks.
 * An `<img>` never runs scripts inside an SVG.
 */
async function fetchPreviewImage(path: string, signal?: AbortSignal): Promise<string> {
  const svg = await (await fetchFileWithSession(path, signal)).text();
  return `data:image/svg+xml;charset=utf-8,${encodeURIComponent(svg)}`;
}

export function calendarPreviewQueryOptions(
  calendar: Pick<CalendarSummary, "id" | "previewImageUrl" | "updated_at">,
) {
  return queryOptions({
    queryKey: calendarsQueryKeys.preview(calendar.id, calendar.updated_at),
    queryFn: ({ signal }) => fetchPreviewImage(calendar.previewImageUrl, signal),
    staleTime: Infinity,
  });
}

export function useCalendarPreview(
  calendar: Pick<CalendarSummary, "id" | "previewImageUrl" | "updated_at">,
  { isEnabled }: { isEnabled: boolean },
) {
  return useQuery({ ...calendarPreviewQueryOptions(calendar), enabled: isEnabled });
}
