/**
 * Issue 19, point 5 (info): one account may hold only so many live transcription sockets at
 * once (LIVE_STREAMS_PER_USER), refused before the upgrade like every other refusal of the
 * socket; and a client that breaks the WebSocket framing (a frame over the size limit) is the
 * client's fault, logged at info, not as a server error.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signedUpClient, type TestClient } from '../support/http-client.ts';
import {
  browserHeaders,
  type LiveConnection,
  liveUrl,
  openLive,
  RefusedUpgrade,
} from '../support/live-client.ts';
import { createPad } from '../support/pad-notes.ts';
import { startTestApp, type TestApp } from '../support/test-app.ts';

const STREAMS_PER_USER = 2;
let server: TestApp;
const logged: string[] = [];

beforeAll(async () => {
  server = await startTestApp(
    { LOG_LEVEL: 'info', LIVE_STREAMS_PER_USER: String(STREAMS_PER_USER) },
    { logStream: { write: (line: string) => void logged.push(line) } },
  );
});
afterAll(async () => {
  await server?.close();
});

interface LogLine {
  level: number;
  msg?: string;
  err?: { code?: string; message?: string };
}
const lines = (): LogLine[] => logged.map((line) => JSON.parse(line) as LogLine);

async function open(client: TestClient, padId: string): Promise<LiveConnection> {
  return openLive(liveUrl(server.baseUrl, padId), browserHeaders(client, server.baseUrl));
}

async function refusal(client: TestClient, padId: string): Promise<RefusedUpgrade> {
  const error: unknown = await open(client, padId).then(
    (live) => {
      live.socket.close();
      return new Error('the upgrade was accepted');
    },
    (e: unknown) => e,
  );
  expect(error).toBeInstanceOf(RefusedUpgrade);
  return error as RefusedUpgrade;
}

describe('live sockets per account', { timeout: 60_000 }, () => {
  it(`refuses a socket past ${STREAMS_PER_USER} open ones with a 429 in words, and frees the place at close`, async () => {
    const { client } = await signedUpClient(server.baseUrl);
    const pad = await createPad(client, 'Live');
    const held = [await open(client, pad.id), await open(client, pad.id)];

    const refused = await refusal(client, pad.id);
    expect(refused.status).toBe(429);
    expect(JSON.parse(refused.body)).toMatchObject({
      status: 429,
      errors: [
        {
          code: 'rate_limited',
          message: expect.stringMatching(
            new RegExp(`${STREAMS_PER_USER} live transcriptions open.*Stop one`, 's'),
          ) as string,
        },
      ],
    });

    // Another account has its own places.
    const other = await signedUpClient(server.baseUrl);
    const theirs = await open(other.client, (await createPad(other.client, 'Theirs')).id);

    // Once a socket closes, its place is free again.
    held[0]!.socket.close();
    await held[0]!.closed;
    let next: LiveConnection | undefined;
    for (let i = 0; i < 50 && !next; i++) {
      next = await open(client, pad.id).catch(() => undefined);
      if (!next) await new Promise((resolve) => setTimeout(resolve, 100));
    }
    expect(next).toBeDefined();
    for (const live of [held[1]!, next!, theirs]) {
      live.socket.close();
      await live.closed;
    }
  });
});

describe('framing errors', { timeout: 60_000 }, () => {
  it('closes a socket that sends a frame over the limit with 1009, logged at info, not as an error', async () => {
    const { client } = await signedUpClient(server.baseUrl);
    const pad = await createPad(client, 'Framing');
    const live = await open(client, pad.id);
    const before = logged.length;
    live.socket.send(Buffer.alloc(1024 * 1024 + 1));
    expect((await live.closed).code).toBe(1009);

    let framing: LogLine | undefined;
    for (let i = 0; i < 50 && !framing; i++) {
      await new Promise((resolve) => setTimeout(resolve, 100));
      framing = lines()
        .slice(before)
        .find((line) => line.err?.code === 'WS_ERR_UNSUPPORTED_MESSAGE_LENGTH');
    }
    expect(framing).toMatchObject({ level: 30, msg: expect.stringContaining('WebSocket') as string });
    expect(
      lines()
        .slice(before)
        .filter((line) => line.level >= 50),
    ).toEqual([]);
  });
});
