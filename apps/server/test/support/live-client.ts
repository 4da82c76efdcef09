/**
 * A client of the live transcription socket over real loopback WebSockets (the `ws` package):
 * opens it with the browser's cookies and Origin, plays PCM at a chosen pace, and collects
 * what the server says.
 */
import fs from 'node:fs';
import path from 'node:path';
import WebSocket from 'ws';
import type { VoiceNote } from '@voxpad/shared/voice-notes';
import { cachedToolRun } from './fixture-cache.ts';
import type { TestClient } from './http-client.ts';

export interface LiveWord {
  word: string;
  /** How the word reads: on finals only (ADR 0033). */
  text?: string;
  start: number;
  end: number;
  confidence: number;
}

export type LiveMessage =
  | { type: 'partial'; words: LiveWord[] }
  | { type: 'final'; words: LiveWord[] }
  | { type: 'filed'; note: VoiceNote }
  | { type: 'error'; code: string; message: string };

export interface LiveConnection {
  socket: WebSocket;
  /** Every message so far, with the time it arrived (performance.now()). */
  messages: { message: LiveMessage; at: number }[];
  /** Resolves when the server closes (or the socket drops). */
  closed: Promise<{ code: number; reason: string }>;
}

export function liveUrl(baseUrl: string, padId: string): string {
  return `${baseUrl.replace(/^http/, 'ws')}/api/v1/pad/${padId}/voicenote/live/`;
}

/** Opens the socket; rejects with the HTTP status when the server refuses the upgrade. */
export function openLive(
  url: string,
  headers: Record<string, string>,
  options: Omit<WebSocket.ClientOptions, 'headers'> = {},
): Promise<LiveConnection> {
  return new Promise((resolve, reject) => {
    const socket = new WebSocket(url, { ...options, headers });
    const messages: LiveConnection['messages'] = [];
    socket.on('message', (data, isBinary) => {
      if (!isBinary)
        messages.push({ message: JSON.parse(String(data)) as LiveMessage, at: performance.now() });
    });
    const closed = new Promise<{ code: number; reason: string }>((done) => {
      socket.on('close', (code, reason) => done({ code, reason: reason.toString() }));
    });
    socket.on('unexpected-response', (_request, response) => {
      let body = '';
      response.on('data', (chunk: Buffer) => (body += chunk.toString()));
      response.on('end', () => reject(new RefusedUpgrade(response.statusCode ?? 0, body)));
    });
    socket.on('error', (error) => reject(error));
    socket.on('open', () => resolve({ socket, messages, closed }));
  });
}

export class RefusedUpgrade extends Error {
  constructor(
    readonly status: number,
    readonly body: string,
  ) {
    super(`upgrade refused with ${status}: ${body}`);
  }
}

/**
 * Sends `bytes` (audio of `bytesPerSecond`) in pieces of `pieceSeconds`, `speed` times faster
 * than real time, from byte `from` up to byte `to`.
 */
export async function playBytes(
  socket: WebSocket,
  bytes: Buffer,
  {
    bytesPerSecond,
    pieceSeconds,
    speed = 1,
    from = 0,
    to = bytes.length,
  }: { bytesPerSecond: number; pieceSeconds: number; speed?: number; from?: number; to?: number },
): Promise<void> {
  const pieceBytes = Math.max(1, Math.round(pieceSeconds * bytesPerSecond));
  const started = performance.now();
  for (let at = from; at < to; at += pieceBytes) {
    if (socket.readyState !== WebSocket.OPEN) return;
    socket.send(bytes.subarray(at, Math.min(at + pieceBytes, to)));
    const due = started + ((at + pieceBytes - from) / bytesPerSecond / speed) * 1000;
    const wait = due - performance.now();
    if (wait > 0) await new Promise((resolve) => setTimeout(resolve, wait));
  }
}

/** Sends 16 kHz s16le PCM in frames of `frameSeconds`, `speed` times faster than real time. */
export function playPcm(
  socket: WebSocket,
  pcm: Buffer,
  { frameSeconds = 0.1, ...rest }: Partial<Record<'frameSeconds' | 'speed' | 'from' | 'to', number>> = {},
): Promise<void> {
  // Whole samples per frame, as before: 0.1 s is 3,200 bytes.
  const pieceSeconds = (Math.round(frameSeconds * 16000) * 2) / 32000;
  return playBytes(socket, pcm, { bytesPerSecond: 32000, pieceSeconds, ...rest });
}

