/**
 * One rebuild of a person's model into a folder (ADR 0038): the weight of their language model
 * chosen on held-out text, their dictionary and ARPA model from all their text, and the acoustic
 * model adapted to their voice when there is enough corrected audio. Nothing here touches the
 * database or blob storage besides reading recordings; the runner stores the result.
 */
import { copyFile, cp, mkdir, writeFile } from 'node:fs/promises';
import { join } from 'node:path';

import type { BlobStorage } from '../../storage/blob-storage.ts';
import { decodeSpeech } from '../../transcription/audio/decode-speech.ts';
import { encodePcmWav } from '../../transcription/audio/wav-writer.ts';
import { adaptSpeaker, type Recording } from '../acoustic/adapt-speaker.ts';
import { prepareTrainableModel } from '../acoustic/trainable-model.ts';
import { AdaptationError } from '../errors.ts';
import { serialiseWrittenForms } from '../../transcription/pocketsphinx/written-forms.ts';
import { readDictionaryWords } from '../language/dictionary.ts';
import { buildMergedModel } from '../language/mix/merged-model.ts';
import { buildPersonalLanguage } from '../language/personal-language.ts';
import { dictionaryWords } from '../words.ts';
import { chooseWeight } from './choose-weight.ts';
import type { LearnableNote, VocabularyWord } from './learnable-source.ts';
import { MODEL_FILES, type ModelMeta } from './model-files.ts';

/** The personal LM's weight when only vocabulary words are known (ADR 0040). */
export const VOCABULARY_ONLY_WEIGHT = 0.2;

export interface StockModel {
  /** The pocketsphinx model folder: `en-us/` (acoustic), `en-us.lm.bin`, `cmudict-en-us.dict`. */
  dir: string;
  /** Where the trainable copy of the stock acoustic model is kept between builds. */
  trainableDir: string;
}

export interface BuildInput {
  notes: readonly LearnableNote[];
  vocabulary: readonly VocabularyWord[];
  storage: BlobStorage;
  stock: StockModel;
  /** Empty folder the model files are written to (MODEL_FILES names them). */
  outDir: string;
  /** Scratch folder. */
  workDir: string;
  /** Corrected audio needed before the voice is learnt (ADAPTATION_MIN_AUDIO_SECONDS). */
  minAudioSeconds: number;
  maxDurationSeconds: number;
  signal?: AbortSignal;
}

/** Everything a build takes but what it learns from and where it writes. */
export type BuildSettings = Omit<BuildInput, 'notes' | 'outDir' | 'workDir'>;

export interface BuiltModel {
  meta: ModelMeta;
  /** Words of text learnt from. */
  textWords: number;
}

export async function buildModel(input: BuildInput): Promise<BuiltModel> {
  const { notes, stock, outDir, workDir } = input;
  const stockLm = join(stock.dir, 'en-us.lm.bin');
  const stockDict = join(stock.dir, 'cmudict-en-us.dict');
  const sentences = notes
    .flatMap((note) => [note.title, note.text])
    .filter((s) => dictionaryWords(s).length > 0);
  // The person's own words count as text too, so the model can predict them at all.
  const vocabularySentences = input.vocabulary.map((entry) => entry.word);
  if (sentences.length === 0 && vocabularySentences.length === 0) {
    throw new AdaptationError(
      'not_enough_data',
      'There is nothing to learn from yet. Correct or confirm the transcript of a note first.',
    );
  }
  await mkdir(outDir, { recursive: true });
  await mkdir(workDir, { recursive: true });
  // Vocabulary alone (no reviewed note yet): the words still get weight, but a small one, since
  // a model of a few lone words would otherwise push them into everything the person says.
  const choice =
    sentences.length === 0
      ? { weight: VOCABULARY_ONLY_WEIGHT, perplexities: {}, heldOut: 0 }
      : await chooseWeight(sentences, stockLm, workDir);
  input.signal?.throwIfAborted();

  const language = await buildPersonalLanguage(
    [...sentences, ...vocabularySentences],
    stockDict,
    workDir,
    3,
    input.vocabulary,
  );
  const dictionary = join(outDir, MODEL_FILES.dictionary);
  await copyFile(language.dictionary, dictionary);
  await copyFile(language.languageModel, join(outDir, MODEL_FILES.languageModel));
  await writeFile(join(outDir, MODEL_FILES.writtenForms), serialiseWrittenForms(input.vocabulary));
  input.signal?.throwIfAborted();
  // One model for the decoder to score instead of two at every lookup (ADR 0040, session 17).
  await buildMergedModel({
    stockLm,
    personalLm: language.languageModel,
    personalWeight: choice.weight,
    out: join(outDir, MODEL_FILES.mergedLanguageModel),
    workDir,
    signal: input.signal,
  });
  input.signal?.throwIfAborted();

  const known = await readDictionaryWords(dictionary);
  const usable = notes.filter((note) => {
    const words = dictionaryWords(note.text);
    return words.length > 0 && words.every((word) => known.has(word)) && note.durationSeconds > 0;
  });
  const audioSeconds = usable.reduce((total, note) => total + note.durationSeconds, 0);
  let acousticSeconds = 0;
  if (audioSeconds >= input.minAudioSeconds && usable.length > 0) {
    const recordings = await writeRecordings(input, usable, join(workDir, 'recordings'));
    const model = await prepareTrainableModel(join(stock.dir, 'en-us'), stock.trainableDir);
    const speaker = await adaptSpeaker({ model, dictionary, recordings, workDir: join(workDir, 'speaker') });
    await cp(speaker.mapModelDir, join(outDir, MODEL_FILES.acousticDir), { recursive: true });
    acousticSeconds = audioSeconds;
  }
  const meta: ModelMeta = {
    lmWeight: choice.weight,
    lmPerplexities: choice.perplexities,
    heldOutSentences: choice.heldOut,
    newWords: language.newWords.length,
    acousticSeconds,
  };
  await writeFile(join(outDir, MODEL_FILES.meta), JSON.stringify(meta, null, 2));
  return { meta, textWords: sentences.reduce((total, s) => total + dictionaryWords(s).length, 0) };
}

/** Each recording as 16 kHz mono WAV, the only input sphinx_fe reads here. */
async function writeRecordings(
  input: BuildInput,
  notes: readonly LearnableNote[],
  dir: string,
): Promise<Recording[]> {
  await mkdir(dir, { recursive: true });
  const recordings: Recording[] = [];
  for (const note of notes) {
    const bytes = await input.storage.read(note.audioKey);
    const speech = await decodeSpeech(bytes, {
      maxDurationSeconds: input.maxDurationSeconds,
      normalise: false,
      ...(input.signal ? { signal: input.signal } : {}),
    });
    const wavPath = join(dir, `${note.id}.wav`);
    await writeFile(wavPath, encodePcmWav(speech.pcm, 16_000));
    recordings.push({ id: note.id, wavPath, transcript: note.text });
  }
  return recordings;
}
