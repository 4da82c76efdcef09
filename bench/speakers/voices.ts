/**
 * The synthetic voices of the bench: flite's four and four espeak-ng variants. A sentence
 * spoken by a voice is 16 kHz mono samples with the silence before and after trimmed, kept
 * in a cache folder across runs (synthesis takes longer than diarization).
 */
import { createHash } from 'node:crypto';
import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';

import { decodeWav } from '../../apps/server/src/transcription/audio/wav.ts';

export const VOICES = [
  'flite:kal',
  'flite:slt',
  'flite:awb',
  'flite:rms',
  'espeak:en-us+m3',
  'espeak:en-us+f2',
  'espeak:en+m1',
  'espeak:en-us+f4',
];

const CACHE = path.join(os.tmpdir(), 'voxpad-bench-speakers-cache');
/** Samples quieter than this (−40 dBFS) at either end are trimmed. */
const TRIM_LEVEL = 0.01;

/** `text` spoken by `voice`: 16 kHz samples in [-1, 1], levelled to −20 dBFS RMS. */
export function speak(voice: string, text: string): Float32Array {
  fs.mkdirSync(CACHE, { recursive: true });
  const key = createHash('sha256').update(`${voice}\0${text}`).digest('hex').slice(0, 24);
  const wav = path.join(CACHE, `${key}.wav`);
  if (!fs.existsSync(wav)) {
    const [engine, name] = voice.split(':') as [string, string];
    const raw = `${wav}.${process.pid}.src.wav`;
    if (engine === 'flite') execFileSync('flite', ['-voice', name, '-t', text, '-o', raw]);
    else execFileSync('espeak-ng', ['-v', name, '-w', raw, text]);
    const partial = `${wav}.${process.pid}.wav`;
    execFileSync('sox', [raw, '-r', '16000', '-c', '1', '-b', '16', '-e', 'signed-integer', partial]);
    fs.rmSync(raw);
    fs.renameSync(partial, wav);
  }
  const samples = decodeWav(new Uint8Array(fs.readFileSync(wav))).channels[0]!;
  return level(trim(samples));
}

function trim(samples: Float32Array): Float32Array {
  let from = 0;
  while (from < samples.length && Math.abs(samples[from]!) < TRIM_LEVEL) from++;
  let to = samples.length;
  while (to > from && Math.abs(samples[to - 1]!) < TRIM_LEVEL) to--;
  return samples.subarray(Math.max(0, from - 160), Math.min(samples.length, to + 160));
}

function level(samples: Float32Array): Float32Array {
  let sum = 0;
  for (const s of samples) sum += s * s;
  const rms = Math.sqrt(sum / Math.max(1, samples.length));
  const gain = rms > 0 ? 0.1 / rms : 1;
  return samples.map((s) => Math.max(-1, Math.min(1, s * gain)));
}
