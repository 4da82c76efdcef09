/**
 * No ffmpeg outlives a decode that fails or is stopped: the consumer throws, the recording is
 * too long, the caller aborts, the bytes are damaged. Checked on the real ffmpeg through
 * /proc: no child process named ffmpeg may remain, running or unreaped (a zombie), and no
 * temporary input file may stay behind.
 */
import { execFileSync } from 'node:child_process';
import { mkdtempSync, readFileSync, readdirSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createAudioDecoder } from '../../src/transcription/audio/audio-decoder.ts';
import { decodeSpeech, decodeSpeechStream } from '../../src/transcription/audio/decode-speech.ts';
import { AudioDecodeError } from '../../src/transcription/audio/errors.ts';

interface Child {
  pid: number;
  /** R, S, D, ... or Z for one that has exited but was never reaped. */
  state: string;
}

/** This process's children named `name` (threads share the pid, so the decoding threads' too). */
function childrenNamed(name: string): Child[] {
  const children: Child[] = [];
  for (const entry of readdirSync('/proc')) {
    if (!/^\d+$/.test(entry)) continue;
    let stat: string;
    try {
      stat = readFileSync(`/proc/${entry}/stat`, 'utf8');
    } catch {
      continue; // exited while we looked
    }
    // pid (comm) state ppid ...; comm may hold spaces and parentheses, so split at the last ')'.
    const close = stat.lastIndexOf(')');
    const comm = stat.slice(stat.indexOf('(') + 1, close);
    const [state, ppid] = stat
      .slice(close + 2)
      .split(' ')
      .slice(0, 2);
    if (comm === name && Number(ppid) === process.pid) children.push({ pid: Number(entry), state: state! });
  }
  return children;
}

const ffmpegChildren = (): Child[] => childrenNamed('ffmpeg');
const running = (): Child[] => ffmpegChildren().filter((c) => c.state !== 'Z');

async function until<T>(read: () => T | undefined, timeoutMs = 10_000): Promise<T | undefined> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const value = read();
    if (value !== undefined || Date.now() > deadline) return value;
    await new Promise((resolve) => setTimeout(resolve, 5));
  }
}

let tmp: string;
let previousTmpdir: string | undefined;
let long: Uint8Array;

/** The decoder's temporary ffmpeg inputs (tsx, which starts the threads from source, keeps its cache here too). */
const leftoverFiles = () => readdirSync(tmp).filter((name) => name.startsWith('voxpad-decode-'));

/**
 * A stopped decoding thread cleans up after the caller has its answer: waits (briefly) for
 * it, then lists the ffmpeg children and temporary inputs that are left.
 */
async function leftAfterStop(): Promise<{ children: Child[]; files: string[] }> {
  const clean = () => ffmpegChildren().length === 0 && leftoverFiles().length === 0;
  await until(() => (clean() ? true : undefined), 5_000);
  return { children: ffmpegChildren(), files: leftoverFiles() };
}

const nothingLeft = { children: [], files: [] };

beforeAll(() => {
  // The decoder writes its ffmpeg input under os.tmpdir(): a private one shows what is left.
  tmp = mkdtempSync(path.join(os.tmpdir(), 'voxpad-ffmpeg-cleanup-'));
  previousTmpdir = process.env.TMPDIR;
  process.env.TMPDIR = tmp;
  const file = path.join(tmp, 'long.flac');
  // 8 minutes of tone: long enough that streaming (5-minute loudness window, then at most two
  // chunks ahead of the consumer) holds ffmpeg back mid-file. FLAC encodes in a blink.
  execFileSync('ffmpeg', [
    '-loglevel',
    'error',
    '-y',
    '-f',
    'lavfi',
    '-i',
    'sine=frequency=220:duration=480:sample_rate=16000',
    '-c:a',
    'flac',
    file,
  ]);
  long = new Uint8Array(readFileSync(file));
  rmSync(file);
});
afterAll(() => {
  if (previousTmpdir === undefined) delete process.env.TMPDIR;
  else process.env.TMPDIR = previousTmpdir;
  rmSync(tmp, { recursive: true, force: true });
});

