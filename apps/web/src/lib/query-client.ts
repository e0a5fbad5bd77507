import { QueryClient } from "@tanstack/react-query";

import { ApiError } from "@/lib/http";

/** Spec defaults: data stale after 60 s, one retry; a 4xx answer will not change on retry. */
export function createQueryClient() {
  return new QueryClient({
    defaultOptions: {
      queries: {
        staleTime: 60_000,
        retry: (failureCount, error) =>
          failureCount < 1 && !(error instanceof ApiError && error.status >= 400 && error.status < 500),
        refetchOnWindowFocus: false,
      },
      mutations: { retry: false },
    },
  });
}
