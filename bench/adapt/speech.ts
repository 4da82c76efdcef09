/** Speech for bench:adapt: a topic file's sentences spoken by flite or espeak-ng, as 16 kHz mono WAV. */
import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';

export interface Topic {
  name: string;
  /** Names and jargon of the topic, added to the vocabulary. */
  vocabulary: string[];
  sentences: string[];
}

/** `# vocabulary: a, b` then one sentence a line. */
export function readTopic(file: string): Topic {
  const lines = fs
    .readFileSync(file, 'utf8')
    .split('\n')
    .map((line) => line.trim());
  const header = lines.find((line) => line.startsWith('# vocabulary:')) ?? '';
  return {
    name: path.basename(file, '.txt'),
    vocabulary: header
      .replace('# vocabulary:', '')
      .split(',')
      .map((word) => word.trim())
      .filter(Boolean),
    sentences: lines.filter((line) => line !== '' && !line.startsWith('#')),
  };
}

/** "flite:awb" or "espeak:en-us+m3". */
export function speak(voice: string, text: string, out: string): Buffer {
  const [engine, name] = voice.split(':') as [string, string];
  const raw = `${out}.src.wav`;
  if (engine === 'flite') execFileSync('flite', ['-voice', name, '-t', text, '-o', raw]);
  else execFileSync('espeak-ng', ['-v', name, '-w', raw, text]);
  execFileSync('sox', [raw, '-r', '16000', '-c', '1', '-b', '16', '-e', 'signed-integer', out]);
  fs.rmSync(raw);
  return fs.readFileSync(out);
}

/** Seconds of a 16 kHz 16-bit mono WAV with a 44-byte header. */
export function wavSeconds(wav: Buffer): number {
  return (wav.length - 44) / 32000;
}
