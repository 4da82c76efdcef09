/**
 * Shared by the transcription benches: the test set (Debian's pocketsphinx-testdata plus
 * flite sentences in three voices), our pipeline, the bare pocketsphinx command-line tools,
 * and word error rate.
 */
import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';

import { decodeSpeech } from '../../apps/server/src/transcription/audio/decode-speech.ts';
import type { PcmTranscriber } from '../../apps/server/src/transcription/audio/pcm-transcriber.ts';
import { wordErrors as countWordErrors } from '../../apps/server/src/transcription/word-errors.ts';

export const TESTDATA = '/usr/share/pocketsphinx/test/data';
export const MODEL = '/usr/share/pocketsphinx/model/en-us';

export interface Clip {
  group: string;
  id: string;
  /** 16 kHz mono 16-bit WAV. */
  wav: string;
  /** The same samples, headerless (what pocketsphinx_batch -adcin reads). */
  raw: string;
  reference: string;
}

export const FLITE_SENTENCES = [
  'the quick brown fox jumps over the lazy dog',
  'please remember to buy milk and bread tomorrow morning',
  'call the dentist on monday to schedule a cleaning',
  'we should plan a trip to the mountains next summer',
  'the meeting has been moved to thursday afternoon',
  'turn off the lights in the kitchen before you leave',
  'my sister is coming to visit at the end of the month',
  'write down the phone number of the new doctor',
];

export function workDir(name: string): string {
  return fs.mkdtempSync(path.join(os.tmpdir(), `voxpad-bench-${name}-`));
}

function sox(...args: string[]): void {
  execFileSync('sox', args);
}

/** Reference lines look like `<s> words </s> (id)`. */
function readTranscription(file: string): Map<string, string> {
  const refs = new Map<string, string>();
  for (const line of fs.readFileSync(file, 'utf8').split('\n')) {
    const match = /^(.*)\(([^)]+)\)\s*$/.exec(line.trim());
    if (!match) continue;
    refs.set(match[2]!.trim(), normalise(match[1]!));
  }
  return refs;
}

export function normalise(text: string): string {
  return text
    .toLowerCase()
    .replace(/<\/?s>|<sil>|\[[^\]]*\]|\(\d+\)/g, ' ')
    .replace(/[^a-z' ]+/g, ' ')
    .replace(/\s+/g, ' ')
    .trim();
}

export function buildCorpus(dir: string): Clip[] {
  const clips: Clip[] = [];
  const add = (group: string, id: string, source: string[], reference: string) => {
    const wav = path.join(dir, `${group}-${id}.wav`);
    const raw = path.join(dir, `${group}-${id}.raw`);
    sox(...source, '-r', '16000', '-c', '1', '-b', '16', '-e', 'signed-integer', wav);
    sox(wav, '-t', 'raw', raw);
    clips.push({ group, id, wav, raw, reference: normalise(reference) });
  };
  const librivox = readTranscription(path.join(TESTDATA, 'librivox', 'transcription'));
  for (const [id, text] of librivox)
    add('librivox', id, [path.join(TESTDATA, 'librivox', `${id}.wav`)], text);
  const cards = readTranscription(path.join(TESTDATA, 'cards', 'cards.transcription'));
  for (const [id, text] of cards) add('cards', id, [path.join(TESTDATA, 'cards', `${id}.wav`)], text);
  add(
    'goforward',
    'goforward',
    [
      '-t',
      'raw',
      '-r',
      '16000',
      '-c',
      '1',
      '-b',
      '16',
      '-e',
      'signed-integer',
      path.join(TESTDATA, 'goforward.raw'),
    ],
    'go forward ten meters',
  );
  for (const voice of ['slt', 'rms', 'awb']) {
    FLITE_SENTENCES.forEach((text, i) => {
      const spoken = path.join(dir, `flite-${voice}-${i}-src.wav`);
      execFileSync('flite', ['-voice', voice, '-t', text, '-o', spoken]);
      add(`flite-${voice}`, String(i), [spoken], text);
    });
  }
  return clips;
}

/** Our whole pipeline: sniff, decode, resample, normalise, cut, decode chunks in parallel. */
export async function transcribeOurs(engine: PcmTranscriber, file: string): Promise<string> {
  const speech = await decodeSpeech(new Uint8Array(fs.readFileSync(file)), {
    maxDurationSeconds: 4 * 3600,
    normalise: process.env.BENCH_NORMALISE !== '0',
  });
  const transcript = await engine.transcribePcm({ pcm: speech.pcm, chunks: speech.chunks });
  return normalise(transcript.text);
}

/** The bare engine: pocketsphinx_batch over raw 16 kHz files, one utterance per file. */
export function transcribeBatch(dir: string, clips: readonly Clip[]): Map<string, string> {
  const ctl = path.join(dir, 'batch.ctl');
  const hyp = path.join(dir, 'batch.hyp');
  fs.writeFileSync(ctl, clips.map((c) => path.basename(c.raw, '.raw')).join('\n') + '\n');
  execFileSync(
    'pocketsphinx_batch',
    [
      '-adcin',
      'yes',
      '-cepdir',
      dir,
      '-cepext',
      '.raw',
      '-ctl',
      ctl,
      '-hyp',
      hyp,
      '-hmm',
      path.join(MODEL, 'en-us'),
      '-lm',
      path.join(MODEL, 'en-us.lm.bin'),
      '-dict',
      path.join(MODEL, 'cmudict-en-us.dict'),
      '-logfn',
      '/dev/null',
    ],
    { stdio: 'ignore' },
  );
  const out = new Map<string, string>();
  for (const line of fs.readFileSync(hyp, 'utf8').split('\n')) {
    const match = /^(.*)\((\S+)(\s+-?\d+)?\)\s*$/.exec(line.trim());
    if (match) out.set(match[2]!, normalise(match[1]!));
  }
  return out;
}

/** Word-level edit distance between two normalised, space-separated texts (the server's count). */
export function wordErrors(reference: string, hypothesis: string): { errors: number; words: number } {
  const words = (text: string) => text.split(' ').filter(Boolean);
  return countWordErrors(words(reference), words(hypothesis));
}

export function loadAverage(): string {
  return os
    .loadavg()
    .map((l) => l.toFixed(2))
    .join(' ');
}
