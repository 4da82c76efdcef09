/**
 * A live stream whose client goes quiet or vanishes does not hold its socket (and its quota
 * reservation, and for Opus its ffmpeg) for ever: with LIVE_IDLE_SECONDS at 2, a stream that
 * brings nothing is closed with `idle_timeout` and then kept or dropped as a cut stream; a peer
 * that vanished without a close (a frozen loopback relay) and a peer that never answers pings
 * are ended by the heartbeat. Real app, real sockets, real pocketsphinx.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Pad } from '@voxpad/shared/pads';
import type { VoiceNote } from '@voxpad/shared/voice-notes';
import { startFreezingRelay } from '../support/freezing-relay.ts';
import { signedUpClient, type TestClient } from '../support/http-client.ts';
import {
  browserHeaders,
  errorOf,
  filedNote,
  LIVE_SENTENCES,
  liveUrl,
  openLive,
  playPcm,
  spokenRecording,
} from '../support/live-client.ts';
import { createPad, notesOf as notesIn, waitForNotes } from '../support/pad-notes.ts';
import { startTestApp, type TestApp } from '../support/test-app.ts';

const IDLE_SECONDS = 2;
const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'voxpad-live-idle-'));
let recording: { wav: string; pcm: Buffer };
let server: TestApp;
let client: TestClient;

beforeAll(async () => {
  recording = spokenRecording(dir, LIVE_SENTENCES.slice(0, 2));
  server = await startTestApp({
    ROLE: 'all',
    WORKER_CONCURRENCY: '1',
    LIVE_IDLE_SECONDS: String(IDLE_SECONDS),
  });
  ({ client } = await signedUpClient(server.baseUrl));
}, 120_000);
afterAll(async () => {
  await server?.close();
  fs.rmSync(dir, { recursive: true, force: true });
});

const newPad = (): Promise<Pad> => createPad(client, 'Idle');
const notesOf = (padId: string): Promise<VoiceNote[]> => notesIn(client, padId);
const firstNote = async (padId: string, ms: number) => (await waitForNotes(client, padId, ms))[0];

const open = (padId: string, via = server.baseUrl, options: { autoPong?: boolean } = {}) =>
  openLive(liveUrl(via, padId), browserHeaders(client, server.baseUrl), options);

/** Opens a stream on a new pad, sends 3 s of speech and goes quiet until the server closes it. */
async function goQuiet(keepPartial: boolean) {
  const pad = await newPad();
  const live = await open(pad.id);
  live.socket.send(start(keepPartial));
  await playPcm(live.socket, recording.pcm, { speed: 2, to: 3 * 32000 });
  expect((await live.closed).code).toBe(1008);
  return { pad, live };
}

const start = (keepPartial: boolean) =>
  JSON.stringify({ type: 'start', format: 'pcm_s16le', sample_rate: 16000, keep_partial: keepPartial });

describe('idle live streams', { timeout: 60_000 }, () => {
  it('closes a stream that never sends anything, with a reason, and files nothing', async () => {
    const pad = await newPad();
    const live = await open(pad.id);
    const opened = performance.now();
    const closed = await live.closed;
    const after = (performance.now() - opened) / 1000;
    expect(closed.code).toBe(1008);
    expect(after).toBeGreaterThanOrEqual(IDLE_SECONDS - 0.1);
    expect(after).toBeLessThan(IDLE_SECONDS + 3);
    expect(errorOf(live)).toEqual({
      type: 'error',
      code: 'idle_timeout',
      message:
        'Nothing arrived for 2 s, so the live stream was closed. What arrived before is filed ' +
        'as a note when it is at least 1 s of audio.',
    });
    await new Promise((r) => setTimeout(r, 500));
    expect(await notesOf(pad.id)).toEqual([]);
  });

  it('files what arrived before a client went quiet, with its live transcript', async () => {
    const { pad, live } = await goQuiet(true);
    expect(errorOf(live)?.code).toBe('idle_timeout');
    // Filing includes transcribing the 3 s: over 20 s at a load average of 10.
    const note = await firstNote(pad.id, 45_000);
    expect(note?.status).toBe('done');
    expect(note?.duration_seconds).toBeCloseTo(3, 2);
    expect(note?.transcript).toMatch(/milk/);
  });

  it('files nothing for a quiet client that keeps its own copy, and says so', async () => {
    const { pad, live } = await goQuiet(false);
    expect(errorOf(live)?.message).toBe(
      'Nothing arrived for 2 s, so the live stream was closed and nothing was filed from it: ' +
        'upload the copy you kept.',
    );
    await new Promise((r) => setTimeout(r, 1500));
    expect(await notesOf(pad.id)).toEqual([]);
  });

  it('keeps a stream open as long as frames keep coming, past the idle limit', async () => {
    const pad = await newPad();
    const live = await open(pad.id);
    // 5 s in real time: more than twice the idle limit, with a frame every 100 ms.
    await playPcm(live.socket, recording.pcm, { to: 5 * 32000 });
    live.socket.send(JSON.stringify({ type: 'stop' }));
    expect((await live.closed).code).toBe(1000);
    expect(errorOf(live)).toBeUndefined();
    expect(filedNote(live)?.duration_seconds).toBeCloseTo(5, 2);
  });

  it('ends the stream of a peer that vanished without a close, and files what arrived', async () => {
    const relay = await startFreezingRelay(new URL(server.baseUrl));
    try {
      const pad = await newPad();
      const live = await open(pad.id, relay.baseUrl);
      await playPcm(live.socket, recording.pcm, { speed: 2, to: 3 * 32000 });
      // Once all 3 s have passed the relay (at load 4-15 the last 100 ms was once still on its
      // way, and the note held 2.9 s); the client sends nothing more but pongs.
      await relay.freezeWhenQuiet(300);
      const frozen = performance.now();
      // Its pings go unanswered, so the heartbeat ends the socket within two ping intervals
      // (1 s each here); the idle limit alone would close it, then wait 30 s for a close reply.
      const note = await firstNote(pad.id, 25_000);
      const seconds = (performance.now() - frozen) / 1000;
      expect(note?.status).toBe('done');
      expect(note?.duration_seconds).toBeCloseTo(3, 2);
      // The bound tells the heartbeat from the close wait (32 s and more) with room for the
      // transcription on a loaded machine: at load 10 filing and decoding took 8.8 s.
      expect(seconds).toBeLessThan(20);
      live.socket.terminate();
    } finally {
      await relay.close();
    }
  });

  it('ends the stream of a client that does not answer pings, even while frames come', async () => {
    const pad = await newPad();
    const live = await open(pad.id, server.baseUrl, { autoPong: false });
    const playing = playPcm(live.socket, recording.pcm, { to: 8 * 32000 });
    const closed = await live.closed;
    await playing;
    // Ended without a close frame: 1006 on this side, and no idle_timeout (frames kept coming).
    expect(closed.code).toBe(1006);
    expect(errorOf(live)).toBeUndefined();
    const note = await firstNote(pad.id, 20_000);
    expect(note?.status).toBe('done');
    expect(note?.duration_seconds).toBeLessThan(8);
  });
});
