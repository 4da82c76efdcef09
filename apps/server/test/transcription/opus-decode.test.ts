/**
 * Opus in Ogg is decoded by opusdec (ADR 0067), with ffmpeg where opusdec is missing: both give
 * the same recording, the length the file states is read from its last page, and damage is
 * still reported as damage.
 */
import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { openFiles } from '../support/files.ts';
import { decodeSpeech, decodeSpeechStream } from '../../src/transcription/audio/decode-speech.ts';
import { oggOpusDuration } from '../../src/transcription/audio/opus-decode.ts';
import { toneWav } from '../support/wav.ts';

const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'voxpad-opus-decode-'));
afterAll(() => fs.rmSync(dir, { recursive: true, force: true }));

const MISSING = path.join(dir, 'not-installed');

/** 13 s of a 44.1 kHz tone, then silence and a second tone, as Opus in Ogg. */
function opusFile(name: string): string {
  const wav = path.join(dir, `${name}.wav`);
  fs.writeFileSync(wav, toneWav(13, 44100));
  const file = path.join(dir, `${name}.ogg`);
  execFileSync('ffmpeg', ['-loglevel', 'error', '-y', '-i', wav, '-c:a', 'libopus', file]);
  fs.rmSync(wav);
  return file;
}

function correlation(a: Int16Array, b: Int16Array): number {
  let ab = 0;
  let aa = 0;
  let bb = 0;
  for (let i = 0; i < Math.min(a.length, b.length); i++) {
    ab += a[i]! * b[i]!;
    aa += a[i]! * a[i]!;
    bb += b[i]! * b[i]!;
  }
  return ab / Math.sqrt(aa * bb);
}

describe('Opus in Ogg', () => {
  it('is decoded by opusdec, to the recording ffmpeg gives', async () => {
    const file = opusFile('tone');
    // ffmpeg cannot be started: the decode can only be opusdec's.
    const byOpusdec = await decodeSpeech({ path: file }, { maxDurationSeconds: 60, ffmpegPath: MISSING });
    // opusdec cannot be started: ffmpeg decodes instead.
    const byFfmpeg = await decodeSpeech({ path: file }, { maxDurationSeconds: 60, opusdecPath: MISSING });
    expect(byOpusdec.durationSeconds).toBeCloseTo(13, 2);
    expect(byOpusdec.durationSeconds).toBeCloseTo(byFfmpeg.durationSeconds, 3);
    expect(byOpusdec.pcm.length).toBe(byFfmpeg.pcm.length);
    expect(byOpusdec.format).toBe('audio/ogg');
    expect(correlation(byOpusdec.pcm, byFfmpeg.pcm)).toBeGreaterThan(0.99);
    // The same from its bytes (a short upload), through a temporary file.
    const fromBytes = await decodeSpeech(new Uint8Array(fs.readFileSync(file)), {
      maxDurationSeconds: 60,
      ffmpegPath: MISSING,
    });
    expect(Buffer.from(fromBytes.pcm.buffer).equals(Buffer.from(byOpusdec.pcm.buffer))).toBe(true);
  });

  it('states its length on its last page, less the pre-skip', async () => {
    const file = opusFile('stated');
    const handle = await fs.promises.open(file, 'r');
    try {
      const { size } = await handle.stat();
      const head = new Uint8Array(4096);
      await handle.read(head, 0, head.length, 0);
      expect(await oggOpusDuration(handle, size, head)).toBeCloseTo(13, 2);
      // A first page of another stream (its serial number changed) finds no page of its own.
      const other = Buffer.from(head);
      other.writeUInt32LE((other.readUInt32LE(14) ^ 1) >>> 0, 14);
      expect(await oggOpusDuration(handle, size, other)).toBeUndefined();
      expect(await oggOpusDuration(handle, size, head.subarray(0, 20))).toBeUndefined();
    } finally {
      await handle.close();
    }
    const stated: number[] = [];
    await decodeSpeechStream(
      { path: file },
      { maxDurationSeconds: 60, onChunk: () => {}, onExpectedDuration: (s) => stated.push(s) },
    );
    expect(stated).toHaveLength(1);
    expect(stated[0]).toBeCloseTo(13, 2);
  });

  it('reports a damaged file as damaged, whichever decoder reads it', async () => {
    const whole = fs.readFileSync(opusFile('whole'));
    // The pages after the headers overwritten with noise.
    // 4 MB, more than the pipe to opusdec takes in before it gives up.
    const noise = Buffer.concat([whole, Buffer.alloc(4 << 20)]);
    for (let i = 4096; i < noise.length; i++) noise[i] = (i * 7919) & 0xff;
    const broken = path.join(dir, 'broken.ogg');
    fs.writeFileSync(broken, noise);
    for (const decoder of [{ ffmpegPath: MISSING }, { opusdecPath: MISSING }]) {
      await expect(
        decodeSpeech({ path: broken }, { maxDurationSeconds: 60, ...decoder }),
        JSON.stringify(decoder),
      ).rejects.toMatchObject({ code: 'corrupt' });
      // Nothing keeps the file open once the decoder has given up.
      expect(openFiles().filter((file) => file === broken)).toEqual([]);
    }
    // A first page opusdec refuses at once (a channel mapping without its table), with 4 MB
    // behind it that it never reads: the file is closed all the same.
    const refused = Buffer.concat([whole, Buffer.alloc(4 << 20)]);
    refused[27 + refused[26]! + 18] = 1;
    const head = path.join(dir, 'refused.ogg');
    fs.writeFileSync(head, refused);
    await expect(
      decodeSpeech({ path: head }, { maxDurationSeconds: 60, ffmpegPath: MISSING }),
    ).rejects.toMatchObject({
      code: 'corrupt',
    });
    expect(openFiles().filter((file) => file === head)).toEqual([]);
    // Cut off half-way (a crashed tab): what was recorded is kept.
    const cut = path.join(dir, 'cut.ogg');
    fs.writeFileSync(cut, whole.subarray(0, whole.length >> 1));
    const kept = await decodeSpeech({ path: cut }, { maxDurationSeconds: 60, ffmpegPath: MISSING });
    expect(kept.durationSeconds).toBeGreaterThan(4);
    expect(kept.durationSeconds).toBeLessThan(9);
  });
});
