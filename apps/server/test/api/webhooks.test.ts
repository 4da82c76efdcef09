/**
 * Webhooks through the API (ADR 0048): CRUD, owner scoping, the per-account limit, validation,
 * Standard Webhooks signatures checked by a receiver's own HMAC code, retries with back-off,
 * 410 Gone, every note event, and targets on private networks refused at creation and on
 * delivery (after DNS resolution and on each redirect). The receiver is a real HTTP server on
 * 127.0.0.2, the one address this app may reach (WEBHOOKS_ALLOW_PRIVATE_TARGETS=127.0.0.2/32);
 * notes are transcribed by the real runner through the openai engine, against a loopback
 * stand-in that answers at once, so no speech model is loaded.
 */
import { createHmac } from 'node:crypto';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ApiErrorResponse } from '@voxpad/shared/api-errors';
import type { Pad } from '@voxpad/shared/pads';
import type { VoiceNote } from '@voxpad/shared/voice-notes';
import type {
  CreatedWebhook,
  RotatedWebhookSecret,
  Webhook,
  WebhookDelivery,
  WebhookDeliveryPage,
  WebhookList,
  WebhookPayload,
} from '@voxpad/shared/webhooks';
import { systemResolve, type ResolveHost } from '../../src/webhooks/guarded-post.ts';
import { signedUpClient, type TestClient } from '../support/http-client.ts';
import { startTestApp, type TestApp } from '../support/test-app.ts';
import { toneWav } from '../support/wav.ts';

const LIMIT = 3;
const HOOKS = '/api/v1/webhooks/';
const hookUrl = (id: string, rest = '') => `${HOOKS}${id}/${rest}`;
const TRANSCRIPT = 'hello from the webhook test';

interface Received {
  path: string;
  headers: http.IncomingHttpHeaders;
  body: string;
}

/** A receiver whose answer depends on the path: /ok/, /flaky/ (500 twice, then 200), /gone/, /redirect/?to= */
class Receiver {
  readonly requests: Received[] = [];
  private readonly tries = new Map<string, number>();
  private readonly server = http.createServer((request, response) => {
    const chunks: Buffer[] = [];
    request.on('data', (chunk: Buffer) => chunks.push(chunk));
    request.on('end', () => {
      const url = new URL(request.url ?? '/', 'http://receiver');
      this.requests.push({
        path: url.pathname,
        headers: request.headers,
        body: Buffer.concat(chunks).toString(),
      });
      const tries = (this.tries.get(url.pathname) ?? 0) + 1;
      this.tries.set(url.pathname, tries);
      const [, kind] = url.pathname.split('/');
      if (kind === 'flaky' && tries <= 2) response.writeHead(500).end('not yet');
      else if (kind === 'gone') response.writeHead(410).end('gone for good');
      else if (kind === 'redirect')
        response.writeHead(307, { location: url.searchParams.get('to') ?? '/' }).end();
      else response.writeHead(200, { 'content-type': 'text/plain' }).end(`thanks ${'!'.repeat(2000)}`);
    });
  });
  port = 0;

  async start(host: string): Promise<void> {
    await new Promise<void>((resolve) => this.server.listen(0, host, resolve));
    this.port = (this.server.address() as AddressInfo).port;
  }
  close = () => new Promise<void>((resolve) => this.server.close(() => resolve()));
  at = (path: string) => this.requests.filter((r) => r.path === path);
}

/** The Standard Webhooks check a receiver makes, written here from the spec, not from the server's code. */
function verifies(secret: string, received: Received): boolean {
  const id = received.headers['webhook-id'];
  const timestamp = received.headers['webhook-timestamp'];
  const signatures = String(received.headers['webhook-signature'] ?? '').split(' ');
  const key = Buffer.from(secret.replace(/^whsec_/, ''), 'base64');
  const expected = createHmac('sha256', key)
    .update(`${String(id)}.${String(timestamp)}.${received.body}`)
    .digest('base64');
  return signatures.includes(`v1,${expected}`);
}

async function until<T>(read: () => Promise<T> | T, done: (value: T) => boolean, ms = 15_000): Promise<T> {
  const deadline = Date.now() + ms;
  for (;;) {
    const value = await read();
    if (done(value) || Date.now() > deadline) return value;
    await new Promise((resolve) => setTimeout(resolve, 25));
  }
}

