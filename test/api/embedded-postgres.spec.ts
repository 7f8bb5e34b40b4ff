import { Client } from 'pg';
import { startTestApp, type TestApp } from '../support/test-app';

/**
 * The embedded PostgreSQL (global setup starts it as `npm start` does) is on the same machine as the server,
 * which reaches it through its Unix-domain socket; the socket asks for the password as TCP does.
 */
describe('the embedded PostgreSQL', () => {
  let testApp: TestApp;

  beforeAll(async () => {
    testApp = await startTestApp();
  });

  afterAll(() => testApp.close());

  const addressSeenBy = async (url: URL) => {
    const client = new Client({ connectionString: url.toString() });
    await client.connect();
    try {
      return (await client.query<{ address: string | null }>('SELECT inet_client_addr() AS address')).rows[0].address;
    } finally {
      await client.end();
    }
  };

  it("is what the server's own connections reach through the socket (no client address)", async () => {
    expect(new URL(testApp.databaseUrl).searchParams.get('host')).toBe('/tmp');
    const [{ address }] = await testApp.dataSource.query<{ address: string | null }[]>('SELECT inet_client_addr() AS address');
    expect(address).toBeNull();
  });

  it('asks for the password on the socket, and still answers over TCP on loopback', async () => {
    const wrong = new URL(testApp.databaseUrl);
    wrong.password = 'not-the-password';
    await expect(addressSeenBy(wrong)).rejects.toThrow(/password authentication failed/);

    const tcp = new URL(testApp.databaseUrl);
    tcp.search = '';
    expect(await addressSeenBy(tcp)).toBe('127.0.0.1');
  });
});
