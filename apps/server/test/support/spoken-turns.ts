/**
 * A recording of flite voices taking turns (any of kal, slt, awb, rms), one sentence each with a
 * short pause between, joined by sox at 16 kHz; every tool run cached (fixture-cache.ts). For the
 * "You" tests (ADR 0058): one-voice notes that teach and dialogues that are recognised.
 */
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { decodeWav } from '../../src/transcription/audio/wav.ts';
import { cachedToolRun } from './fixture-cache.ts';

export type FliteVoice = 'kal' | 'slt' | 'awb' | 'rms';

export interface SpokenRecording {
  file: string;
  turns: { voice: FliteVoice; start: number; end: number }[];
}

const PAUSE_SECONDS = 0.7;

export function spokenRecording(
  dir: string,
  name: string,
  sentences: readonly (readonly [FliteVoice, string])[],
): SpokenRecording {
  const pause = path.join(dir, 'pause.wav');
  cachedToolRun(
    'sox',
    ['-n', '-r', '16000', '-c', '1', '-b', '16', pause, 'trim', '0', String(PAUSE_SECONDS)],
    pause,
  );
  const pieces: string[] = [];
  const turns: SpokenRecording['turns'] = [];
  let at = 0;
  sentences.forEach(([voice, text], i) => {
    const raw = path.join(dir, `${name}-${i}-raw.wav`);
    cachedToolRun('flite', ['-voice', voice, '-t', text, '-o', raw], raw);
    const even = path.join(dir, `${name}-${i}.wav`);
    cachedToolRun('sox', [raw, '-r', '16000', '-c', '1', '-b', '16', even], even);
    const audio = decodeWav(new Uint8Array(readFileSync(even)));
    const seconds = audio.channels[0]!.length / audio.sampleRate;
    turns.push({ voice, start: at, end: at + seconds });
    at += seconds + PAUSE_SECONDS;
    pieces.push(even, pause);
  });
  const file = path.join(dir, `${name}.wav`);
  cachedToolRun('sox', [...pieces, file], file);
  return { file, turns };
}
