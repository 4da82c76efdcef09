/**
 * `npm run bench:memory`: a 60-minute recording (WebM/Opus, as browsers record) transcribed
 * by the whole pipeline (streamed: decoding and transcription overlap, chunk by chunk) with
 * the default worker count, while this process's resident
 * memory (main thread + worker threads: /proc/self/status VmRSS) is sampled every 200 ms.
 * Target: peak under 500 MB. ffmpeg runs as a child process and is reported separately.
 */
import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';

import { createAudioDecoder } from '../../apps/server/src/transcription/audio/audio-decoder.ts';
import type { SpeechChunk } from '../../apps/server/src/transcription/audio/speech-chunker.ts';
import { createPocketsphinxTranscriber } from '../../apps/server/src/transcription/pocketsphinx/engine.ts';
import { loadAverage, workDir } from './corpus.ts';
import { speechOfLength } from './rtf-audio.ts';

const MINUTES = Number(process.env.BENCH_MINUTES ?? 60);
const LIMIT_MB = 500;

function rssMb(): number {
  const status = fs.readFileSync('/proc/self/status', 'utf8');
  const kb = Number(/VmRSS:\s+(\d+)/.exec(status)?.[1] ?? 0);
  return kb / 1024;
}

const dir = workDir('memory');
try {
  const ten = speechOfLength(dir, 600);
  const wav = path.join(dir, 'hour.wav');
  execFileSync('sox', [...Array.from({ length: MINUTES / 10 }, () => ten), wav]);
  const webm = path.join(dir, 'hour.webm');
  execFileSync('ffmpeg', [
    '-loglevel',
    'error',
    '-y',
    '-i',
    wav,
    '-ar',
    '48000',
    '-ac',
    '2',
    '-c:a',
    'libopus',
    webm,
  ]);
  fs.rmSync(wav);
  const workers = os.availableParallelism();
  console.log(
    `recording: ${MINUTES} min WebM/Opus 48 kHz stereo, ${(fs.statSync(webm).size / 1e6).toFixed(1)} MB; workers: ${workers}`,
  );
  console.log(`load average: ${loadAverage()}; RSS at start ${rssMb().toFixed(0)} MB`);

  let peak = rssMb();
  const sampler = setInterval(() => {
    peak = Math.max(peak, rssMb());
  }, 200);
  const started = performance.now();
  const engine = createPocketsphinxTranscriber({ workers });
  const decode = createAudioDecoder({ maxDurationSeconds: 4 * 3600 });
  let words = 0;
  try {
    // Streamed, as the job runner does it: chunks are transcribed while the rest decodes.
    const recording = decode.stream(fs.readFileSync(webm));
    let chunks = 0;
    async function* counted(): AsyncGenerator<SpeechChunk, void, undefined> {
      for await (const chunk of recording.chunks) {
        if (chunks++ === 0) {
          console.log(`first chunk after ${((performance.now() - started) / 1000).toFixed(1)} s`);
        }
        yield chunk;
      }
    }
    const transcript = await engine.transcribeStream({ chunks: counted() });
    const speech = await recording.done;
    console.log(`${chunks} chunks, ${speech.durationSeconds.toFixed(0)} s of audio`);
    words = transcript.segments.reduce((n, s) => n + s.words.length, 0);
  } finally {
    await engine.close();
    clearInterval(sampler);
  }
  const seconds = (performance.now() - started) / 1000;
  console.log(
    `transcribed ${words} words in ${seconds.toFixed(0)} s (RTF ${(seconds / (MINUTES * 60)).toFixed(3)})`,
  );
  console.log(`peak RSS ${peak.toFixed(0)} MB (limit ${LIMIT_MB} MB): ${peak < LIMIT_MB ? 'PASS' : 'FAIL'}`);
  process.exitCode = peak < LIMIT_MB ? 0 : 1;
} finally {
  fs.rmSync(dir, { recursive: true, force: true });
}
