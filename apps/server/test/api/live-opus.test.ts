/**
 * Opus on the live transcription socket: `{"type":"start","format":"opus"}` then a WebM or Ogg
 * stream in pieces, as a browser's MediaRecorder sends it with a timeslice (the container's
 * header in the first piece). Real ffmpeg makes the Opus from flite speech and decodes it in
 * the server, real pocketsphinx transcribes it, real loopback sockets carry it. The words
 * match those of the same recording streamed as PCM, the note stores the bytes sent, garbage
 * is refused in words, a cut stream leaves a playable note, the size limit counts the bytes
 * received, and no ffmpeg outlives its stream.
 */
import { execFileSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type WebSocket from 'ws';
import type { Pad } from '@voxpad/shared/pads';
import type { VoiceNote } from '@voxpad/shared/voice-notes';
import { signedUpClient, type TestClient } from '../support/http-client.ts';
import {
  alignWords,
  browserHeaders as liveHeaders,
  errorOf,
  filedNote,
  finalWords,
  LIVE_SENTENCES,
  type LiveConnection,
  liveUrl,
  type LiveWord,
  openLive,
  playBytes,
  playPcm,
  spokenRecording,
} from '../support/live-client.ts';
import { createPad, notesOf as notesIn, waitForNotes } from '../support/pad-notes.ts';
import { startTestApp, type TestApp } from '../support/test-app.ts';

const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'voxpad-live-opus-'));
let recording: { wav: string; pcm: Buffer };
let seconds: number;
/** The recording as a MediaRecorder would stream it: Opus written to a pipe (sizes unknown). */
let webm: Buffer;
let ogg: Buffer;
let server: TestApp;
let client: TestClient;

function opus(container: 'webm' | 'ogg'): Buffer {
  return execFileSync('ffmpeg', [
    ...['-nostdin', '-loglevel', 'error', '-i', recording.wav],
    ...['-c:a', 'libopus', '-b:a', '32k', '-f', container, 'pipe:1'],
  ]);
}

beforeAll(async () => {
  recording = spokenRecording(dir, LIVE_SENTENCES);
  seconds = recording.pcm.length / 32000;
  webm = opus('webm');
  ogg = opus('ogg');
  server = await startTestApp({ MAX_DURATION_SECONDS: '40' });
  ({ client } = await signedUpClient(server.baseUrl));
}, 120_000);
afterAll(async () => {
  await server?.close();
  fs.rmSync(dir, { recursive: true, force: true });
});

const cookieOf = (c: TestClient) => [...c.cookies].map(([k, v]) => `${k}=${v}`).join('; ');
const browserHeaders = (c: TestClient, app: TestApp = server) => liveHeaders(c, app.baseUrl);

const newPad = (c: TestClient = client): Promise<Pad> => createPad(c, 'Opus');
const notesOf = (padId: string, c: TestClient = client): Promise<VoiceNote[]> => notesIn(c, padId);

async function startOpus(padId: string, extra: Record<string, unknown> = {}): Promise<LiveConnection> {
  const live = await openLive(liveUrl(server.baseUrl, padId), browserHeaders(client));
  live.socket.send(JSON.stringify({ type: 'start', format: 'opus', ...extra }));
  return live;
}

/**
 * Sends a container stream in pieces of `pieceSeconds` of its audio (a MediaRecorder
 * timeslice), `speed` times faster than real time, from byte `from` up to byte `to`.
 */
function playStream(
  socket: WebSocket,
  bytes: Buffer,
  {
    pieceSeconds = 2,
    speed = 4,
    ...range
  }: Partial<Record<'pieceSeconds' | 'speed' | 'from' | 'to', number>> = {},
): Promise<void> {
  return playBytes(socket, bytes, { bytesPerSecond: bytes.length / seconds, pieceSeconds, speed, ...range });
}

async function downloadAudio(padId: string, noteId: string): Promise<Buffer> {
  const res = await fetch(`${server.baseUrl}/api/v1/pad/${padId}/voicenote/${noteId}/audio/`, {
    headers: { cookie: cookieOf(client) },
  });
  expect(res.status).toBe(200);
  return Buffer.from(await res.arrayBuffer());
}

