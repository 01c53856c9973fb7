import { useMutation, useQueryClient } from "@tanstack/react-query";
import { PracticeDigestSettingSchema, vetPracticePaths } from "@vaxcal/contracts";
import { sendJson } from "../../../lib/api-client.ts";
import { useAuthStore } from "../../../stores/auth.ts";
import { vetPracticesQueryKeys } from "../query-keys.ts";

/** PUT /api/vet/digest: turns the weekly digest on or off; the answer replaces the held setting. */
export function useUpdatePracticeDigest() {
  const queryClient = useQueryClient();
  const token = useAuthStore((state) => state.token);
  return useMutation({
    mutationFn: (digestEmails: boolean) =>
      sendJson(
        vetPracticePaths.digest,
        PracticeDigestSettingSchema,
        { digest_emails: digestEmails },
        { method: "PUT" },
      ),
    onSuccess: (answer) => queryClient.setQueryData(vetPracticesQueryKeys.digest(token), answer),
  });
}
