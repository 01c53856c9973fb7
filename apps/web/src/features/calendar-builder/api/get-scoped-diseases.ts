import { queryOptions } from "@tanstack/react-query";
import {
  ScopedDiseaseInclude,
  ScopedDiseasesResponseSchema,
  referenceLists,
  type ScopedDiseasesQueryInput,
} from "@vaxcal/contracts";
import type { CalendarSetup } from "@vaxcal/schedule";
import { fetchJson } from "../../../lib/api-client.ts";
import {
  describeHerdStatusAnswers,
  listPrimedDiseaseIds,
  listUnprimedDiseaseIds,
} from "../lib/calendar-setup.ts";
import { calendarBuilderQueryKeys } from "../query-keys.ts";

export type ScopedDiseasesRequest = { combinationId: number; setup: CalendarSetup };

/** Step 2 needs every part: the vaccine, its rules for the checks, and the computed shots. */
const include = [
  ScopedDiseaseInclude.vaccine,
  ScopedDiseaseInclude.vaccineShots,
  ScopedDiseaseInclude.vaccineRules,
].join(",");

export function buildScopedDiseasesPath({ combinationId, setup }: ScopedDiseasesRequest): string {
  const query: ScopedDiseasesQueryInput = { include, seasonComboId: String(combinationId) };
  if (setup.birthDate !== null) query.birthDate = setup.birthDate;
  if (setup.birthEndDate != null) query.birthEndDate = setup.birthEndDate;
  if (setup.breedingDate !== null) query.breedingDate = setup.breedingDate;
  const unprimed = listUnprimedDiseaseIds(setup);
  if (unprimed.length > 0) query.unprimed = unprimed.join(",");
  // Decision 421: a "Yes" is sent too, as an unanswered question takes its offer's default.
  const primed = listPrimedDiseaseIds(setup);
  if (primed.length > 0) query.primed = primed.join(",");
  // Decision 419: only when the farmer answered; the server knows the enterprise's default.
  if (setup.lungwormRisk !== undefined) query.lungwormRisk = setup.lungwormRisk ? "yes" : "no";
  // Decision 422: when the youngest was born, where step 1 asked it.
  if (setup.youngestBirthDate != null) query.youngestBirthDate = setup.youngestBirthDate;
  return `${referenceLists.diseases.path}?${new URLSearchParams(query).toString()}`;
}

/**
 * docs/product.md §7: GET /api/diseases with a query, the animal's diseases with their computed
 * shots.
 */
export function getScopedDiseases(request: ScopedDiseasesRequest, signal?: AbortSignal) {
  return fetchJson(buildScopedDiseasesPath(request), ScopedDiseasesResponseSchema, { signal });
}

export function scopedDiseasesQueryOptions(request: ScopedDiseasesRequest) {
  return queryOptions({
    queryKey: calendarBuilderQueryKeys.scopedDiseases(
      request.combinationId,
      request.setup,
      describeHerdStatusAnswers(request.setup),
    ),
    queryFn: ({ signal }) => getScopedDiseases(request, signal),
    // The draft keeps the answer; the page asks again only when the setup changes.
    staleTime: Infinity,
  });
}
