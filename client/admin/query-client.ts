import { QueryClient } from '@tanstack/react-query';

/** SPEC section 9: data never goes stale, no refetch on window focus, no retries of queries or mutations. */
export function createAdminQueryClient(): QueryClient {
  return new QueryClient({
    defaultOptions: {
      queries: { staleTime: Infinity, refetchOnWindowFocus: false, retry: false },
      mutations: { retry: false },
    },
  });
}

/** The cache keys of the admin screens, so a write invalidates exactly what it changed. */
export const keys = {
  session: ['admin', 'session'] as const,
  articles: ['admin', 'articles'] as const,
  reviews: ['admin', 'reviews'] as const,
  carousel: ['admin', 'carousel'] as const,
  diveSites: ['dive-sites'] as const,
  subscribers: ['admin', 'subscribers'] as const,
  security: ['admin', 'security'] as const,
  comments: (filter: string) => ['admin', 'comments', filter] as const,
};
