/**
 * How much a build helps, measured on the person's own notes it did not learn from (ADR 0043):
 * the held-out notes (held-out.ts) are left out of a second build made the same way as the real
 * one, and their recordings are decoded by the product's own engine, once with the stock model
 * and once with that build; each word error rate is counted against the words the person
 * confirmed or corrected. The real build learns from every note, so it is measured through its
 * twin; that costs a second build and two decodes of at most `maxSeconds` of audio.
 */
import { join } from 'node:path';

import { acceptsPcm } from '../../transcription/audio/pcm-transcriber.ts';
import type { DecodeAudio } from '../../transcription/audio/audio-decoder.ts';
import type { PersonalModelPaths } from '../../transcription/personal-model.ts';
import type { Transcriber } from '../../transcription/transcriber.ts';
import { type WordErrors, wordErrorRate, wordErrors } from '../../transcription/word-errors.ts';
import { buildModel, type BuildSettings } from '../builder/build-model.ts';
import type { LearnableNote } from '../builder/learnable-source.ts';
import { decoderModelIn, enginePaths } from '../builder/model-files.ts';
import { AdaptationError } from '../errors.ts';
import { dictionaryWords } from '../words.ts';
import { type HeldOutRules, splitHeldOut } from './held-out.ts';

export interface GainSettings extends HeldOutRules {
  /** The engine of this worker process (its pool of decoder threads). */
  transcriber: Transcriber;
  /** The audio decoder transcription jobs use. */
  decodeAudio: DecodeAudio;
}

export interface MeasuredGain {
  /** Word error rate of the stock model on the held-out notes (0..1, can exceed 1). */
  werBefore: number;
  /** Word error rate of the build made without them. */
  werAfter: number;
  notes: number;
  /** Seconds of recording measured. */
  seconds: number;
}

export interface GainInput {
  /** Every note the real build learns from; the held-out ones are chosen here. */
  notes: readonly LearnableNote[];
  /** The real build's settings (vocabulary, stock model, storage, limits, signal). */
  build: BuildSettings;
  /** Empty scratch folder for the second build. */
  dir: string;
  /** Names the second build in the decoder threads' caches. */
  buildId: string;
  settings: GainSettings;
}

/** The figures, or undefined when there are too few notes (or none fits the audio budget). */
export async function measureGain(input: GainInput): Promise<MeasuredGain | undefined> {
  const { settings, build } = input;
  const split = splitHeldOut(input.notes, settings);
  if (!split) return undefined;
  const { transcriber } = settings;
  if (!acceptsPcm(transcriber)) {
    throw new AdaptationError('tool_failed', `The ${transcriber.name} engine cannot measure a gain.`);
  }
  const outDir = join(input.dir, 'model');
  const twin = await buildModel({
    ...build,
    notes: split.training,
    outDir,
    workDir: join(input.dir, 'work'),
  });
  const model: PersonalModelPaths = enginePaths(
    `${input.buildId}-gain`,
    decoderModelIn(outDir, build.stock.dir, twin.meta),
  );

  const before: WordErrors[] = [];
  const after: WordErrors[] = [];
  let seconds = 0;
  for (const note of split.heldOut) {
    build.signal?.throwIfAborted();
    const speech = await settings.decodeAudio(await build.storage.read(note.audioKey), build.signal);
    const decode = async (personal?: PersonalModelPaths): Promise<string[]> => {
      const failures: string[] = [];
      const transcript = await transcriber.transcribePcm({
        pcm: speech.pcm,
        chunks: speech.chunks,
        ...(build.signal ? { signal: build.signal } : {}),
        ...(personal ? { model: personal, onModelFailure: (reason: string) => failures.push(reason) } : {}),
      });
      // Decoded with stock after all: comparing stock with stock would say it gains nothing.
      if (failures.length > 0) throw new AdaptationError('model_unreadable', failures.join('; '));
      return dictionaryWords(transcript.text);
    };
    const reference = dictionaryWords(note.spoken);
    before.push(wordErrors(reference, await decode()));
    after.push(wordErrors(reference, await decode(model)));
    seconds += speech.durationSeconds;
  }
  return {
    werBefore: wordErrorRate(before),
    werAfter: wordErrorRate(after),
    notes: split.heldOut.length,
    seconds,
  };
}
