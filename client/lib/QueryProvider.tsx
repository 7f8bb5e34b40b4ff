import { isServer, QueryClientProvider } from '@tanstack/react-query';
import { useState, type ReactNode } from 'react';
import { browserQueryClient, createQueryClient } from 'client/lib/query-client';

/**
 * Wraps each island that reads or writes through react-query, on the server as in the browser, so both
 * render the same tree. On the server every render gets a client of its own (nothing one request loaded
 * reaches another; queries there never fetch, they start from the props); in the browser every island
 * of the page shares one.
 */
export function QueryProvider({ children }: { children: ReactNode }) {
  const [client] = useState(() => (isServer ? createQueryClient() : browserQueryClient()));
  return <QueryClientProvider client={client}>{children}</QueryClientProvider>;
}
