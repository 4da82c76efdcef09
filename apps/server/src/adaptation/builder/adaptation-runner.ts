/**
 * The background builder of a worker process (ADR 0038): claims queued rebuilds one at a time
 * (a build takes seconds to minutes of CPU), builds in a scratch folder, stores the files in blob
 * storage, then records the build, only while its lease holds. Also queues rebuilds by itself
 * when enough new corrected material arrived.
 */
import { createHash, randomUUID } from 'node:crypto';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

import type { FastifyBaseLogger } from 'fastify';
import type { AdaptationStateRow } from '../../db/schema.ts';
import { newId } from '../../lib/ids.ts';
import type { BlobStorage } from '../../storage/blob-storage.ts';
import { AdaptationError } from '../errors.ts';
import { type GainSettings, type MeasuredGain, measureGain } from '../gain/measure-gain.ts';
import { removeModels, storeModel, userModelPrefix } from '../storage/model-blobs.ts';
import type { AdaptationQueue } from '../state/adaptation-queue.ts';
import { queueDueRebuilds, type RebuildThresholds } from './auto-rebuild.ts';
import { buildModel, type BuildSettings, type StockModel } from './build-model.ts';
import type { LearnableNote, LearnableSource } from './learnable-source.ts';

export interface AdaptationRunnerOptions {
  queue: AdaptationQueue;
  source: LearnableSource;
  storage: BlobStorage;
  stock: StockModel;
  log: FastifyBaseLogger;
  minAudioSeconds: number;
  maxDurationSeconds: number;
  thresholds: RebuildThresholds;
  leaseMs: number;
  pollMs: number;
  /** How often the auto-rebuild check runs (0: never). */
  checkIntervalMs: number;
  /** Builds that failed this many times in a row are left failed. */
  maxAttempts?: number;
  /** Where scratch folders go (default: the OS temp folder). */
  scratchDir?: string;
  /** Measures each build's gain on held-out notes with this process's engine (ADR 0043); none: not measured. */
  gain?: GainSettings;
}

const GAVE_UP = 'Learning from your notes kept failing. It will be tried again when you correct more notes.';

export class AdaptationRunner {
  readonly workerId = `adaptation-${randomUUID()}`;
  private stopping = false;
  private loopDone: Promise<void> | undefined;
  private wakeUp: (() => void) | undefined;
  private lastCheck = 0;

  constructor(private readonly options: AdaptationRunnerOptions) {}

  start(): void {
    this.loopDone = this.loop();
  }

  wake(): void {
    this.wakeUp?.();
  }

  async stop(): Promise<void> {
    this.stopping = true;
    this.wake();
    await this.loopDone;
  }

  /** Claims and builds one queued rebuild; false when there was none (tests drive it by hand). */
  async runOnce(): Promise<boolean> {
    const job = await this.options.queue.claimNext(this.workerId, this.options.leaseMs);
    if (!job) return false;
    await this.build(job);
    return true;
  }

  /** The auto-rebuild check over users changed since the previous check. */
  async checkDue(now = Date.now()): Promise<string[]> {
    const since = this.lastCheck;
    this.lastCheck = now;
    return queueDueRebuilds(this.options.queue, this.options.source, this.options.thresholds, since);
  }

  private async loop(): Promise<void> {
    while (!this.stopping) {
      let worked = false;
      try {
        const { checkIntervalMs } = this.options;
        if (checkIntervalMs > 0 && Date.now() - this.lastCheck >= checkIntervalMs) await this.checkDue();
        worked = await this.runOnce();
      } catch (err) {
        this.options.log.error({ err }, 'could not run an adaptation build');
      }
      if (!worked && !this.stopping) await this.sleep();
    }
  }

  private sleep(): Promise<void> {
    return new Promise((resolve) => {
      const done = (): void => {
        clearTimeout(timer);
        this.wakeUp = undefined;
        resolve();
      };
      const timer = setTimeout(done, this.options.pollMs);
      this.wakeUp = done;
    });
  }

