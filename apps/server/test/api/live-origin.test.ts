/**
 * The live socket's Origin check on a site named http://localhost:PORT, as `npm start` names it
 * (for passkeys): a page at 127.0.0.1 or [::1] on the same port is the same server and may
 * stream; another port or name may not. No audio is sent: only the upgrade is checked.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signedUpClient, type TestClient } from '../support/http-client.ts';
import { browserHeaders, liveUrl, openLive, RefusedUpgrade } from '../support/live-client.ts';
import { createPad } from '../support/pad-notes.ts';
import { startTestApp, type TestApp } from '../support/test-app.ts';

const SITE_PORT = 8080;
let server: TestApp;
let client: TestClient;

beforeAll(async () => {
  server = await startTestApp({ PUBLIC_URL: `http://localhost:${SITE_PORT}` });
  ({ client } = await signedUpClient(server.baseUrl));
});
afterAll(async () => {
  await server?.close();
});

async function upgradeStatus(padId: string, origin: string): Promise<number> {
  try {
    const live = await openLive(liveUrl(server.baseUrl, padId), browserHeaders(client, origin));
    live.socket.close();
    await live.closed;
    return 101;
  } catch (error) {
    if (error instanceof RefusedUpgrade) return error.status;
    throw error;
  }
}

describe('a live stream on a loopback site', () => {
  it('accepts pages at localhost, 127.0.0.1 and [::1] on the site’s port, and no others', async () => {
    const pad = await createPad(client, 'Live origins');
    for (const host of ['localhost', '127.0.0.1', '[::1]']) {
      expect(await upgradeStatus(pad.id, `http://${host}:${SITE_PORT}`), host).toBe(101);
    }
    for (const origin of [
      `http://127.0.0.1:${SITE_PORT + 1}`,
      `https://localhost:${SITE_PORT}`,
      `http://127.0.0.1.example.org:${SITE_PORT}`,
      'http://evil.example',
    ]) {
      expect(await upgradeStatus(pad.id, origin), origin).toBe(403);
    }
  });
});
