/**
 * Decodes clips with one PersonalModel in its own process, so each configuration's load time,
 * decode time and peak memory are measured alone. Input: one JSON argument; output: one JSON line.
 */
import { readFileSync } from 'node:fs';

import {
  PersonalDecoder,
  type PersonalModel,
} from '../../apps/server/src/adaptation/decoding/personal-decoder.ts';

export interface DecodeJob {
  model: PersonalModel;
  clips: Array<{ id: string; wav: string }>;
}

export interface DecodeResult {
  hypotheses: Record<string, string>;
  openMs: number;
  decodeMs: number;
  audioSeconds: number;
  peakRssMb: number;
}

/** The samples of a 16 kHz mono 16-bit WAV (its `data` chunk). */
function pcmOf(path: string): Int16Array {
  const file = readFileSync(path);
  let offset = 12;
  while (offset + 8 <= file.length) {
    const id = file.toString('latin1', offset, offset + 4);
    const size = file.readUInt32LE(offset + 4);
    if (id === 'data') {
      const bytes = file.subarray(offset + 8, offset + 8 + size);
      return new Int16Array(bytes.buffer.slice(bytes.byteOffset, bytes.byteOffset + bytes.length));
    }
    offset += 8 + size + (size % 2);
  }
  throw new Error(`${path} has no data chunk`);
}

function peakRssMb(): number {
  const match = /VmHWM:\s+(\d+) kB/.exec(readFileSync('/proc/self/status', 'utf8'));
  return match ? Number(match[1]) / 1024 : Number.NaN;
}

const job = JSON.parse(process.argv[2] ?? '{}') as DecodeJob;
const clips = job.clips.map((clip) => ({ id: clip.id, pcm: pcmOf(clip.wav) }));
let started = performance.now();
const decoder = PersonalDecoder.open(job.model);
const openMs = performance.now() - started;
const hypotheses: Record<string, string> = {};
started = performance.now();
for (const clip of clips) hypotheses[clip.id] = decoder.decode(clip.pcm);
const decodeMs = performance.now() - started;
decoder.close();
const audioSeconds = clips.reduce((total, clip) => total + clip.pcm.length / 16000, 0);
const result: DecodeResult = { hypotheses, openMs, decodeMs, audioSeconds, peakRssMb: peakRssMb() };
process.stdout.write(`${JSON.stringify(result)}\n`);
