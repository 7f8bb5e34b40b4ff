import request from 'supertest';
import { ADMIN_TEST_PASSWORD, startTestApp, type TestApp } from './test-app';

export type Agent = ReturnType<typeof request.agent>;

const WRITES = ['post', 'put', 'patch', 'delete'] as const;

/**
 * A supertest agent signed in as the administrator of `t`. Its cookie jar holds the session, and every
 * POST/PUT/PATCH/DELETE it makes carries `Origin: t.siteOrigin`, as a browser on the site would send, so
 * the origin check lets it through. (A test of the origin check itself should use a plain
 * request.agent, or override with .set('Origin', ...).)
 */
export async function signInAsAdmin(t: TestApp, password: string = ADMIN_TEST_PASSWORD): Promise<Agent> {
  const agent = request.agent(t.baseUrl);
  for (const method of WRITES) {
    const original = agent[method].bind(agent) as (url: string) => request.Test;
    (agent as unknown as Record<string, (url: string) => request.Test>)[method] = (url: string) => original(url).set('Origin', t.siteOrigin);
  }
  const response = await agent.post('/api/admin/login').send({ password });
  if (response.status !== 200) {
    throw new Error(`admin sign-in failed: ${response.status} ${JSON.stringify(response.body)}`);
  }
  return agent;
}

/** A test app (startTestApp's `env`) and its administrator, signed in. */
export async function startAdminApp(env?: Record<string, string>): Promise<{ t: TestApp; admin: Agent }> {
  const t = await startTestApp(env);
  return { t, admin: await signInAsAdmin(t) };
}