/** 16 kHz mono PCM as ffmpeg decodes a file on its own (throws if it cannot read it). */
function decodedPcm(bytes: Buffer): Buffer {
  const file = path.join(dir, `decode-${Math.random()}`);
  fs.writeFileSync(file, bytes);
  return execFileSync(
    'ffmpeg',
    [
      ...['-nostdin', '-loglevel', 'error', '-xerror', '-i', file],
      ...['-ac', '1', '-ar', '16000', '-f', 's16le', 'pipe:1'],
    ],
    // A truncated file makes ffmpeg say "File ended prematurely" and still exit 0.
    { stdio: ['ignore', 'pipe', 'pipe'], maxBuffer: 64 << 20 },
  );
}

/**
 * ffmpeg children of this process (the server runs in it), reaped or not: a zombie still
 * has its entry in /proc until it is reaped.
 */
function ffmpegChildren(): number[] {
  const children: number[] = [];
  for (const entry of fs.readdirSync('/proc')) {
    if (!/^\d+$/.test(entry)) continue;
    let stat: string;
    try {
      stat = fs.readFileSync(`/proc/${entry}/stat`, 'utf8');
    } catch {
      continue; // exited meanwhile
    }
    // pid (comm) state ppid ...
    const match = /^\d+ \((.*)\) \S+ (\d+)/.exec(stat);
    if (match?.[1] === 'ffmpeg' && Number(match[2]) === process.pid) children.push(Number(entry));
  }
  return children;
}

async function noFfmpegLeft(): Promise<void> {
  const deadline = Date.now() + 5000;
  while (ffmpegChildren().length > 0 && Date.now() < deadline) {
    await new Promise((r) => setTimeout(r, 50));
  }
  expect(ffmpegChildren()).toEqual([]);
}

/**
 * The finals of each PCM streamed as PCM, by the PCM's digest. The WebM and the Ogg carry the
 * same Opus packets and decode to the same samples, so the second reference is the first one's
 * words (one live decode fewer). A container that decoded to other samples gets its own.
 */
const pcmReferences = new Map<string, Promise<LiveWord[]>>();

function pcmStreamWords(pcm: Buffer): Promise<LiveWord[]> {
  const key = createHash('sha256').update(pcm).digest('hex');
  let words = pcmReferences.get(key);
  if (!words) {
    words = streamPcm(pcm);
    pcmReferences.set(key, words);
  }
  return words;
}

async function streamPcm(pcm: Buffer): Promise<LiveWord[]> {
  const pad = await newPad();
  const live = await openLive(liveUrl(server.baseUrl, pad.id), browserHeaders(client));
  live.socket.send(JSON.stringify({ type: 'start', format: 'pcm_s16le', sample_rate: 16000 }));
  await playPcm(live.socket, pcm, { speed: 4 });
  live.socket.send(JSON.stringify({ type: 'stop' }));
  expect((await live.closed).code).toBe(1000);
  return finalWords(live);
}

async function waitForFinal(live: LiveConnection): Promise<void> {
  const deadline = Date.now() + 90_000;
  while (!live.messages.some(({ message }) => message.type === 'final') && Date.now() < deadline) {
    await new Promise((r) => setTimeout(r, 100));
  }
}

/**
 * Streams a whole container and stops: words come while it streams, the note is the bytes
 * sent, and its words and times are those of the same audio (the Opus decoded by ffmpeg on
 * its own) streamed as PCM. Against the original PCM they differ more: Opus at 32 kbit/s
 * costs pocketsphinx a few words ("moved to thursday" heard as "that if there is a").
 */
