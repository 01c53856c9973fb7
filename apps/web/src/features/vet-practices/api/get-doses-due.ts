import { useQuery } from "@tanstack/react-query";
import { DosesDueSummarySchema, vetPracticePaths } from "@vaxcal/contracts";
import { fetchJson } from "../../../lib/api-client.ts";
import { useAuthStore } from "../../../stores/auth.ts";
import { vetPracticesQueryKeys } from "../query-keys.ts";

/** GET /api/vet/doses-due: the weeks ahead, with how many shots each holds. */
export function useDosesDue() {
  const token = useAuthStore((state) => state.token);
  return useQuery({
    queryKey: vetPracticesQueryKeys.dosesDue(token),
    queryFn: ({ signal }) =>
      fetchJson(vetPracticePaths.dosesDue, DosesDueSummarySchema, { signal }),
  });
}
