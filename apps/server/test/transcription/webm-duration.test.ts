/**
 * The length of a WebM that states none (a browser recorder's), read from its last Cluster for
 * progress (webm-duration.ts): close to the real length, none where the file states its own
 * Duration (ffmpeg reports that) or does not read as Matroska, and a cut file's shorter length.
 */
import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import fsp from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { lastBlockTicks, webmDuration } from '../../src/transcription/audio/webm-duration.ts';
import { toneWav } from '../support/wav.ts';

const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'voxpad-webm-duration-'));
afterAll(() => fs.rmSync(dir, { recursive: true, force: true }));

const wav = path.join(dir, 'tone.wav');
fs.writeFileSync(wav, toneWav(47, 48000));

/** The tone as WebM/Opus: written to a pipe (no Duration, Clusters of unknown size) or to a file. */
function webm(name: string, toPipe: boolean): string {
  const file = path.join(dir, `${name}.webm`);
  const args = ['-loglevel', 'error', '-y', '-i', wav, '-c:a', 'libopus', '-f', 'webm'];
  if (toPipe) fs.writeFileSync(file, execFileSync('ffmpeg', [...args, '-'], { maxBuffer: 64 << 20 }));
  else execFileSync('ffmpeg', [...args, file]);
  return file;
}

async function lengthOf(file: string): Promise<number | undefined> {
  const handle = await fsp.open(file, 'r');
  try {
    const { size } = await handle.stat();
    const head = new Uint8Array(Math.min(size, 1 << 20));
    await handle.read(head, 0, head.length, 0);
    return await webmDuration(handle, size, head);
  } finally {
    await handle.close();
  }
}

describe('the length of a WebM that states none', () => {
  it('is read from its last Cluster', async () => {
    const piped = webm('piped', true);
    expect(await lengthOf(piped)).toBeCloseTo(47, 1);
  });

  it('is left to ffmpeg when the file states a Duration', async () => {
    expect(await lengthOf(webm('stated', false))).toBeUndefined();
  });

  it('is shorter for a recording cut off mid-way, and none for what is not Matroska', async () => {
    const whole = fs.readFileSync(webm('whole', true));
    const cut = path.join(dir, 'cut.webm');
    fs.writeFileSync(cut, whole.subarray(0, whole.length >> 1));
    const seconds = await lengthOf(cut);
    expect(seconds).toBeGreaterThan(15);
    expect(seconds).toBeLessThan(32);
    // A Cluster ID inside noise with no Timecode after it is passed over.
    const noise = Buffer.alloc(4096, 0x55);
    Buffer.from([0x1f, 0x43, 0xb6, 0x75, 0x81, 0x00]).copy(noise, 2000);
    expect(lastBlockTicks(noise)).toBeUndefined();
    const notWebm = path.join(dir, 'noise.webm');
    fs.writeFileSync(notWebm, noise);
    expect(await lengthOf(notWebm)).toBeUndefined();
  });
});
