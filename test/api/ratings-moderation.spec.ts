import request from 'supertest';
import { signInAsAdmin, type Agent } from '../support/admin';
import { startTestApp, type TestApp } from '../support/test-app';

let t: TestApp;
let admin: Agent;

beforeAll(async () => {
  t = await startTestApp();
  admin = await signInAsAdmin(t);
});

afterAll(() => t.close());

async function rate(siteId: number, rating: number, comment: string, ip: string) {
  await t.dataSource.query(`INSERT INTO dive_site_ratings ("diveSiteId", rating, comment, "ipAddress") VALUES ($1, $2, $3, $4)`, [siteId, rating, comment, ip]);
}

describe('ratings moderation', () => {
  it('lists the latest ratings across every site with site, stars, comment and time, never the IP address', async () => {
    const [first, second] = await t.dataSource.query(`SELECT id, name FROM dive_sites ORDER BY id LIMIT 2`);
    await rate(first.id, 5, 'Superb visibility', '203.0.113.7');
    await rate(second.id, 2, 'Blown out by the swell', '203.0.113.8');
    const list = (await admin.get('/api/admin/ratings').expect(200)).body as Record<string, unknown>[];
    expect(list[0]).toEqual({
      id: expect.any(Number),
      rating: 2,
      comment: 'Blown out by the swell',
      createdAt: expect.any(String),
      site: { id: second.id, name: second.name },
    });
    expect(list[1]).toMatchObject({ rating: 5, comment: 'Superb visibility', site: { id: first.id, name: first.name } });
    expect(JSON.stringify(list)).not.toContain('203.0.113');
  });

  it('deletes one, audited, and answers 404 for it afterwards and 400 for a bad id', async () => {
    const [target] = (await admin.get('/api/admin/ratings').expect(200)).body;
    await admin.delete(`/api/admin/ratings/${target.id}`).expect(204);
    const ratings = (await request(t.baseUrl).get(`/api/dive-sites/${target.site.id}/ratings`).expect(200)).body;
    expect(ratings.ratings.map((r: { id: number }) => r.id)).not.toContain(target.id);
    const [audit] = await t.dataSource.query(`SELECT action, resource FROM audit_logs ORDER BY id DESC LIMIT 1`);
    expect(audit).toEqual({ action: 'delete_rating', resource: `/api/admin/ratings/${target.id}` });

    const missing = await admin.delete(`/api/admin/ratings/${target.id}`).expect(404);
    expect(missing.body.message).toBe('Rating not found');
    const bad = await admin.delete('/api/admin/ratings/abc').expect(400);
    expect(bad.body.message).toEqual(expect.any(String));
    expect(bad.headers['content-type']).toMatch(/json/);
  });

  it("is the administrator's only", async () => {
    await request(t.baseUrl).get('/api/admin/ratings').expect(401);
    const [rating] = await t.dataSource.query(`SELECT id FROM dive_site_ratings LIMIT 1`);
    await request(t.baseUrl).delete(`/api/admin/ratings/${rating.id}`).set('Origin', t.siteOrigin).expect(401);
    expect((await t.dataSource.query(`SELECT count(*)::int AS n FROM dive_site_ratings WHERE id = $1`, [rating.id]))[0].n).toBe(1);
  });
});