describe('in the decoding thread (decode-speech.ts)', () => {
  it('kills and reaps ffmpeg when the consumer throws', async () => {
    let aliveWhenThrown: Child[] = [];
    const failure = new Error('the consumer gave up');
    await expect(
      decodeSpeechStream(long, {
        maxDurationSeconds: 3600,
        onChunk: () => {
          aliveWhenThrown = running();
          throw failure;
        },
      }),
    ).rejects.toBe(failure);
    expect(aliveWhenThrown).toHaveLength(1);
    // Settled only once ffmpeg is gone: nothing to wait for.
    expect(ffmpegChildren()).toEqual([]);
    expect(leftoverFiles()).toEqual([]);
  });

  it('kills and reaps ffmpeg when the recording is over the duration limit', async () => {
    const error = await decodeSpeech(long, { maxDurationSeconds: 60 }).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(AudioDecodeError);
    expect((error as AudioDecodeError).code).toBe('too_long');
    expect(ffmpegChildren()).toEqual([]);
    expect(leftoverFiles()).toEqual([]);
  });

  /**
   * A minute of the tone as Opus in Ogg, which opusdec decodes (ADR 0067): more than its pipe
   * holds once the output is paused.
   */
  const longOpus = (): { path: string } => {
    const file = path.join(tmp, 'long.ogg');
    const tone = ['-f', 'lavfi', '-i', 'sine=frequency=220:duration=60:sample_rate=16000'];
    execFileSync('ffmpeg', ['-loglevel', 'error', '-y', ...tone, '-c:a', 'libopus', file]);
    return { path: file };
  };

  it.each([
    { decoder: 'ffmpeg', input: (): Uint8Array => long },
    { decoder: 'opusdec', input: longOpus },
  ])(
    'kills and reaps $decoder held back by back-pressure when the caller aborts',
    async ({ decoder, input }) => {
      const controller = new AbortController();
      let paused = false;
      const decoding = decodeSpeechStream(input(), {
        maxDurationSeconds: 3600,
        onChunk: () => {},
        // The consumer never catches up: the decoder's output stays paused, so it blocks.
        throttle: () => {
          paused = true;
          return new Promise<void>(() => {});
        },
        signal: controller.signal,
      });
      const alive = (): Child[] => childrenNamed(decoder).filter((c) => c.state !== 'Z');
      const blocked = await until(() => (paused && alive().length > 0 ? alive() : undefined));
      expect(blocked).toHaveLength(1);
      const reason = new Error('stopped by the caller');
      controller.abort(reason);
      await expect(decoding).rejects.toBe(reason);
      expect(childrenNamed(decoder)).toEqual([]);
      expect(leftoverFiles()).toEqual([]);
    },
  );

  it('leaves no ffmpeg behind when the bytes do not decode', async () => {
    // MP3 frame headers (MPEG-1 layer III, 128 kbit/s, 44.1 kHz: 417 bytes a frame) around junk.
    const frame = [0xff, 0xfb, 0x90, 0x64, ...new Uint8Array(413).fill(0x55)];
    const damagedMp3 = new Uint8Array(Array.from({ length: 10 }, () => frame).flat());
    const error = await decodeSpeech(damagedMp3, { maxDurationSeconds: 3600 }).catch((e: unknown) => e);
    expect((error as AudioDecodeError).code).toBe('corrupt');
    expect(ffmpegChildren()).toEqual([]);
    expect(leftoverFiles()).toEqual([]);
  });
});

describe('through the audio decoder (audio-decoder.ts, a worker thread per recording)', () => {
  const decoder = createAudioDecoder({ maxDurationSeconds: 3600 });

  it('stops ffmpeg when the consumer of the chunks fails', async () => {
    const recording = decoder.stream(long.slice());
    let aliveWhenThrown: Child[] = [];
    const failure = new Error('the engine failed');
    const consume = async (): Promise<void> => {
      for await (const chunk of recording.chunks) {
        expect(chunk.pcm.length).toBeGreaterThan(0);
        aliveWhenThrown = running();
        throw failure;
      }
    };
    await expect(consume()).rejects.toBe(failure);
    await expect(recording.done).rejects.toThrow(/stopped before the end/);
    expect(aliveWhenThrown).toHaveLength(1);
    expect(await leftAfterStop()).toEqual(nothingLeft);
  });

  it('stops ffmpeg when a streamed decode is aborted', async () => {
    const controller = new AbortController();
    // Nobody takes the chunks, so the thread soon holds ffmpeg back.
    const recording = decoder.stream(long.slice(), controller.signal);
    expect(await until(() => (running().length > 0 ? true : undefined))).toBe(true);
    controller.abort(new Error('lease lost'));
    await expect(recording.done).rejects.toThrow('lease lost');
    expect(await leftAfterStop()).toEqual(nothingLeft);
  });

  it('stops ffmpeg when a whole decode is aborted', async () => {
    const controller = new AbortController();
    const decoding = decoder(long.slice(), controller.signal);
    expect(await until(() => (running().length > 0 ? true : undefined))).toBe(true);
    controller.abort(new Error('shutting down'));
    await expect(decoding).rejects.toThrow('shutting down');
    expect(await leftAfterStop()).toEqual(nothingLeft);
  });

  it('reports a too-long recording and leaves no ffmpeg', async () => {
    const short = createAudioDecoder({ maxDurationSeconds: 60 });
    await expect(short(long.slice())).rejects.toMatchObject({ code: 'too_long' });
    expect(await leftAfterStop()).toEqual(nothingLeft);
  });
});