export function finalWords(connection: LiveConnection): LiveWord[] {
  return connection.messages.flatMap(({ message }) => (message.type === 'final' ? message.words : []));
}

/**
 * A spoken recording made with flite: the sentences with a pause of `pauseSeconds` after
 * each, as a 16 kHz mono WAV file and its raw PCM (made once: fixture-cache.ts).
 */
export function spokenRecording(
  dir: string,
  sentences: readonly string[],
  pauseSeconds = 0.7,
): { wav: string; pcm: Buffer } {
  const parts = sentences.map((sentence, i) => {
    const raw = path.join(dir, `sentence-${i}.wav`);
    const padded = path.join(dir, `padded-${i}.wav`);
    cachedToolRun('flite', ['-voice', 'slt', '-t', sentence, '-o', raw], raw);
    const args = [raw, '-r', '16000', '-c', '1', '-b', '16', padded, 'pad', '0', String(pauseSeconds)];
    return cachedToolRun('sox', args, padded);
  });
  const wav = path.join(dir, 'recording.wav');
  const pcmFile = path.join(dir, 'recording.raw');
  cachedToolRun('sox', [...parts, wav], wav);
  const toRaw = [wav, '-t', 'raw', '-e', 'signed', '-b', '16', '-c', '1', '-r', '16000', pcmFile];
  cachedToolRun('sox', toRaw, pcmFile);
  return { wav, pcm: fs.readFileSync(pcmFile) };
}

/** The note of the `filed` message, once the server sent it. */
export function filedNote(connection: LiveConnection): VoiceNote | undefined {
  for (const { message } of connection.messages) if (message.type === 'filed') return message.note;
  return undefined;
}

/** The `error` message, if the server sent one. */
export function errorOf(connection: LiveConnection): { code: string; message: string } | undefined {
  for (const { message } of connection.messages) if (message.type === 'error') return message;
  return undefined;
}

/** Pairs of equal words in order (longest common subsequence) and the edit distance. */
export function alignWords(
  a: readonly LiveWord[],
  b: readonly LiveWord[],
): { pairs: [LiveWord, LiveWord][]; distance: number } {
  const n = a.length;
  const m = b.length;
  const d = Array.from({ length: n + 1 }, (_, i) =>
    Array.from({ length: m + 1 }, (_, j) => (i === 0 ? j : j === 0 ? i : 0)),
  );
  for (let i = 1; i <= n; i++) {
    for (let j = 1; j <= m; j++) {
      const same = a[i - 1]!.word === b[j - 1]!.word ? 0 : 1;
      d[i]![j] = Math.min(d[i - 1]![j]! + 1, d[i]![j - 1]! + 1, d[i - 1]![j - 1]! + same);
    }
  }
  const pairs: [LiveWord, LiveWord][] = [];
  for (let i = n, j = m; i > 0 && j > 0;) {
    const same = a[i - 1]!.word === b[j - 1]!.word;
    if (same && d[i]![j] === d[i - 1]![j - 1]) {
      pairs.unshift([a[i - 1]!, b[j - 1]!]);
      i--;
      j--;
    } else if (d[i]![j] === d[i - 1]![j - 1]! + 1) {
      i--;
      j--;
    } else if (d[i]![j] === d[i - 1]![j]! + 1) i--;
    else j--;
  }
  return { pairs, distance: d[n]![m]! };
}

/** Four flite sentences, about 13 s with their pauses: the live tests' spoken recording. */
export const LIVE_SENTENCES = [
  'please remember to buy milk and bread tomorrow morning',
  'the meeting with the design team moved to thursday afternoon',
  'call the garage about the brakes before the weekend',
  'send the report to the office by friday',
] as const;

/** What a browser sends with the upgrade: the client's cookies and the app's own Origin. */
export function browserHeaders(client: TestClient, origin: string): Record<string, string> {
  return {
    cookie: [...client.cookies].map(([k, v]) => `${k}=${v}`).join('; '),
    origin,
  };
}
