import request from 'supertest';

/**
 * Every row of a paged list call (GET /api/dive-sites answers a page at a time: issue 31), read by following
 * its `Link: <...>; rel="next"` header from the first page.
 */
export async function allPages<T = Record<string, unknown>>(baseUrl: string, path: string): Promise<T[]> {
  const rows: T[] = [];
  let next: string | undefined = path;
  while (next) {
    const response: request.Response = await request(baseUrl).get(next).expect(200);
    rows.push(...(response.body as T[]));
    next = /<([^>]+)>; rel="next"/.exec(String(response.headers.link ?? ''))?.[1];
  }
  return rows;
}