let app: TestApp;
const receiver = new Receiver();
/** The metadata service's address and loopback under names, as a hostile DNS would answer. */
const resolve: ResolveHost = async (host) => {
  if (host === 'hooks.test') return [{ address: '127.0.0.2', family: 4 }];
  if (host === 'metadata.test') return [{ address: '169.254.169.254', family: 4 }];
  if (host === 'rebind.test')
    return [
      { address: '127.0.0.2', family: 4 },
      { address: '10.0.0.7', family: 4 },
    ];
  return systemResolve(host);
};
/** Stands in for an OpenAI-compatible service: every recording says TRANSCRIPT. */
const engine = http.createServer((request, response) => {
  request.resume();
  request.on('end', () => {
    response
      .writeHead(200, { 'content-type': 'application/json' })
      .end(JSON.stringify({ task: 'transcribe', language: 'en', duration: 1, text: TRANSCRIPT }));
  });
});

beforeAll(async () => {
  await receiver.start('127.0.0.2');
  await new Promise<void>((done) => engine.listen(0, '127.0.0.1', done));
  app = await startTestApp(
    {
      ROLE: 'all',
      TRANSCRIBER: 'openai',
      OPENAI_BASE_URL: `http://127.0.0.1:${(engine.address() as AddressInfo).port}/v1`,
      WEBHOOKS_MAX_PER_USER: String(LIMIT),
      WEBHOOKS_ALLOW_PRIVATE_TARGETS: '127.0.0.2/32',
      WEBHOOKS_RETRY_DELAYS_SECONDS: '0.05,0.1',
      WEBHOOKS_MAX_ATTEMPTS: '4',
      WEBHOOKS_TIMEOUT_SECONDS: '3',
    },
    { webhookResolve: resolve },
  );
});
afterAll(async () => {
  await app.close();
  await receiver.close();
  await new Promise((done) => engine.close(done));
});

const target = (path: string) => `http://127.0.0.2:${receiver.port}${path}`;
const create = (client: TestClient, json: unknown) =>
  client.post<CreatedWebhook & ApiErrorResponse>(HOOKS, json);
const patch = (client: TestClient, id: string, json: unknown) =>
  client.request<Webhook & ApiErrorResponse>('PATCH', hookUrl(id), { json });
const sendTest = (client: TestClient, id: string) => client.post<WebhookDelivery>(hookUrl(id, 'test/'));
const log = async (client: TestClient, id: string, query = '') =>
  (await client.get<WebhookDeliveryPage>(hookUrl(id, `deliveries/${query}`))).body;
let tags = 0;
const tag = (kind: string) => `/${kind}/${++tags}`;

