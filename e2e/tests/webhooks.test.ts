import { createHmac } from 'node:crypto';
import http from 'node:http';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import { launchChromium, openWatchedPage } from '../support/browser.ts';
import { closeServer, listenOnLoopback } from '../support/loopback-http.ts';
import { startBuiltServer, type RunningServer } from '../support/server.ts';
import { signUp } from '../support/sign-up.ts';

/**
 * Webhooks in the account area (ADR 0048): a person adds one pointing at a receiver this test
 * runs on 127.0.0.2 (the one private address the server is allowed to reach), copies the secret
 * shown once, presses "Send test", and the receiver gets a request whose Standard Webhooks
 * signature checks out with that secret; the page and its delivery log say it was delivered.
 */

interface Received {
  headers: http.IncomingHttpHeaders;
  body: string;
}

let server: RunningServer;
let browser: Browser;
let page: Page;
let receiverOrigin: string;
const received: Received[] = [];
const consoleErrors: string[] = [];
const receiver = http.createServer((request, response) => {
  const chunks: Buffer[] = [];
  request.on('data', (chunk: Buffer) => chunks.push(chunk));
  request.on('end', () => {
    received.push({ headers: request.headers, body: Buffer.concat(chunks).toString() });
    response.writeHead(204).end();
  });
});

beforeAll(async () => {
  receiverOrigin = await listenOnLoopback(receiver, '127.0.0.2');
  server = await startBuiltServer({
    ACCOUNT_EMAIL_VERIFICATION: 'none',
    WEBHOOKS_ALLOW_PRIVATE_TARGETS: '127.0.0.2/32',
  });
  browser = await launchChromium();
  ({ page } = await openWatchedPage(browser, consoleErrors, { viewport: { width: 1280, height: 900 } }));
  await signUp(page, server.baseUrl, { email: 'hooks@example.org', username: 'hooks' });
});

afterAll(async () => {
  await browser?.close();
  await server?.stop();
  await closeServer(receiver);
});

describe('webhooks in the account area', () => {
  it('adds a webhook, sends a signed test event to it, and shows the delivery in the log', async () => {
    await page.getByRole('link', { name: 'Account' }).first().click();
    await page.getByRole('navigation', { name: 'Account' }).getByRole('link', { name: 'Webhooks' }).click();
    await page.waitForURL(`${server.baseUrl}/account/webhooks`);
    const url = `${receiverOrigin}/voxpad`;
    await page.getByLabel('Endpoint URL').fill(url);
    await page.getByRole('checkbox', { name: /A voice note is deleted/ }).uncheck();
    await page.getByRole('button', { name: 'Add webhook' }).click();
    const secret = (await page.getByLabel('Signing secret').textContent()) ?? '';
    expect(secret).toMatch(/^whsec_/);
    await page.getByRole('button', { name: 'Done' }).click();
    await expect.poll(() => page.getByLabel('Signing secret').count()).toBe(0);

    const item = page
      .getByRole('list', { name: 'Your webhooks' })
      .getByRole('listitem')
      .filter({ hasText: url });
    await expect.poll(() => item.textContent()).toContain('note.created, note.transcribed, note.updated');
    await expect.poll(() => item.getByRole('switch').getAttribute('aria-checked')).toBe('true');
    await item.getByRole('button', { name: 'Send test' }).click();
    await expect.poll(() => item.getByRole('status').textContent()).toMatch(/^Test: Delivered · HTTP 204/);

    expect(received).toHaveLength(1);
    const [request] = received;
    if (!request) return;
    const key = Buffer.from(secret.slice('whsec_'.length), 'base64');
    const signed = `${String(request.headers['webhook-id'])}.${String(request.headers['webhook-timestamp'])}.${request.body}`;
    const expected = `v1,${createHmac('sha256', key).update(signed).digest('base64')}`;
    expect(String(request.headers['webhook-signature']).split(' ')).toContain(expected);
    expect(JSON.parse(request.body)).toMatchObject({ type: 'webhook.test' });

    await item.getByRole('button', { name: 'Show deliveries' }).click();
    const log = item.getByRole('list', { name: 'Deliveries' });
    await expect.poll(() => log.textContent()).toContain('webhook.test');
    expect(await log.textContent()).toContain('Delivered · HTTP 204');
    expect(consoleErrors).toEqual([]);
  });
});
