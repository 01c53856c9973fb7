import { useMutation, useQueryClient, type QueryKey } from "@tanstack/react-query";
import { adminQueryKeys } from "./admin-query-keys.ts";

/**
 * A save that refreshes what it changes: the lists under `invalidates` and the audit trail,
 * which every admin save writes to. Protocol saves also make the server drop the public
 * reference lists the builder uses, on every node (decision 701).
 */
export function useAdminMutation<Variables, Result>(
  mutationFn: (variables: Variables) => Promise<Result>,
  invalidates: QueryKey,
  onSuccess?: (result: Result, variables: Variables) => void,
) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn,
    onSuccess: (result, variables) => {
      onSuccess?.(result, variables);
      void queryClient.invalidateQueries({ queryKey: invalidates });
      void queryClient.invalidateQueries({ queryKey: adminQueryKeys.audit() });
    },
  });
}