describe('managing webhooks', () => {
  it('creates with a secret shown once, lists, changes, turns off and deletes', async () => {
    const { client } = await signedUpClient(app.baseUrl);
    const res = await create(client, {
      url: target('/ok/a'),
      events: ['note.deleted', 'note.created'],
      description: ' CI ',
    });
    expect(res.status, res.text).toBe(201);
    expect(res.headers.get('cache-control')).toBe('no-store');
    expect(res.body).toMatchObject({
      url: target('/ok/a'),
      events: ['note.created', 'note.deleted'],
      description: 'CI',
      enabled: true,
      disabled_reason: null,
    });
    expect(res.body.secret).toMatch(/^whsec_[A-Za-z0-9+/]+={0,2}$/);
    expect(Buffer.from(res.body.secret.slice(6), 'base64').length).toBeGreaterThanOrEqual(24);
    const { secret, ...shown } = res.body;

    const listed = (await client.get<WebhookList>(HOOKS)).body;
    expect(listed).toEqual({ results: [shown], limit: LIMIT });
    expect(JSON.stringify(listed)).not.toContain(secret);
    const stored = await app.db.selectFrom('webhooks').select('secret_sealed').executeTakeFirstOrThrow();
    expect(stored.secret_sealed).not.toContain(secret.slice(6));

    const changed = await patch(client, shown.id, { events: ['note.transcribed'], enabled: false });
    expect(changed.status, changed.text).toBe(200);
    expect(changed.body).toMatchObject({
      events: ['note.transcribed'],
      enabled: false,
      url: target('/ok/a'),
    });

    expect((await client.delete(hookUrl(shown.id))).status).toBe(204);
    expect((await client.delete(hookUrl(shown.id))).status).toBe(404);
    expect((await client.get<WebhookList>(HOOKS)).body.results).toEqual([]);
  });

  it.each([
    ['no URL', { events: ['note.created'] }, 'url', 'required'],
    ['an ftp URL', { url: 'ftp://example.org/x', events: ['note.created'] }, 'url', 'invalid'],
    ['a URL without a scheme', { url: 'example.org/hook', events: ['note.created'] }, 'url', 'invalid'],
    [
      'a URL with a password',
      { url: 'https://user:pw@example.org/', events: ['note.created'] },
      'url',
      'invalid',
    ],
    [
      'a URL over 2000 characters',
      { url: `https://example.org/${'x'.repeat(2000)}`, events: ['note.created'] },
      'url',
      'too_long',
    ],
    ['no events', { url: 'https://example.org/' }, 'events', 'required'],
    ['an empty event list', { url: 'https://example.org/', events: [] }, 'events', 'invalid'],
    ['an unknown event', { url: 'https://example.org/', events: ['note.exploded'] }, 'events.0', 'invalid'],
    [
      'a description over 200 characters',
      { url: 'https://example.org/', events: ['note.created'], description: 'd'.repeat(201) },
      'description',
      'too_long',
    ],
  ])('refuses %s, naming the field', async (_what, json, param, code) => {
    const { client } = await signedUpClient(app.baseUrl);
    const res = await create(client, json);
    expect(res.status, res.text).toBe(400);
    expect(res.body.errors).toContainEqual(
      expect.objectContaining({ param, code, message: expect.any(String) }),
    );
  });

  it('refuses an empty change', async () => {
    const { client } = await signedUpClient(app.baseUrl);
    const { id } = (await create(client, { url: target('/ok/b'), events: ['note.created'] })).body;
    const res = await patch(client, id, {});
    expect(res.status).toBe(400);
    expect(res.body.errors[0]?.message).toMatch(/at least one/);
  });

  it(`holds at most ${LIMIT} webhooks per account`, async () => {
    const { client } = await signedUpClient(app.baseUrl);
    for (let i = 0; i < LIMIT; i++) {
      expect((await create(client, { url: target(`/ok/l${i}`), events: ['note.created'] })).status).toBe(201);
    }
    const res = await create(client, { url: target('/ok/l9'), events: ['note.created'] });
    expect(res.status).toBe(409);
    expect(res.body.errors[0]).toMatchObject({ code: 'webhook_limit_reached' });
    expect(res.body.errors[0]?.message).toMatch(/Delete one/);
  });

  it("answers 404 for another person's webhook, whatever is asked", async () => {
    const owner = (await signedUpClient(app.baseUrl)).client;
    const other = (await signedUpClient(app.baseUrl)).client;
    const { id } = (await create(owner, { url: target('/ok/own'), events: ['note.created'] })).body;
    expect((await patch(other, id, { enabled: false })).status).toBe(404);
    expect((await other.delete(hookUrl(id))).status).toBe(404);
    expect((await other.post(hookUrl(id, 'rotate-secret/'))).status).toBe(404);
    expect((await other.post(hookUrl(id, 'test/'))).status).toBe(404);
    expect((await other.get(hookUrl(id, 'deliveries/'))).status).toBe(404);
    expect((await other.get<WebhookList>(HOOKS)).body.results).toEqual([]);
    expect(receiver.at('/ok/own')).toEqual([]);
    expect((await owner.get<WebhookList>(HOOKS)).body.results[0]).toMatchObject({ id, enabled: true });
  });

  it('needs a login', async () => {
    const res = await fetch(`${app.baseUrl}${HOOKS}`);
    expect(res.status).toBe(401);
  });
});