  private async build(job: AdaptationStateRow): Promise<void> {
    const { queue, source, storage, log: baseLog } = this.options;
    const userId = job.user_id;
    const log = baseLog.child({ userId, attempt: job.attempts });
    if (job.attempts > (this.options.maxAttempts ?? 3)) {
      await queue.fail(userId, this.workerId, GAVE_UP);
      return;
    }
    const lost = new AbortController();
    const heartbeat = setInterval(
      () => {
        queue.renew(userId, this.workerId, this.options.leaseMs).then(
          (ours) => {
            if (!ours) lost.abort(new Error('The adaptation build lost its lease.'));
          },
          (err: unknown) => log.warn({ err }, 'adaptation lease renewal failed'),
        );
      },
      Math.max(100, Math.floor(this.options.leaseMs / 3)),
    );
    const scratch = await mkdtemp(join(this.options.scratchDir ?? tmpdir(), 'voxpad-adapt-'));
    const buildId = newId();
    let stored = false;
    try {
      const started = Date.now();
      const [notes, vocabulary, totals] = await Promise.all([
        source.notes(userId),
        source.vocabulary(userId),
        source.totals(userId),
      ]);
      const settings: BuildSettings = {
        vocabulary,
        storage,
        stock: this.options.stock,
        minAudioSeconds: this.options.minAudioSeconds,
        maxDurationSeconds: this.options.maxDurationSeconds,
        signal: lost.signal,
      };
      const built = await buildModel({
        ...settings,
        notes,
        outDir: join(scratch, 'model'),
        workDir: join(scratch, 'work'),
      });
      lost.signal.throwIfAborted();
      const gain = await this.measure(notes, settings, join(scratch, 'gain'), buildId, log);
      lost.signal.throwIfAborted();
      const bytes = await storeModel(storage, userId, buildId, join(scratch, 'model'));
      stored = true;
      const now = Date.now();
      const recorded = await queue.complete(userId, this.workerId, {
        buildId,
        languageBuiltAt: now,
        acoustic:
          built.meta.acousticSeconds > 0 ? { builtAt: now, seconds: built.meta.acousticSeconds } : null,
        correctedSeconds: totals.seconds,
        notesUsed: notes.length,
        textWordsUsed: totals.words,
        vocabularyWords: vocabulary.length,
        lmWeight: built.meta.lmWeight,
        lmPerplexities: built.meta.lmPerplexities,
        gain: gain ?? null,
        sourceHash: sourceHash(this.options.stock.dir, notes, vocabulary),
      });
      if (recorded === false) {
        // Deleted or taken over meanwhile: these files belong to no one.
        await removeBuild(storage, userId, buildId, queue);
        log.info('adaptation build finished after its job was gone; its files were removed');
        return;
      }
      // Older builds go once the new one is recorded (a loader holding one keeps its local copy).
      await removeModels(storage, userId, buildId);
      log.info(
        {
          ms: Date.now() - started,
          bytes,
          weight: built.meta.lmWeight,
          perplexities: built.meta.lmPerplexities,
          gain,
        },
        'adaptation built',
      );
    } catch (error) {
      if (stored) await removeBuild(storage, userId, buildId, queue).catch(() => undefined);
      if (lost.signal.aborted) {
        log.warn('adaptation lease lost; another worker has it or it was deleted');
      } else {
        log.info({ err: error }, 'adaptation build failed');
        await queue.fail(userId, this.workerId, reasonFor(error));
      }
    } finally {
      clearInterval(heartbeat);
      await rm(scratch, { recursive: true, force: true });
    }
  }

  /**
   * The build's gain on held-out notes, or undefined when there are too few notes or measuring
   * failed: a build is never failed for its measurement (it is logged).
   */
  private async measure(
    notes: readonly LearnableNote[],
    build: BuildSettings,
    dir: string,
    buildId: string,
    log: FastifyBaseLogger,
  ): Promise<MeasuredGain | undefined> {
    const settings = this.options.gain;
    if (!settings) return undefined;
    const started = Date.now();
    try {
      const gain = await measureGain({ notes, build, dir, buildId, settings });
      log.info({ ms: Date.now() - started, gain }, 'adaptation gain measured');
      return gain;
    } catch (err) {
      if (build.signal?.aborted) throw err;
      log.warn({ err }, 'the gain of an adaptation build could not be measured');
      return undefined;
    }
  }
}

/** Removes a build's blobs unless the state row has come to point at it. */
async function removeBuild(storage: BlobStorage, userId: string, buildId: string, queue: AdaptationQueue) {
  if (await queue.buildInUse(userId, buildId)) return;
  const prefix = `${userModelPrefix(userId)}${buildId}/`;
  const keys: string[] = [];
  for await (const blob of storage.list(prefix)) keys.push(blob.key);
  for (const key of keys) await storage.delete(key);
}

function reasonFor(error: unknown): string {
  if (error instanceof AdaptationError) {
    if (error.code === 'not_enough_data') return error.message;
    if (error.code === 'tool_missing') {
      return 'The tools that learn from your notes are not installed on this server. Ask the administrator to install them.';
    }
  }
  return 'Learning from your notes failed. It will be tried again when you correct more notes, or try again now.';
}

function sourceHash(
  stockDir: string,
  notes: ReadonlyArray<{ id: string; updatedAt: number }>,
  vocabulary: ReadonlyArray<{ word: string; phones: string[]; written: string }>,
): string {
  const hash = createHash('sha256').update(stockDir);
  for (const note of notes) hash.update(`\n${note.id}@${note.updatedAt}`);
  for (const entry of vocabulary) hash.update(`\n${entry.word}=${entry.phones.join(' ')}=${entry.written}`);
  return hash.digest('hex');
}
