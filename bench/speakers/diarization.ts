/**
 * `npm run bench:speakers`: speaker diarization on dialogues of synthetic voices (flite and
 * espeak-ng), 2, 3 and 4 speakers, with and without pauses between turns. Diarization error
 * rate with the number of speakers given and with "auto", per condition and overall, and
 * the time diarization adds to pocketsphinx decoding the same audio. See README.md.
 *
 *   BENCH_SET=tuning|held-out   which dialogues (default tuning; held-out is run once, at the end)
 *   BENCH_DIALOGUES=2           dialogues per condition
 *   BENCH_SECONDS=100           speech per dialogue (about)
 *   BENCH_DECODE=0              skip the pocketsphinx timing (while tuning)
 *   BENCH_TUNING='{"clusterPenalty":1.2}'   try other settings (tuning set only)
 */
import os from 'node:os';

import { decodeSpeech } from '../../apps/server/src/transcription/audio/decode-speech.ts';
import { encodeWav } from '../../apps/server/src/transcription/audio/wav-writer.ts';
import { createPocketsphinxTranscriber } from '../../apps/server/src/transcription/pocketsphinx/engine.ts';
import { diarize, type SpeakerCount } from '../../apps/server/src/transcription/speakers/diarize.ts';
import type { DiarizationTuning } from '../../apps/server/src/transcription/speakers/tuning.ts';
import { loadAverage } from '../transcription/corpus.ts';
import { COLLAR_SECONDS, addCounts, der, emptyCounts, scoreDiarization, type DerCounts } from './der.ts';
import { SAMPLE_RATE, buildDialogue, type Dialogue } from './dialogues.ts';
import { HELD_OUT_SENTENCES, TUNING_SENTENCES } from './sentences.ts';

const SET = process.env.BENCH_SET ?? 'tuning';
if (SET !== 'tuning' && SET !== 'held-out') throw new Error('BENCH_SET is "tuning" or "held-out".');
const PER_CONDITION = Number(process.env.BENCH_DIALOGUES ?? 2);
const SECONDS = Number(process.env.BENCH_SECONDS ?? 100);
const DECODE = process.env.BENCH_DECODE !== '0';
const TUNING = JSON.parse(process.env.BENCH_TUNING ?? '{}') as Partial<DiarizationTuning>;
if (SET === 'held-out' && Object.keys(TUNING).length > 0) {
  throw new Error('The held-out set runs with the product settings only: never tune on it.');
}

const GOAL_GIVEN_TWO = 0.15;
const GOAL_AUTO = 0.25;
const GOAL_TIME_RATIO = 1.2;

interface Outcome {
  dialogue: Dialogue;
  given: DerCounts;
  auto: DerCounts;
  autoSpeakers: number;
  diarizeSeconds: number;
}

const pct = (x: number) => `${(100 * x).toFixed(1)} %`;
const breakdown = (c: DerCounts) =>
  `${pct(der(c)).padStart(7)} (miss ${pct(c.missed / c.speech)}, fa ${pct(c.falseAlarm / c.speech)}, conf ${pct(c.confusion / c.speech)})`;

function timed<T>(work: () => T): [T, number] {
  const started = performance.now();
  const result = work();
  return [result, (performance.now() - started) / 1000];
}