async function streamsLikePcm(
  bytes: Buffer,
  mime: string,
  start: Record<string, unknown> = {},
): Promise<void> {
  const pad = await newPad();
  const live = await startOpus(pad.id, start);
  const half = Math.round(bytes.length / 2);
  await playStream(live.socket, bytes, { to: half });
  // ffmpeg decodes while the stream is open, and words come before it ends.
  expect(ffmpegChildren().length, 'an ffmpeg decodes the stream').toBeGreaterThan(0);
  await waitForFinal(live);
  expect(live.messages.map(({ message }) => message.type)).toContain('final');
  expect(live.messages.map(({ message }) => message.type)).not.toContain('filed');
  await playStream(live.socket, bytes, { from: half });
  live.socket.send(JSON.stringify({ type: 'stop' }));
  const closed = await live.closed;
  expect(closed.code, JSON.stringify(errorOf(live))).toBe(1000);

  const words = finalWords(live);
  const note = filedNote(live);
  expect(note?.status).toBe('done');
  expect(note?.content_type).toBe(mime);
  // The note keeps the live words as recognised (its transcript reads formatted, ADR 0033).
  expect(note?.segments.flatMap((seg) => seg.words).map((w) => w.word)).toEqual(words.map((w) => w.word));
  // Opus decodes to the samples that were encoded, trimmed of the encoder's delay.
  expect(note?.duration_seconds).toBeCloseTo(seconds, 1);
  expect(note?.size_bytes).toBe(bytes.length);

  // Stored as it was sent: the container itself, an eighth of the WAV at 32 kbit/s.
  const stored = await downloadAudio(pad.id, note?.id ?? '');
  expect(stored.equals(bytes)).toBe(true);
  expect(stored.length).toBeLessThan((44 + recording.pcm.length) / 5);
  const saved = (await client.get<VoiceNote>(`/api/v1/pad/${pad.id}/voicenote/${note?.id}/`)).body;
  expect(saved.segments.flatMap((s) => s.words)).toEqual(words);

  const reference = await pcmStreamWords(decodedPcm(bytes));
  expect(reference.length).toBeGreaterThan(20);
  const { pairs, distance } = alignWords(words, reference);
  expect(
    distance,
    `opus: ${note?.transcript}\npcm:  ${reference.map((w) => w.word).join(' ')}`,
  ).toBeLessThanOrEqual(Math.ceil(reference.length / 100));
  for (const [a, b] of pairs) {
    expect(Math.abs(a.start - b.start), `${a.word} start`).toBeLessThanOrEqual(0.2);
    expect(Math.abs(a.end - b.end), `${a.word} end`).toBeLessThanOrEqual(0.2);
  }
  await noFfmpegLeft();
}

