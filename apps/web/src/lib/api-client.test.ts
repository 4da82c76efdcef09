/// <reference types="node" />
// This test runs a real HTTP server on 127.0.0.1, so it needs Node's types.
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { z } from 'zod';
import {
  ContractError,
  createApiClient,
  HttpError,
  NetworkError,
  readCookie,
  type ApiClient,
} from './api-client.ts';

interface Recorded {
  method: string;
  url: string;
  headers: IncomingMessage['headers'];
  body: Buffer;
}

type Handler = (request: Recorded, response: ServerResponse) => void;

let server: Server;
let baseUrl: string;
let handler: Handler;
const requests: Recorded[] = [];
const fetchInits: RequestInit[] = [];
let client: ApiClient;

function json(response: ServerResponse, status: number, body: unknown) {
  response.writeHead(status, { 'Content-Type': 'application/json' });
  response.end(JSON.stringify(body));
}

beforeAll(async () => {
  server = createServer((request, response) => {
    // jsdom's XMLHttpRequest enforces CORS (the test page lives on another origin).
    const origin = request.headers.origin;
    if (origin) {
      response.setHeader('Access-Control-Allow-Origin', origin);
      response.setHeader('Access-Control-Allow-Credentials', 'true');
    }
    if (request.method === 'OPTIONS') {
      response.setHeader('Access-Control-Allow-Methods', 'GET, POST, PUT, PATCH, DELETE');
      response.setHeader(
        'Access-Control-Allow-Headers',
        request.headers['access-control-request-headers'] ?? '',
      );
      response.writeHead(204);
      response.end();
      return;
    }
    const chunks: Buffer[] = [];
    request.on('data', (chunk: Buffer) => chunks.push(chunk));
    request.on('end', () => {
      const recorded: Recorded = {
        method: request.method ?? '',
        url: request.url ?? '',
        headers: request.headers,
        body: Buffer.concat(chunks),
      };
      requests.push(recorded);
      handler(recorded, response);
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  baseUrl = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  client = createApiClient({
    baseUrl,
    fetch: (input, init) => {
      fetchInits.push(init ?? {});
      return fetch(input, init);
    },
  });
});

afterAll(async () => {
  await new Promise<void>((resolve, reject) => server.close((error) => (error ? reject(error) : resolve())));
});

beforeEach(() => {
  requests.length = 0;
  fetchInits.length = 0;
  document.cookie = 'csrftoken=; expires=Thu, 01 Jan 1970 00:00:00 GMT';
});

describe('auth calls (spec §8)', () => {
  it.each([400, 401, 403, 409, 410])(
    'resolves with the body on %i so the caller reads status',
    async (status) => {
      const body = { status, errors: [{ message: 'Nope.', code: 'invalid', param: 'password' }] };
      handler = (_request, response) => json(response, status, body);
      await expect(
        client.auth('POST', 'auth/login', { body: { username: 'a', password: 'b' } }),
      ).resolves.toEqual(body);
    },
  );

  it('resolves with the body on 200', async () => {
    handler = (_request, response) => json(response, 200, { status: 200, data: { user: { id: 1 } } });
    await expect(client.auth('GET', 'auth/session')).resolves.toEqual({
      status: 200,
      data: { user: { id: 1 } },
    });
    expect(requests[0]?.url).toBe('/_headless/browser/v1/auth/session');
  });

  it.each([404, 429, 500, 502])('rejects on %i', async (status) => {
    handler = (_request, response) =>
      json(response, status, { status, errors: [{ message: 'Broken.', code: 'server_error' }] });
    const error = await client.auth('GET', 'config').catch((caught: unknown) => caught);
    expect(error).toBeInstanceOf(HttpError);
    expect((error as HttpError).status).toBe(status);
  });

  it('rejects with a NetworkError when the server cannot be reached', async () => {
    const offline = createApiClient({ baseUrl: 'http://127.0.0.1:1' });
    await expect(offline.auth('GET', 'config')).rejects.toBeInstanceOf(NetworkError);
  });
});

describe('every request', () => {
  it('sends cookies and JSON', async () => {
    handler = (_request, response) => json(response, 200, { status: 200 });
    await client.auth('POST', 'auth/login', { body: { username: 'ada', password: 'secret-pass' } });
    expect(fetchInits[0]?.credentials).toBe('include');
    const request = requests[0];
    expect(request?.headers['content-type']).toBe('application/json');
    expect(request?.headers.accept).toBe('application/json');
    expect(JSON.parse(request?.body.toString() ?? '')).toEqual({ username: 'ada', password: 'secret-pass' });
  });

  it('sends the csrftoken cookie as X-CSRFToken on unsafe methods only, read at call time', async () => {
    handler = (_request, response) => json(response, 200, { status: 200 });
    document.cookie = 'csrftoken=first-token';
    await client.auth('GET', 'auth/session');
    await client.auth('POST', 'auth/login', { body: {} });
    document.cookie = 'csrftoken=rotated-token';
    await client.auth('DELETE', 'auth/session');
    expect(requests.map((request) => request.headers['x-csrftoken'])).toEqual([
      undefined,
      'first-token',
      'rotated-token',
    ]);
  });

  it('passes extra headers (verification and reset keys)', async () => {
    handler = (_request, response) => json(response, 200, { status: 200 });
    await client.auth('GET', 'auth/password/reset', { headers: { 'X-Password-Reset-Key': 'k-123' } });
    expect(requests[0]?.headers['x-password-reset-key']).toBe('k-123');
  });
});

describe('product calls', () => {
  const itemSchema = z.object({ id: z.string(), name: z.string() });

  it('resolves with the checked body and adds query params', async () => {
    handler = (_request, response) => json(response, 200, { id: 'p1', name: 'Ideas', extra: true });
    await expect(
      client.api('GET', 'pad/', itemSchema, { query: { cursor: 'abc=', empty: '' } }),
    ).resolves.toEqual({
      id: 'p1',
      name: 'Ideas',
    });
    expect(requests[0]?.url).toBe('/api/v1/pad/?cursor=abc%3D');
  });

  it('rejects on non-2xx with the status and the parsed errors', async () => {
    handler = (_request, response) =>
      json(response, 400, {
        status: 400,
        errors: [{ message: 'Give the pad a name.', code: 'required', param: 'name' }],
      });
    const error = await client
      .api('POST', 'pad/', itemSchema, { body: { name: '' } })
      .catch((caught: unknown) => caught);
    expect(error).toBeInstanceOf(HttpError);
    expect((error as HttpError).status).toBe(400);
    expect((error as HttpError).errors).toEqual([
      { message: 'Give the pad a name.', code: 'required', param: 'name' },
    ]);
    expect((error as HttpError).message).toBe('Give the pad a name.');
  });

  it('rejects on 401 and 409 too (only auth calls resolve those)', async () => {
    for (const status of [401, 409]) {
      handler = (_request, response) =>
        json(response, status, { status, errors: [{ message: 'x', code: 'x' }] });
      await expect(client.api('GET', 'stats/', itemSchema)).rejects.toMatchObject({ status });
    }
  });

  it('rejects a non-JSON error page with a readable message', async () => {
    handler = (_request, response) => {
      response.writeHead(502, { 'Content-Type': 'text/html' });
      response.end('<h1>Bad gateway</h1>');
    };
    const error = await client.api('GET', 'stats/', itemSchema).catch((caught: unknown) => caught);
    expect((error as HttpError).status).toBe(502);
    expect((error as HttpError).errors).toEqual([]);
    expect((error as HttpError).message).toBe('HTTP error! status: 502');
  });

  it('rejects a 2xx body that breaks the shared contract', async () => {
    handler = (_request, response) => json(response, 200, { id: 7 });
    await expect(client.api('GET', 'pad/x/', itemSchema)).rejects.toBeInstanceOf(ContractError);
  });

  it('handles 204 for DELETE', async () => {
    handler = (_request, response) => {
      response.writeHead(204);
      response.end();
    };
    document.cookie = 'csrftoken=del-token';
    await expect(client.apiVoid('DELETE', 'pad/p1/')).resolves.toBeUndefined();
    expect(requests[0]?.method).toBe('DELETE');
    expect(requests[0]?.headers['x-csrftoken']).toBe('del-token');
  });
});

describe('upload (XMLHttpRequest)', () => {
  const noteSchema = z.object({ id: z.string() });

  it('posts the raw blob with its content type, the attachment disposition and the CSRF token', async () => {
    handler = (_request, response) => json(response, 201, { id: 'n1' });
    document.cookie = 'csrftoken=upload-token';
    const bytes = new Uint8Array([82, 73, 70, 70, 1, 2, 3, 4]);
    const progress: number[] = [];
    const result = await client.upload('pad/p1/voicenote/', noteSchema, {
      body: new Blob([bytes], { type: 'audio/wav' }),
      headers: { 'Content-Type': 'audio/wav', 'Content-Disposition': 'attachment; filename="recording.wav"' },
      onProgress: ({ loaded, total }) => progress.push(loaded / total),
    });
    expect(result).toEqual({ id: 'n1' });
    const request = requests.at(-1);
    expect(request?.method).toBe('POST');
    expect(request?.url).toBe('/api/v1/pad/p1/voicenote/');
    expect(request?.headers['content-type']).toBe('audio/wav');
    expect(request?.headers['content-disposition']).toBe('attachment; filename="recording.wav"');
    expect(request?.headers['x-csrftoken']).toBe('upload-token');
    expect([...(request?.body ?? [])]).toEqual([...bytes]);
  });

  it('rejects with the status and errors on failure', async () => {
    handler = (_request, response) =>
      json(response, 413, {
        status: 413,
        errors: [{ message: 'The recording is too large.', code: 'payload_too_large' }],
      });
    const error = await client
      .upload('pad/p1/voicenote/', noteSchema, { body: new Blob(['x'], { type: 'audio/wav' }) })
      .catch((caught: unknown) => caught);
    expect(error).toBeInstanceOf(HttpError);
    expect((error as HttpError).status).toBe(413);
    expect((error as HttpError).errors[0]?.code).toBe('payload_too_large');
  });
});

describe('readCookie', () => {
  it('finds a cookie among others and decodes it', () => {
    expect(readCookie('csrftoken', 'a=1; csrftoken=abc%3D%3D; b=2')).toBe('abc==');
    expect(readCookie('csrftoken', 'xcsrftoken=nope')).toBeNull();
    expect(readCookie('csrftoken', '')).toBeNull();
  });
});
