/**
 * `npm run bench:live`: a 60 s spoken recording (flite sentences with short pauses) played in
 * real time over the live transcription socket to the real server in its own process
 * (pocketsphinx, ROLE=all). Prints the median delay from a word's end in the audio to its first
 * arrival on the client (partial or final; goal <= 1.0 s), Stop -> final transcript stored
 * (goal <= 1.0 s), and, for the same recording, today's path: upload, then the job, measured
 * from the end of the upload to the transcript being stored.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import {
  type LiveConnection,
  liveUrl,
  openLive,
  playPcm,
  spokenRecording,
} from '../apps/server/test/support/live-client.ts';
import { BENCH_ENV, BenchClient } from './support/browser.ts';
import { startChild } from './support/child-server.ts';

const SENTENCES = [
  'please remember to buy milk and bread tomorrow morning',
  'the meeting with the design team moved to thursday afternoon',
  'call the garage about the brakes before the weekend',
  'send the report to the office by friday',
  'the weather will be cold and windy for the rest of the week',
  'ask the neighbours to water the plants while we are away',
  'the new library opens at nine in the morning on saturdays',
  'we should book the train tickets before the prices go up',
];
const TARGET_SECONDS = 60;
const GOAL_SECONDS = 1;

const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'voxpad-bench-live-'));
const audioDir = fs.mkdtempSync(path.join(os.tmpdir(), 'voxpad-bench-live-audio-'));
const server = await startChild('serve-app.ts', {
  ...BENCH_ENV,
  PUBLIC_URL: 'http://127.0.0.1',
  ROLE: 'all',
  WORKER_CONCURRENCY: '1',
  DATA_DIR: dataDir,
});

try {
  // Sentences repeated until the recording lasts TARGET_SECONDS.
  let sentences = [...SENTENCES];
  let recording = spokenRecording(audioDir, sentences);
  const perRound = recording.pcm.length / 32000;
  sentences = Array.from({ length: Math.ceil(TARGET_SECONDS / perRound) }, () => SENTENCES).flat();
  recording = spokenRecording(audioDir, sentences);
  const seconds = recording.pcm.length / 32000;

  const client = new BenchClient(server.url);
  await client.login('live-bench', 'live-bench-password-1234');
  const pad = (await client.request('POST', '/api/v1/pad/', { name: 'Live bench' })).json() as { id: string };

  const live: LiveConnection = await openLive(liveUrl(server.url, pad.id), {
    cookie: client.cookieHeader,
    origin: 'http://127.0.0.1',
  });
  live.socket.send(JSON.stringify({ type: 'start', format: 'pcm_s16le', sample_rate: 16000 }));
  const playStart = performance.now();
  await playPcm(live.socket, recording.pcm);
  const stopAt = performance.now();
  live.socket.send(JSON.stringify({ type: 'stop' }));
  await live.closed;
  const filed = live.messages.find(({ message }) => message.type === 'filed');
  if (!filed) throw new Error(`no note was filed: ${JSON.stringify(live.messages.at(-1)?.message)}`);
  const stopToStored = (filed.at - stopAt) / 1000;

  // Each final word's first arrival: the earliest partial or final holding it (same word, same place).
  const delays: number[] = [];
  const firstArrival = (word: string, start: number): number | undefined =>
    live.messages.find(
      ({ message }) =>
        (message.type === 'partial' || message.type === 'final') &&
        message.words.some((w) => w.word === word && Math.abs(w.start - start) < 0.2),
    )?.at;
  const finals = live.messages.flatMap(({ message }) => (message.type === 'final' ? message.words : []));
  for (const w of finals) {
    const at = firstArrival(w.word, w.start);
    if (at !== undefined) delays.push((at - playStart) / 1000 - w.end);
  }
  const partials = live.messages.filter(({ message }) => message.type === 'partial').length;

  // Today's path for the same audio: upload, then wait for the job.
  const wav = fs.readFileSync(recording.wav);
  const uploaded = await client.request('POST', `/api/v1/pad/${pad.id}/voicenote/`, wav, {
    'content-type': 'audio/wav',
    'content-disposition': 'attachment; filename="same.wav"',
  });
  const uploadedAt = performance.now();
  const noteId = (uploaded.json() as { id: string }).id;
  let jobSeconds = Number.NaN;
  for (const deadline = Date.now() + 600_000; Date.now() < deadline;) {
    const note = (await client.request('GET', `/api/v1/pad/${pad.id}/voicenote/${noteId}/`)).json();
    if (note.status === 'done' || note.status === 'failed') {
      jobSeconds = (performance.now() - uploadedAt) / 1000;
      break;
    }
    await new Promise((resolve) => setTimeout(resolve, 100));
  }

  const medianDelay = median(delays);
  console.log(`recording: ${seconds.toFixed(1)} s, ${finals.length} words, ${partials} partial messages`);
  console.log(
    `word end -> on the client (median of ${delays.length}): ${medianDelay.toFixed(2)} s ` +
      `(p90 ${quantile(delays, 0.9).toFixed(2)} s; goal <= ${GOAL_SECONDS} s) ${medianDelay <= GOAL_SECONDS ? 'ok' : 'MISSED'}`,
  );
  console.log(
    `Stop -> final transcript stored (live): ${stopToStored.toFixed(2)} s (goal <= ${GOAL_SECONDS} s) ` +
      `${stopToStored <= GOAL_SECONDS ? 'ok' : 'MISSED'}`,
  );
  console.log(`Stop -> transcript through upload + job (today): ${jobSeconds.toFixed(2)} s`);
  console.log(
    `machine load average (1 min): ${os.loadavg()[0]!.toFixed(1)} on ${os.availableParallelism()} cores`,
  );
} finally {
  await server.stop();
  fs.rmSync(dataDir, { recursive: true, force: true });
  fs.rmSync(audioDir, { recursive: true, force: true });
}

function median(values: number[]): number {
  return quantile(values, 0.5);
}

function quantile(values: number[], q: number): number {
  if (values.length === 0) return Number.NaN;
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))]!;
}
