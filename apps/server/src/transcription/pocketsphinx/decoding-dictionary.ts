/**
 * The stock decoders' dictionary: the model's pronunciations of the words its language model
 * knows, and no others (ADR 0063). pocketsphinx's search only ever uses those, but it holds
 * every entry of the file it is given: Debian's cmudict has 134,723 entries for a language
 * model of 72,547 words, and the 55,000 never used cost each decoder 14 MiB (three per
 * server: two decoding threads and the live one). Same transcripts, word for word.
 *
 * The trimmed file is written once per model to a folder of this user's only, named by the
 * model files' paths, sizes and times; whatever goes wrong, the decoder gets the full one.
 * Person-specific decoders keep their own dictionaries (adaptation/), and the vocabulary
 * features read the full one (vocabulary/stock-dictionary.ts).
 */
import { createHash } from 'node:crypto';
import { lstatSync, mkdirSync, readFileSync, renameSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir, userInfo } from 'node:os';
import { join } from 'node:path';

import { readLmVocabulary } from './lm-vocabulary.ts';
import { type ModelPaths, resolveModel } from './model.ts';

/** `resolveModel` with the dictionary trimmed to the language model's words where possible. */
export function resolveDecodingModel(modelDir?: string, cacheRoot: string = tmpdir()): ModelPaths {
  const model = resolveModel(modelDir);
  const trimmed = trimmedDictionary(model, cacheRoot);
  return trimmed ? { ...model, dict: trimmed } : model;
}

/** The trimmed dictionary's path, made now if needed; undefined when it cannot be. */
export function trimmedDictionary(model: ModelPaths, cacheRoot: string): string | undefined {
  try {
    const dir = privateFolder(cacheRoot);
    if (!dir) return undefined;
    const file = join(dir, `dictionary-${modelKey(model)}.dict`);
    if (existsAsFile(file)) return file;

    const words = readLmVocabulary(model.lm);
    if (!words) return undefined;
    const kept = keepEntries(readFileSync(model.dict, 'utf8'), words);
    if (kept.words === 0) return undefined;
    // Written beside and renamed, so a decoder never opens half a file, and threads making it
    // at once each write their own whole copy.
    const partial = `${file}.${process.pid}.${Math.random().toString(36).slice(2)}.partial`;
    writeFileSync(partial, kept.text, { mode: 0o600 });
    renameSync(partial, file);
    return file;
  } catch {
    return undefined;
  }
}

/** The dictionary's lines whose word (without its `(2)` variant mark) is in `words`. */
export function keepEntries(dictionary: string, words: ReadonlySet<string>): { text: string; words: number } {
  const kept: string[] = [];
  const seen = new Set<string>();
  for (const line of dictionary.split('\n')) {
    const entry = /^(\S+?)(\(\d+\))?\s/.exec(line);
    if (!entry?.[1] || !words.has(entry[1])) continue;
    kept.push(line);
    seen.add(entry[1]);
  }
  return { text: kept.length > 0 ? `${kept.join('\n')}\n` : '', words: seen.size };
}

function modelKey(model: ModelPaths): string {
  const hash = createHash('sha256');
  for (const path of [model.lm, model.dict]) {
    const stat = statSync(path);
    hash.update(`${path}\0${stat.size}\0${stat.mtimeMs}\0`);
  }
  return hash.digest('hex').slice(0, 24);
}

/** `<root>/voxpad-<uid>`, made with mode 0700; undefined if it is not this user's alone. */
function privateFolder(root: string): string | undefined {
  const { uid } = userInfo();
  const dir = join(root, `voxpad-${uid}`);
  mkdirSync(dir, { recursive: true, mode: 0o700 });
  const stat = lstatSync(dir);
  if (!stat.isDirectory() || stat.uid !== uid || (stat.mode & 0o077) !== 0) return undefined;
  return dir;
}

function existsAsFile(path: string): boolean {
  try {
    return lstatSync(path).isFile();
  } catch {
    return false;
  }
}
