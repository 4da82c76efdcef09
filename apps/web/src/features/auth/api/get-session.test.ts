/// <reference types="node" />
// This test runs a real HTTP server on 127.0.0.1, so it needs Node's types.
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { createApiClient, type ApiClient } from '../../../lib/api-client.ts';
import type { AuthResponse } from './auth-response.ts';
import { deriveSessionState, fetchSession } from './get-session.ts';

const user = { id: 1, display: 'ada', email: 'ada@example.org', username: 'ada', has_usable_password: true };

describe('deriveSessionState (spec §4)', () => {
  it('is authenticated only when meta.is_authenticated is true and status is 200', () => {
    expect(deriveSessionState({ status: 200, data: { user }, meta: { is_authenticated: true } })).toEqual({
      state: { isAuthenticated: true, user },
      mustLogout: false,
    });
    expect(
      deriveSessionState({ status: 200, data: { user }, meta: { is_authenticated: false } }).state
        .isAuthenticated,
    ).toBe(false);
  });

  it('treats 401 as anonymous and keeps the pending flows', () => {
    const flows = [{ id: 'verify_email' as const, is_pending: true as const }];
    expect(deriveSessionState({ status: 401, data: { flows }, meta: { is_authenticated: false } })).toEqual({
      state: { isAuthenticated: false, flows },
      mustLogout: false,
    });
  });

  it('asks for a logout when it claims authenticated but the status is 410', () => {
    expect(deriveSessionState({ status: 410, data: {}, meta: { is_authenticated: true } })).toEqual({
      state: { isAuthenticated: false, flows: [] },
      mustLogout: true,
    });
    expect(deriveSessionState({ status: 410, data: {}, meta: { is_authenticated: false } }).mustLogout).toBe(
      false,
    );
  });
});

describe('fetchSession against a server', () => {
  let server: Server;
  let client: ApiClient;
  let sessionAnswer: { status: number; body: AuthResponse };
  const calls: string[] = [];

  beforeAll(async () => {
    server = createServer((request, response) => {
      calls.push(`${request.method} ${request.url}`);
      const answer =
        request.method === 'DELETE'
          ? { status: 401, body: { status: 401, data: { flows: [] }, meta: { is_authenticated: false } } }
          : sessionAnswer;
      response.writeHead(answer.status, { 'Content-Type': 'application/json' });
      response.end(JSON.stringify(answer.body));
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    client = createApiClient({ baseUrl: `http://127.0.0.1:${(server.address() as AddressInfo).port}` });
  });

  afterAll(async () => {
    await new Promise<void>((resolve) => server.close(() => resolve()));
  });

  beforeEach(() => {
    calls.length = 0;
  });

  const hinted = () => true;

  it('logs out (DELETE session) on an authenticated-but-410 session and is anonymous', async () => {
    sessionAnswer = { status: 410, body: { status: 410, data: {}, meta: { is_authenticated: true } } };
    await expect(fetchSession(client, hinted)).resolves.toEqual({ isAuthenticated: false, flows: [] });
    expect(calls).toEqual([
      'GET /_headless/browser/v1/auth/session',
      'DELETE /_headless/browser/v1/auth/session',
    ]);
  });

  it('does not log out an authenticated session', async () => {
    sessionAnswer = { status: 200, body: { status: 200, data: { user }, meta: { is_authenticated: true } } };
    await expect(fetchSession(client, hinted)).resolves.toEqual({ isAuthenticated: true, user });
    expect(calls).toEqual(['GET /_headless/browser/v1/auth/session']);
  });

  it('does not log out an anonymous visitor (401)', async () => {
    sessionAnswer = {
      status: 401,
      body: { status: 401, data: { flows: [] }, meta: { is_authenticated: false } },
    };
    await expect(fetchSession(client, hinted)).resolves.toEqual({ isAuthenticated: false, flows: [] });
    expect(calls).toEqual(['GET /_headless/browser/v1/auth/session']);
  });

  it('does not ask at all without the server’s session hint: a signed-out load makes no 401', async () => {
    sessionAnswer = { status: 200, body: { status: 200, data: { user }, meta: { is_authenticated: true } } };
    await expect(fetchSession(client, () => false)).resolves.toEqual({ isAuthenticated: false, flows: [] });
    expect(calls).toEqual([]);
  });

  it('reads the hint from the session_hint cookie and drops it once the server says the session is gone', async () => {
    sessionAnswer = {
      status: 401,
      body: { status: 401, data: { flows: [] }, meta: { is_authenticated: false } },
    };
    document.cookie = 'session_hint=1; Path=/';
    await expect(fetchSession(client)).resolves.toEqual({ isAuthenticated: false, flows: [] });
    expect(calls).toEqual(['GET /_headless/browser/v1/auth/session']);
    expect(document.cookie).not.toContain('session_hint');
    calls.length = 0;
    await fetchSession(client);
    expect(calls).toEqual([]);
  });

  it('keeps the hint while a flow is pending (a login waiting for its second factor)', async () => {
    const flows = [{ id: 'mfa_authenticate' as const, is_pending: true as const }];
    sessionAnswer = {
      status: 401,
      body: { status: 401, data: { flows }, meta: { is_authenticated: false } },
    };
    document.cookie = 'session_hint=1; Path=/';
    await expect(fetchSession(client)).resolves.toEqual({ isAuthenticated: false, flows });
    expect(document.cookie).toContain('session_hint=1');
    document.cookie = 'session_hint=; Max-Age=0; Path=/';
  });
});
