import { useQuery } from "@tanstack/react-query";
import { PracticeDigestSettingSchema, vetPracticePaths } from "@vaxcal/contracts";
import { fetchJson } from "../../../lib/api-client.ts";
import { useAuthStore } from "../../../stores/auth.ts";
import { vetPracticesQueryKeys } from "../query-keys.ts";

/** Whether the practice gets the weekly digest of doses due (decision 602; manager only). */
export function usePracticeDigest() {
  const token = useAuthStore((state) => state.token);
  return useQuery({
    queryKey: vetPracticesQueryKeys.digest(token),
    queryFn: ({ signal }) =>
      fetchJson(vetPracticePaths.digest, PracticeDigestSettingSchema, { signal }),
  });
}
