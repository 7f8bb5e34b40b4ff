import { DiveSite } from 'src/dive-sites/dive-site.entity';
import { startTestApp, type TestApp } from './test-app';

/**
 * One app for a test file and the seed's dive sites as read once it started. Call it at the top of the
 * file; read `t` and `sites` inside the tests (or copy them into the file's own variables in a beforeAll).
 */
export function appWithSites(): { readonly t: TestApp; readonly sites: DiveSite[] } {
  const state = {} as { t: TestApp; sites: DiveSite[] };
  beforeAll(async () => {
    state.t = await startTestApp();
    state.sites = await state.t.dataSource.getRepository(DiveSite).find();
  });
  afterAll(() => state.t?.close());
  return state;
}