describe('streaming Opus', { timeout: 180_000 }, () => {
  it('WebM Opus in MediaRecorder-sized pieces gives the words of the PCM stream and is filed as sent', async () => {
    await streamsLikePcm(webm, 'audio/webm');
  });

  it('Ogg Opus works the same way (a sample_rate sent with it is ignored)', async () => {
    await streamsLikePcm(ogg, 'audio/ogg', { sample_rate: 48000 });
  });

  it('a stream cut mid-way is filed as the WebM or Ogg received so far, and it plays', async () => {
    for (const bytes of [webm, ogg]) {
      const pad = await newPad();
      const live = await startOpus(pad.id, { keep_partial: true });
      // Cut inside a cluster or page: a byte count that is no piece boundary.
      const sent = Math.round(bytes.length * 0.45) + 7;
      await playStream(live.socket, bytes, { to: sent });
      live.socket.terminate();
      const notes = await waitForNotes(client, pad.id, 30_000);
      expect(notes).toHaveLength(1);
      const [note] = notes;
      expect(note?.status).toBe('done');
      expect(note?.size_bytes).toBe(sent);
      expect(note?.transcript).toMatch(/milk/);
      const stored = await downloadAudio(pad.id, note?.id ?? '');
      expect(stored.equals(bytes.subarray(0, sent))).toBe(true);
      // The truncated file decodes, to the length the note says (the last packet may be lost).
      const duration = note?.duration_seconds ?? 0;
      expect(duration).toBeGreaterThan(0.3 * seconds);
      expect(Math.abs(decodedPcm(stored).length / 32000 - duration)).toBeLessThanOrEqual(0.1);
      await noFfmpegLeft();
    }
  });

  it('a cut stream with keep_partial false leaves nothing, and its ffmpeg is gone', async () => {
    const pad = await newPad();
    const live = await startOpus(pad.id, { keep_partial: false });
    await playStream(live.socket, webm, { to: Math.round(webm.length / 2) });
    expect(ffmpegChildren().length).toBeGreaterThan(0);
    live.socket.terminate();
    await noFfmpegLeft();
    await new Promise((r) => setTimeout(r, 500));
    expect(await notesOf(pad.id)).toEqual([]);
  });

  it('holds the socket while ffmpeg has not taken a frame larger than its pipe, then goes on', async () => {
    const pad = await newPad();
    // 15 s of faint noise (under what counts as speech, so nothing waits to be decoded) at a
    // constant 256 kbit/s, in one frame: several times what a pipe holds.
    const big = execFileSync('ffmpeg', [
      ...['-nostdin', '-loglevel', 'error', '-f', 'lavfi', '-i', 'anoisesrc=amplitude=0.001:duration=15'],
      ...['-c:a', 'libopus', '-b:a', '256k', '-vbr', 'off', '-f', 'webm', 'pipe:1'],
    ]);
    expect(big.length).toBeGreaterThan(256 * 1024);
    const live = await startOpus(pad.id);
    let held = false;
    // The server's side of the socket, in this process: `ws` stops reading it while paused.
    const watch = setInterval(() => {
      for (const socket of server.app.websocketServer.clients) held ||= socket.isPaused;
    }, 1);
    try {
      live.socket.send(big);
      const deadline = Date.now() + 5000;
      while (!held && Date.now() < deadline) await new Promise((r) => setTimeout(r, 1));
      // (A stop read with the frame would end the hold at once: no more audio comes then.)
      live.socket.send(JSON.stringify({ type: 'stop' }));
      expect((await live.closed).code, JSON.stringify(errorOf(live))).toBe(1000);
    } finally {
      clearInterval(watch);
    }
    expect(held).toBe(true);
    expect(filedNote(live)?.size_bytes).toBe(big.length);
    expect(filedNote(live)?.duration_seconds).toBeCloseTo(15, 1);
    await noFfmpegLeft();
  });
});

describe('refusals', { timeout: 60_000 }, () => {
  it('refuses bytes that are neither WebM nor Ogg at once, in words', async () => {
    const pad = await newPad();
    const live = await startOpus(pad.id);
    live.socket.send(Buffer.from('this is not audio at all, just some text'));
    expect((await live.closed).code).toBe(1003);
    expect(errorOf(live)?.code).toBe('unsupported_format');
    expect(errorOf(live)?.message).toMatch(/must come in a WebM or Ogg container.*these bytes are neither/);
    expect(await notesOf(pad.id)).toEqual([]);
    await noFfmpegLeft();
  });

  it('refuses garbage behind a WebM signature once ffmpeg gives up, and files nothing', async () => {
    const pad = await newPad();
    const live = await startOpus(pad.id);
    // Fixed bytes, not random ones: some random tails read as an element larger than what
    // arrived, and ffmpeg then waits for the rest instead of giving up (a CI failure).
    const garbage = Buffer.concat([Buffer.from([0x1a, 0x45, 0xdf, 0xa3]), Buffer.alloc(20_000, 'Z')]);
    live.socket.send(garbage);
    expect((await live.closed).code).toBe(1003);
    expect(errorOf(live)?.code).toBe('undecodable_audio');
    expect(errorOf(live)?.message).toMatch(/could not be decoded as Opus in WebM or Ogg/);
    expect(await notesOf(pad.id)).toEqual([]);
    await noFfmpegLeft();
  });

  it('refuses garbage behind an Ogg signature at stop, and files nothing', async () => {
    const pad = await newPad();
    const live = await startOpus(pad.id);
    live.socket.send(Buffer.concat([Buffer.from('OggS'), Buffer.alloc(20_000, 'Z')]));
    // ffmpeg's Ogg reader looks for the next page until its input ends.
    await new Promise((r) => setTimeout(r, 300));
    expect(ffmpegChildren().length).toBeGreaterThan(0);
    live.socket.send(JSON.stringify({ type: 'stop' }));
    expect((await live.closed).code).toBe(1003);
    expect(errorOf(live)?.code).toBe('undecodable_audio');
    expect(await notesOf(pad.id)).toEqual([]);
    await noFfmpegLeft();
  });

  it('ends an Opus stream longer than MAX_DURATION_SECONDS, counted in decoded audio', async () => {
    const pad = await newPad();
    const long = execFileSync('ffmpeg', [
      ...[
        '-nostdin',
        '-loglevel',
        'error',
        '-f',
        'lavfi',
        '-i',
        'sine=frequency=300:sample_rate=16000:duration=45',
      ],
      ...['-c:a', 'libopus', '-b:a', '16k', '-f', 'webm', 'pipe:1'],
    ]);
    const live = await startOpus(pad.id);
    live.socket.send(long);
    expect((await live.closed).code).toBe(1008);
    expect(errorOf(live)).toMatchObject({ code: 'duration_too_long' });
    expect(errorOf(live)?.message).toMatch(/The limit is 40 s/);
    expect(await notesOf(pad.id)).toEqual([]);
    await noFfmpegLeft();
  });
});

