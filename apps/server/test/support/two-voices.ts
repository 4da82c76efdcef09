/**
 * A two-voice recording for the speaker tests (ADR 0053): flite's kal and slt take turns, one
 * sentence each, with a short pause between, joined by sox at 16 kHz. Every tool run is cached
 * (fixture-cache.ts), so the recording is made once per machine. Answers the file and who
 * speaks when.
 */
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { decodeWav } from '../../src/transcription/audio/wav.ts';
import { cachedToolRun } from './fixture-cache.ts';

export const TWO_VOICE_SENTENCES: readonly [voice: 'kal' | 'slt', text: string][] = [
  ['kal', 'good morning, i would like to talk about the garden fence before the weekend'],
  ['slt', 'of course, the goats got out again last night and ate all the cabbages'],
  ['kal', 'then we should buy new posts and some wire at the hardware store tomorrow'],
  ['slt', 'i will call the shop in the morning and ask them to deliver everything on friday'],
];

const PAUSE_SECONDS = 0.7;

export interface TwoVoiceRecording {
  file: string;
  /** Seconds, in order. */
  turns: { voice: 'kal' | 'slt'; start: number; end: number }[];
  /** Each turn alone, 16 kHz WAV, in order. */
  turnFiles: string[];
}

export function twoVoiceRecording(dir: string): TwoVoiceRecording {
  const pause = cachedToolRun(
    'sox',
    [
      '-n',
      '-r',
      '16000',
      '-c',
      '1',
      '-b',
      '16',
      path.join(dir, 'pause.wav'),
      'trim',
      '0',
      String(PAUSE_SECONDS),
    ],
    path.join(dir, 'pause.wav'),
  );
  const pieces: string[] = [];
  const turns: TwoVoiceRecording['turns'] = [];
  const turnFiles: string[] = [];
  let at = 0;
  TWO_VOICE_SENTENCES.forEach(([voice, text], i) => {
    const raw = path.join(dir, `turn-${i}-raw.wav`);
    cachedToolRun('flite', ['-voice', voice, '-t', text, '-o', raw], raw);
    // kal speaks at 8 kHz, slt at 16 kHz: sox joins only files of one rate.
    const even = path.join(dir, `turn-${i}.wav`);
    cachedToolRun('sox', [raw, '-r', '16000', '-c', '1', '-b', '16', even], even);
    const seconds = secondsOf(even);
    turns.push({ voice, start: at, end: at + seconds });
    at += seconds + PAUSE_SECONDS;
    pieces.push(even, pause);
    turnFiles.push(even);
  });
  const file = path.join(dir, 'two-voices.wav');
  cachedToolRun('sox', [...pieces, file], file);
  return { file, turns, turnFiles };
}

function secondsOf(file: string): number {
  const audio = decodeWav(new Uint8Array(readFileSync(file)));
  return audio.channels[0]!.length / audio.sampleRate;
}
