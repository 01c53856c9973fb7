import { useQuery } from "@tanstack/react-query";
import { DoseDueWeekSchema, vetPracticePaths } from "@vaxcal/contracts";
import { fetchJson } from "../../../lib/api-client.ts";
import { useAuthStore } from "../../../stores/auth.ts";
import { vetPracticesQueryKeys } from "../query-keys.ts";

/** One week's shots, loaded when the vet opens the week. */
export function useDosesDueWeek(weekStart: string, { isEnabled }: { isEnabled: boolean }) {
  const token = useAuthStore((state) => state.token);
  return useQuery({
    queryKey: vetPracticesQueryKeys.dosesDueWeek(token, weekStart),
    queryFn: ({ signal }) =>
      fetchJson(vetPracticePaths.dosesDueWeek.replace(":weekStart", weekStart), DoseDueWeekSchema, {
        signal,
      }),
    enabled: isEnabled,
  });
}