describe('the size limit', { timeout: 60_000 }, () => {
  const limit = 24_000;
  let small: TestApp;
  let owner: TestClient;
  beforeAll(async () => {
    small = await startTestApp({ UPLOAD_MAX_BYTES: String(limit) });
    ({ client: owner } = await signedUpClient(small.baseUrl));
  }, 60_000);
  afterAll(async () => {
    await small?.close();
  });

  async function open(): Promise<{ pad: Pad; live: LiveConnection }> {
    const pad = (await owner.request<Pad>('POST', '/api/v1/pad/', { json: { name: 'Small' } })).body;
    const live = await openLive(liveUrl(small.baseUrl, pad.id), browserHeaders(owner, small));
    live.socket.send(JSON.stringify({ type: 'start', format: 'opus' }));
    return { pad, live };
  }

  it('counts the bytes received, not the audio they decode to', async () => {
    // Under the limit as received, though its audio as PCM would be several times over it.
    const sent = limit - 1000;
    expect(sent * 2).toBeLessThan(webm.length);
    const { pad, live } = await open();
    // One frame, more than ffmpeg's stdin takes at once: the socket is held until it drains.
    live.socket.send(webm.subarray(0, sent));
    live.socket.send(JSON.stringify({ type: 'stop' }));
    expect((await live.closed).code, JSON.stringify(errorOf(live))).toBe(1000);
    const note = filedNote(live);
    expect(note?.size_bytes).toBe(sent);
    expect(32000 * (note?.duration_seconds ?? 0)).toBeGreaterThan(3 * limit);
    expect((await notesOf(pad.id, owner)).map((n) => n.id)).toEqual([note?.id]);
  });

  it('ends a stream whose received bytes pass UPLOAD_MAX_BYTES without filing it', async () => {
    const { pad, live } = await open();
    await playStream(live.socket, webm, { speed: 8 });
    expect((await live.closed).code).toBe(1009);
    expect(errorOf(live)?.code).toBe('payload_too_large');
    expect(await notesOf(pad.id, owner)).toEqual([]);
    await noFfmpegLeft();
  });
});

describe('server shutdown', { timeout: 60_000 }, () => {
  it('kills and reaps the ffmpeg of a stream still open', async () => {
    const app = await startTestApp();
    try {
      const { client: owner } = await signedUpClient(app.baseUrl);
      const pad = (await owner.request<Pad>('POST', '/api/v1/pad/', { json: { name: 'Shutdown' } })).body;
      const live = await openLive(liveUrl(app.baseUrl, pad.id), browserHeaders(owner, app));
      live.socket.send(JSON.stringify({ type: 'start', format: 'opus', keep_partial: false }));
      await playStream(live.socket, webm, { to: Math.round(webm.length / 3), speed: 8 });
      expect(ffmpegChildren().length).toBeGreaterThan(0);
    } finally {
      await app.close();
    }
    // Closing waited for it: no polling.
    expect(ffmpegChildren()).toEqual([]);
  });
});
