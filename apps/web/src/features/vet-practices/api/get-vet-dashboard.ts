import { useQuery } from "@tanstack/react-query";
import { VetDashboardSchema, vetPracticePaths } from "@vaxcal/contracts";
import { fetchJson } from "../../../lib/api-client.ts";
import { useAuthStore } from "../../../stores/auth.ts";
import { vetPracticesQueryKeys } from "../query-keys.ts";

/** GET /api/vet/dashboard: the practice and its linked farms (decision 501). */
export function useVetDashboard() {
  const token = useAuthStore((state) => state.token);
  return useQuery({
    queryKey: vetPracticesQueryKeys.dashboard(token),
    queryFn: ({ signal }) => fetchJson(vetPracticePaths.dashboard, VetDashboardSchema, { signal }),
  });
}
