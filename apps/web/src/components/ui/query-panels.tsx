import { describeApiError } from "../../lib/api-errors.ts";
import { ErrorState, LoadingState } from "./status-panels.tsx";

type LoadingQuery = {
  isPending: boolean;
  error: unknown;
  refetch: () => unknown;
};

/**
 * What a screen shows until all its queries have their data: the loading panel while any is on
 * the way, else the first failure in plain words, with 'Try again' for them all.
 */
export function QueryPanels({
  queries,
  loadingLabel,
  fallback,
}: {
  queries: readonly LoadingQuery[];
  loadingLabel: string;
  /** The message for a failure that carries none of its own. */
  fallback: string;
}) {
  if (queries.some((query) => query.isPending)) return <LoadingState label={loadingLabel} />;
  const failed = queries.find((query) => query.error !== null && query.error !== undefined);
  return (
    <ErrorState
      message={describeApiError(failed?.error, fallback)}
      onRetry={() => {
        for (const query of queries) void query.refetch();
      }}
    />
  );
}
