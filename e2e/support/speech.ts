import { execFileSync } from 'node:child_process';
import path from 'node:path';
import { cachedToolRun } from '../../apps/server/test/support/fixture-cache.ts';

/**
 * Speaks `text` with flite into a WAV the fake microphone can play, with a second of silence
 * before and after so the recording does not clip the first or last word. Made once per
 * machine and tool version (fixture-cache.ts), then copied.
 */
export function speak(text: string, dir: string): { file: string; seconds: number } {
  const raw = path.join(dir, 'speech-raw.wav');
  const file = path.join(dir, 'speech.wav');
  cachedToolRun('flite', ['-voice', 'slt', '-t', text, '-o', raw], raw);
  cachedToolRun('sox', [raw, '-r', '48000', '-c', '1', '-b', '16', file, 'pad', '1', '1'], file);
  const seconds = Number(execFileSync('soxi', ['-D', file]).toString().trim());
  return { file, seconds };
}