describe('sending', () => {
  it('signs a test event as Standard Webhooks says; a rotated secret replaces the old one at once', async () => {
    const { client } = await signedUpClient(app.baseUrl);
    const path = tag('ok');
    const created = (await create(client, { url: target(path), events: ['note.created'] })).body;
    const before = Math.floor(Date.now() / 1000);
    const res = await sendTest(client, created.id);
    expect(res.status, res.text).toBe(200);
    expect(res.body).toMatchObject({
      event: 'webhook.test',
      status: 'succeeded',
      attempts: 1,
      response_status: 200,
      error: null,
      next_attempt_at: null,
    });
    // Only a short start of the answer is kept.
    expect(res.body.response_excerpt?.length).toBeLessThanOrEqual(256);
    expect(res.body.response_excerpt).toMatch(/^thanks !/);

    const [received] = receiver.at(path);
    expect(received).toBeDefined();
    if (!received) return;
    expect(received.headers['webhook-id']).toBe(res.body.message_id);
    expect(res.body.message_id).toMatch(/^msg_/);
    expect(Number(received.headers['webhook-timestamp'])).toBeGreaterThanOrEqual(before);
    expect(received.headers['content-type']).toBe('application/json');
    expect(verifies(created.secret, received)).toBe(true);
    expect(verifies(created.secret, { ...received, body: received.body.replace('test', 'tost') })).toBe(
      false,
    );
    const payload = JSON.parse(received.body) as WebhookPayload;
    expect(payload).toMatchObject({ type: 'webhook.test', data: { webhook_id: created.id } });
    expect(Date.parse(payload.timestamp)).not.toBeNaN();

    const rotated = await client.post<RotatedWebhookSecret>(hookUrl(created.id, 'rotate-secret/'));
    expect(rotated.status).toBe(200);
    expect(rotated.body.secret).not.toBe(created.secret);
    await sendTest(client, created.id);
    const second = receiver.at(path)[1];
    expect(second && verifies(rotated.body.secret, second)).toBe(true);
    expect(second && verifies(created.secret, second)).toBe(false);

    // The log: newest first, paged.
    const first = await log(client, created.id, '?limit=1');
    expect(first.results).toHaveLength(1);
    expect(first.results[0]?.message_id).toBe(second?.headers['webhook-id']);
    expect(first.next).not.toBeNull();
    const rest = await log(client, created.id, `?limit=1&cursor=${first.next ?? ''}`);
    expect(rest.results[0]?.id).toBe(res.body.id);
  });

  it('turns a webhook off when its endpoint answers 410 Gone', async () => {
    const { client } = await signedUpClient(app.baseUrl);
    const { id } = (await create(client, { url: target(tag('gone')), events: ['note.created'] })).body;
    const res = await sendTest(client, id);
    expect(res.body).toMatchObject({ status: 'failed', response_status: 410 });
    const [webhook] = (await client.get<WebhookList>(HOOKS)).body.results;
    expect(webhook).toMatchObject({ enabled: false, disabled_reason: expect.stringMatching(/410 Gone/) });
    const on = await patch(client, id, { enabled: true });
    expect(on.body).toMatchObject({ enabled: true, disabled_reason: null });
  });

  it('tells every event of a note, and retries a failing endpoint with back-off', async () => {
    const { client } = await signedUpClient(app.baseUrl);
    const everything = tag('ok');
    const flaky = tag('flaky');
    const all = (
      await create(client, {
        url: target(everything),
        events: ['note.created', 'note.transcribed', 'note.updated', 'note.deleted'],
      })
    ).body;
    const retried = (await create(client, { url: target(flaky), events: ['note.created'] })).body;
    const pad = (await client.post<Pad>('/api/v1/pad/', { name: `Hooks ${Math.random()}` })).body;
    const uploaded = await client.request<VoiceNote>('POST', `/api/v1/pad/${pad.id}/voicenote/`, {
      body: toneWav(0.5),
      headers: { 'content-type': 'audio/wav', 'content-disposition': 'attachment; filename="hook.wav"' },
    });
    expect(uploaded.status, uploaded.text).toBe(201);
    const note = uploaded.body;
    const events = () => receiver.at(everything).map((r) => JSON.parse(r.body) as WebhookPayload);
    await until(events, (e) => e.some((p) => p.type === 'note.transcribed'));

    const notePath = `/api/v1/pad/${pad.id}/voicenote/${note.id}/`;
    const renamed = await client.request('PATCH', notePath, { json: { title: 'Renamed by the test' } });
    expect(renamed.status, renamed.text).toBe(200);
    expect((await client.delete(notePath)).status).toBe(204);
    const seen = await until(events, (e) => e.length >= 4);
    // Deliveries run side by side, so they may arrive in any order (receivers sort by timestamp).
    const byType = new Map(seen.map((payload) => [payload.type, payload.data]));
    expect([...byType.keys()].sort()).toEqual([
      'note.created',
      'note.deleted',
      'note.transcribed',
      'note.updated',
    ]);
    for (const payload of seen) expect(payload.data).toMatchObject({ note_id: note.id, pad_id: pad.id });
    // The note as it is when the event is recorded: the runner may have claimed it already.
    expect(byType.get('note.created')).toMatchObject({
      title: note.title,
      status: expect.stringMatching(/^(pending|processing)$/),
    });
    expect(byType.get('note.transcribed')).toMatchObject({ status: 'done', transcript: TRANSCRIPT });
    expect(byType.get('note.updated')).toMatchObject({ title: 'Renamed by the test' });
    expect(byType.get('note.deleted')).toEqual({
      note_id: note.id,
      pad_id: pad.id,
      title: 'Renamed by the test',
    });
    for (const received of receiver.at(everything)) expect(verifies(all.secret, received)).toBe(true);
    expect(receiver.requests.map((r) => r.body).join()).not.toContain('whsec_');

    // 500, 500, then 200: three attempts of one message, the same webhook-id each time.
    const [delivery] = (
      await until(
        () => log(client, retried.id),
        (page) => page.results[0]?.status === 'succeeded',
      )
    ).results;
    expect(delivery).toMatchObject({
      event: 'note.created',
      status: 'succeeded',
      attempts: 3,
      response_status: 200,
      error: null,
    });
    const tries = receiver.at(flaky);
    expect(tries).toHaveLength(3);
    expect(new Set(tries.map((r) => r.headers['webhook-id']))).toEqual(new Set([delivery?.message_id]));
    for (const received of tries) expect(verifies(retried.secret, received)).toBe(true);
  });
});

