import { QueryClient } from '@tanstack/react-query';

/** SPEC section 9: data never goes stale, no refetch on window focus, no retries of queries or mutations. */
export function createQueryClient(): QueryClient {
  return new QueryClient({
    defaultOptions: {
      queries: { staleTime: Infinity, refetchOnWindowFocus: false, retry: false },
      mutations: { retry: false },
    },
  });
}

let browserClient: QueryClient | undefined;

/**
 * The one cache of the page. Islands hydrate separately (client/hydrate.ts), but what one has loaded
 * serves the others, and the admin session gate sees a 401 from any of them. Created on first use, so a
 * page whose islands never hydrate never builds it.
 */
export function browserQueryClient(): QueryClient {
  browserClient ??= createQueryClient();
  return browserClient;
}
