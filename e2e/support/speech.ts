import { execFileSync } from 'node:child_process';
import path from 'node:path';

/**
 * Speaks `text` with flite into a WAV the fake microphone can play, with a second of silence
 * before and after so the recording does not clip the first or last word.
 */
export function speak(text: string, dir: string): { file: string; seconds: number } {
  const raw = path.join(dir, 'speech-raw.wav');
  const file = path.join(dir, 'speech.wav');
  execFileSync('flite', ['-voice', 'slt', '-t', text, '-o', raw]);
  execFileSync('sox', [raw, '-r', '48000', '-c', '1', '-b', '16', file, 'pad', '1', '1']);
  const seconds = Number(execFileSync('soxi', ['-D', file]).toString().trim());
  return { file, seconds };
}