describe('targets on private networks', () => {
  it.each([
    ['http://127.0.0.1/hook', 'a loopback address'],
    ['http://[::1]:8080/hook', 'a loopback address'],
    ['http://10.1.2.3/hook', 'a private address'],
    ['http://169.254.169.254/latest/meta-data/', 'a link-local address'],
    ['http://[::ffff:127.0.0.1]/hook', 'a loopback address'],
    ['http://[fd00::1]/hook', 'a unique-local address'],
    ['http://100.64.0.1/hook', 'a carrier-grade NAT address'],
  ])('refuses %s when it is made', async (url, kind) => {
    const { client } = await signedUpClient(app.baseUrl);
    const res = await create(client, { url, events: ['note.created'] });
    expect(res.status, res.text).toBe(400);
    expect(res.body.errors[0]).toMatchObject({ param: 'url', code: 'webhook_target_refused' });
    expect(res.body.errors[0]?.message).toContain(kind);
  });

  it('refuses a private address given as a change, too', async () => {
    const { client } = await signedUpClient(app.baseUrl);
    const { id } = (await create(client, { url: target('/ok/change'), events: ['note.created'] })).body;
    const res = await patch(client, id, { url: 'http://192.168.1.1/' });
    expect(res.status).toBe(400);
    expect(res.body.errors[0]).toMatchObject({ code: 'webhook_target_refused' });
  });

  it.each([
    [
      'a name resolving to loopback',
      () => `http://localhost:${receiver.port}/ok/never`,
      /localhost \((127\.0\.0\.1|::1)\) is a loopback address/,
    ],
    [
      'a name with one private address among its answers',
      () => `http://rebind.test:${receiver.port}/ok/never`,
      /10\.0\.0\.7\) is a private address/,
    ],
    [
      'a redirect to the metadata service',
      () => `http://hooks.test:${receiver.port}/redirect/m?to=http://metadata.test/latest/`,
      /metadata\.test \(169\.254\.169\.254\) is a link-local address/,
    ],
    [
      'a redirect to loopback',
      () => `http://hooks.test:${receiver.port}/redirect/l?to=http://127.0.0.1:${receiver.port}/ok/never`,
      /127\.0\.0\.1 is a loopback address/,
    ],
  ])('refuses %s when it sends, and sends nothing there', async (_what, url, error) => {
    const { client } = await signedUpClient(app.baseUrl);
    const created = await create(client, { url: url(), events: ['note.created'] });
    expect(created.status, created.text).toBe(201);
    const res = await sendTest(client, created.body.id);
    expect(res.body).toMatchObject({ status: 'failed', response_status: null, attempts: 1 });
    expect(res.body.error).toMatch(error);
    expect(receiver.at('/ok/never')).toEqual([]);
  });
});
