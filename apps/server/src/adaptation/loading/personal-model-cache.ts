/**
 * The entry point for workers and live streams (ADR 0038; wiring it into the engine is the
 * lead's change): `cache.load(userId)` gives the person's current build unpacked in a local
 * folder, with the settings a PersonalDecoder opens with, or undefined when nothing was built.
 * Builds are fetched from blob storage, so any process can load any person's model. At most
 * `maxModels` builds stay unpacked (and their decoders open), least recently used first out;
 * a new build (the state's build_id changed) is a new entry and the old one ages out.
 */
import { existsSync } from 'node:fs';
import { readFile, rm } from 'node:fs/promises';
import { join } from 'node:path';

import { decoderModelIn, MODEL_FILES, type ModelMeta } from '../builder/model-files.ts';
import type { PersonalDecoder, PersonalModel } from '../decoding/personal-decoder.ts';
import type { AdaptationQueue } from '../state/adaptation-queue.ts';
import { fetchModel } from '../storage/model-blobs.ts';
import type { BlobStorage } from '../../storage/blob-storage.ts';

export interface LoadedPersonalModel {
  userId: string;
  buildId: string;
  dir: string;
  /** What PersonalDecoder.open takes: MAP acoustic model if built, dictionary, interpolated LM. */
  decoderModel: PersonalModel;
  /** How the person writes their words; builds made before it was kept have none. */
  writtenForms?: string;
  meta: ModelMeta;
}

interface Entry {
  loaded: Promise<LoadedPersonalModel>;
  decoder?: PersonalDecoder;
}

export interface PersonalModelCacheOptions {
  storage: BlobStorage;
  queue: Pick<AdaptationQueue, 'read'>;
  /** Local folder for unpacked builds (e.g. DATA_DIR/models/cache). */
  dir: string;
  /** The stock pocketsphinx model folder (its en-us/ and en-us.lm.bin). */
  stockDir: string;
  /** ADAPTATION_MODEL_CACHE. */
  maxModels: number;
  /** Opens a decoder on a loaded model (PersonalDecoder.open in a worker). */
  openDecoder?: (model: PersonalModel) => PersonalDecoder;
}

export class PersonalModelCache {
  readonly #entries = new Map<string, Entry>();

  constructor(private readonly options: PersonalModelCacheOptions) {}

  /** The person's current build, fetched if this process has not got it yet. */
  async load(userId: string): Promise<LoadedPersonalModel | undefined> {
    const state = await this.options.queue.read(userId);
    if (!state?.build_id) return undefined;
    return this.#entry(userId, state.build_id).loaded;
  }

  /** A decoder on the person's current build, kept open with the cache entry; undefined when none. */
  async decoder(userId: string): Promise<PersonalDecoder | undefined> {
    const state = await this.options.queue.read(userId);
    if (!state?.build_id || !this.options.openDecoder) return undefined;
    const entry = this.#entry(userId, state.build_id);
    const loaded = await entry.loaded;
    entry.decoder ??= this.options.openDecoder(loaded.decoderModel);
    return entry.decoder;
  }

  /** Keys currently held, least recently used first (tests and metrics). */
  held(): string[] {
    return [...this.#entries.keys()];
  }

  async close(): Promise<void> {
    for (const key of [...this.#entries.keys()]) await this.#evict(key);
  }

  #entry(userId: string, buildId: string): Entry {
    const key = `${userId}/${buildId}`;
    const found = this.#entries.get(key);
    if (found) {
      // Map order is the LRU order: re-inserting marks it most recently used.
      this.#entries.delete(key);
      this.#entries.set(key, found);
      return found;
    }
    const entry: Entry = { loaded: this.#fetch(userId, buildId) };
    entry.loaded.catch(() => this.#entries.delete(key));
    this.#entries.set(key, entry);
    while (this.#entries.size > this.options.maxModels) {
      const oldest = this.#entries.keys().next().value;
      if (oldest === undefined) break;
      void this.#evict(oldest);
    }
    return entry;
  }

  async #fetch(userId: string, buildId: string): Promise<LoadedPersonalModel> {
    const dir = join(this.options.dir, userId, buildId);
    await rm(dir, { recursive: true, force: true });
    await fetchModel(this.options.storage, userId, buildId, dir);
    const meta = JSON.parse(await readFile(join(dir, MODEL_FILES.meta), 'utf8')) as ModelMeta;
    const writtenForms = join(dir, MODEL_FILES.writtenForms);
    return {
      userId,
      buildId,
      dir,
      meta,
      ...(existsSync(writtenForms) ? { writtenForms } : {}),
      decoderModel: decoderModelIn(dir, this.options.stockDir, meta),
    };
  }

  async #evict(key: string): Promise<void> {
    const entry = this.#entries.get(key);
    this.#entries.delete(key);
    if (!entry) return;
    entry.decoder?.close();
    const loaded = await entry.loaded.catch(() => undefined);
    if (loaded) await rm(loaded.dir, { recursive: true, force: true });
  }
}