async function main(): Promise<void> {
  console.log(
    `set: ${SET}; ${PER_CONDITION} dialogue(s) per condition, about ${SECONDS} s of speech each; collar ${COLLAR_SECONDS} s; ` +
      `cores: ${os.availableParallelism()}; load average before: ${loadAverage()}`,
  );
  if (Object.keys(TUNING).length > 0) console.log(`tuning: ${JSON.stringify(TUNING)}`);
  const sentences = SET === 'tuning' ? TUNING_SENTENCES : HELD_OUT_SENTENCES;
  const base = SET === 'tuning' ? 1000 : 9000;
  const engine = DECODE ? createPocketsphinxTranscriber({ workers: 1 }) : undefined;
  const outcomes: Outcome[] = [];
  let decodeSeconds = 0;
  let audioSeconds = 0;
  try {
    let warmed = false;
    for (const speakers of [2, 3, 4]) {
      for (const pauses of [true, false]) {
        for (let k = 0; k < PER_CONDITION; k++) {
          const dialogue = buildDialogue({
            seed: base + speakers * 100 + (pauses ? 10 : 0) + k,
            speakers,
            pauses,
            seconds: SECONDS,
            sentences,
          });
          // What the product's pipeline makes of the recording: decoded, normalised, cut.
          const decoded = await decodeSpeech(encodeWav(dialogue.samples, SAMPLE_RATE), {
            maxDurationSeconds: 4 * 3600,
          });
          const seconds = dialogue.samples.length / SAMPLE_RATE;
          audioSeconds += seconds;
          const run = (count: SpeakerCount) =>
            timed(() => diarize(decoded.pcm, { speakers: count, tuning: TUNING }));
          const [givenTurns, givenTime] = run(speakers);
          const [autoTurns, autoTime] = run('auto');
          const outcome: Outcome = {
            dialogue,
            given: scoreDiarization(dialogue.reference, givenTurns, seconds),
            auto: scoreDiarization(dialogue.reference, autoTurns, seconds),
            autoSpeakers: new Set(autoTurns.map((t) => t.speaker)).size,
            diarizeSeconds: Math.max(givenTime, autoTime),
          };
          outcomes.push(outcome);
          if (engine) {
            if (!warmed) {
              await engine.transcribePcm({ pcm: decoded.pcm.subarray(0, SAMPLE_RATE * 5) });
              warmed = true;
            }
            const started = performance.now();
            await engine.transcribePcm({ pcm: decoded.pcm, chunks: decoded.chunks });
            decodeSeconds += (performance.now() - started) / 1000;
          }
          console.log(
            `${dialogue.name.padEnd(24)} ${seconds.toFixed(0).padStart(4)} s ${String(dialogue.reference.length).padStart(3)} turns ` +
              `[${dialogue.voices.join(', ')}]  given: ${pct(der(outcome.given))}  auto: ${pct(der(outcome.auto))} ` +
              `(${outcome.autoSpeakers} found)  diarization ${outcome.diarizeSeconds.toFixed(2)} s`,
          );
        }
      }
    }
  } finally {
    await engine?.close();
  }

  console.log('\ncondition                 given N                                          auto');
  const pool = (list: Outcome[], key: 'given' | 'auto') =>
    list.reduce((sum, o) => addCounts(sum, o[key]), emptyCounts());
  for (const speakers of [2, 3, 4]) {
    for (const pauses of [true, false]) {
      const list = outcomes.filter((o) => o.dialogue.speakers === speakers && o.dialogue.pauses === pauses);
      const right = list.filter((o) => o.autoSpeakers === speakers).length;
      console.log(
        `${`${speakers} speakers, ${pauses ? 'pauses' : 'back to back'}`.padEnd(26)}${breakdown(pool(list, 'given')).padEnd(49)}` +
          `${breakdown(pool(list, 'auto'))}  count right ${right}/${list.length}`,
      );
    }
  }
  const two = outcomes.filter((o) => o.dialogue.speakers === 2);
  const givenTwo = der(pool(two, 'given'));
  const auto = der(pool(outcomes, 'auto'));
  console.log(
    `${'all'.padEnd(26)}${breakdown(pool(outcomes, 'given')).padEnd(49)}${breakdown(pool(outcomes, 'auto'))}`,
  );
  console.log(
    `\ntwo speakers, number given: DER ${pct(givenTwo)} (goal <= ${pct(GOAL_GIVEN_TWO)}: ${givenTwo <= GOAL_GIVEN_TWO ? 'MET' : 'MISSED'})`,
  );
  console.log(
    `all, auto: DER ${pct(auto)} (goal <= ${pct(GOAL_AUTO)}: ${auto <= GOAL_AUTO ? 'MET' : 'MISSED'})`,
  );
  const diarizeSeconds = outcomes.reduce((sum, o) => sum + o.diarizeSeconds, 0);
  console.log(
    `diarization: ${diarizeSeconds.toFixed(1)} s for ${audioSeconds.toFixed(0)} s of audio (real-time factor ${(diarizeSeconds / audioSeconds).toFixed(4)}, the slower of given and auto)`,
  );
  let timeMet = true;
  if (DECODE) {
    const ratio = (decodeSeconds + diarizeSeconds) / decodeSeconds;
    timeMet = ratio <= GOAL_TIME_RATIO;
    console.log(
      `pocketsphinx decoding the same audio (1 worker): ${decodeSeconds.toFixed(1)} s; with speakers / without: ${ratio.toFixed(3)}x ` +
        `(goal <= ${GOAL_TIME_RATIO}x: ${timeMet ? 'MET' : 'MISSED'})`,
    );
  }
  console.log(`load average after: ${loadAverage()}`);
  process.exitCode = givenTwo <= GOAL_GIVEN_TWO && auto <= GOAL_AUTO && timeMet ? 0 : 1;
}

await main();
