import { QueryClient } from "@tanstack/react-query";

export function createQueryClient(): QueryClient {
  return new QueryClient({
    defaultOptions: {
      queries: {
        // Weak rural signal: a failed call is usually worth one more try before showing an error.
        retry: 1,
        refetchOnWindowFocus: false,
      },
    },
  });
}
