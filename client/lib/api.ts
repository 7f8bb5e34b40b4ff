/**
 * The request helper of SPEC section 7: cookies always sent, JSON bodies, and any non-OK answer
 * becomes an error whose text is '{status}: {body text}' (the status text when the body is empty).
 */
export class ApiError extends Error {
  constructor(
    readonly status: number,
    readonly body: string,
    statusText: string,
  ) {
    super(`${status}: ${body || statusText}`);
    this.name = 'ApiError';
  }

  /** The server's user-facing message: the `error` field of its JSON body, when there is one. */
  get serverMessage(): string | null {
    try {
      const parsed = JSON.parse(this.body) as { error?: unknown; message?: unknown };
      if (typeof parsed.error === 'string') return parsed.error;
      if (typeof parsed.message === 'string') return parsed.message;
    } catch {
      /* not JSON */
    }
    return null;
  }
}

const headerReaders = new Set<(headers: Headers) => void>();

/**
 * Hands every answer's headers to `read` until the returned function is called: how a screen learns what
 * every call says beside its body (the admin session's remaining minutes).
 */
export function readEveryAnswer(read: (headers: Headers) => void): () => void {
  headerReaders.add(read);
  return () => headerReaders.delete(read);
}

export async function apiRequest<T>(method: string, url: string, body?: unknown, signal?: AbortSignal): Promise<T> {
  const response = await fetch(url, {
    method,
    signal,
    credentials: 'include',
    headers: body === undefined ? { Accept: 'application/json' } : { Accept: 'application/json', 'Content-Type': 'application/json' },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  for (const read of headerReaders) read(response.headers);
  if (!response.ok) {
    throw new ApiError(response.status, await response.text(), response.statusText);
  }
  const text = await response.text();
  return (text ? JSON.parse(text) : null) as T;
}

/** A GET; `signal` ends it early (a timeout, or React Query cancelling a query no longer wanted). */
export const getJson = <T>(url: string, signal?: AbortSignal) => apiRequest<T>('GET', url, undefined, signal);

/** One page of a paged list (the admin lists, issue 31): its rows, and the whole list's size from `X-Total-Count`. */
export interface ListPage<T> {
  items: T[];
  total: number;
  /** The answer's headers, for a list's other figures (the subscribers' `X-Active-Count`). */
  headers: Headers;
}

/** A GET of one page of a list: as getJson, with the answer's `X-Total-Count` (the rows' count when absent). */
export async function getPage<T>(url: string, signal?: AbortSignal): Promise<ListPage<T>> {
  const response = await fetch(url, { method: 'GET', signal, credentials: 'include', headers: { Accept: 'application/json' } });
  for (const read of headerReaders) read(response.headers);
  if (!response.ok) throw new ApiError(response.status, await response.text(), response.statusText);
  const items = (await response.json()) as T[];
  const total = Number(response.headers.get('X-Total-Count') ?? items.length);
  return { items, total: Number.isFinite(total) ? total : items.length, headers: response.headers };
}
