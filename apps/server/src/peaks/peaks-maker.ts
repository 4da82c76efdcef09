/**
 * Makes the waveform peaks of notes filed before peaks existed, or whose peaks were lost
 * (ADR 0056), when someone first asks for them: one note at a time, in the background,
 * through the same decoding thread transcription uses (the chunks are let go unread; the
 * peaks come with the end of the decode). Asking again while it runs does not start it twice.
 */
import type { FastifyBaseLogger } from 'fastify';

import type { BlobStorage } from '../storage/blob-storage.ts';
import { withBlobFile } from '../storage/blob-file.ts';
import { type AudioDecoder } from '../transcription/audio/audio-decoder.ts';
import type { PeaksNote, PeaksStore } from './peaks-store.ts';

export interface PeaksMakerDeps {
  storage: BlobStorage;
  store: PeaksStore;
  decodeAudio: AudioDecoder;
  log: FastifyBaseLogger;
}

/** Notes waiting beyond this are not queued; asking later queues them. */
const MAX_WAITING = 50;

export type PeaksMaking = 'queued' | 'failed';

export class PeaksMaker {
  readonly #deps: PeaksMakerDeps;
  readonly #waiting = new Map<string, PeaksNote>();
  /** Notes whose audio could not be read, so asking again does not decode again. */
  readonly #failed = new Set<string>();
  #running: Promise<void> | undefined;
  readonly #closing = new AbortController();

  constructor(deps: PeaksMakerDeps) {
    this.#deps = deps;
  }

  /** Queues the note unless its peaks are being made; says if making them already failed. */
  request(note: PeaksNote): PeaksMaking {
    if (this.#failed.has(note.id)) return 'failed';
    if (this.#closing.signal.aborted) return 'queued';
    if (!this.#waiting.has(note.id) && this.#waiting.size < MAX_WAITING) this.#waiting.set(note.id, note);
    this.#running ??= this.#drain().finally(() => (this.#running = undefined));
    return 'queued';
  }

  /** Settles once nothing is queued (tests). */
  async idle(): Promise<void> {
    while (this.#running) await this.#running;
  }

  /** Stops the decoding in hand (its ffmpeg is killed) and drops the queue; a later ask makes them. */
  async close(): Promise<void> {
    this.#closing.abort(new Error('The server is shutting down.'));
    await this.idle();
  }

  async #drain(): Promise<void> {
    for (const [id, note] of this.#waiting) {
      if (this.#closing.signal.aborted) break;
      try {
        const peaks = await withBlobFile(this.#deps.storage, note.storageKey, (path) => this.#decode(path));
        await this.#deps.store.save(note, peaks);
      } catch (err) {
        if (this.#closing.signal.aborted) break;
        this.#failed.add(id);
        this.#deps.log.warn({ err, voiceNoteId: id }, 'could not make the waveform peaks');
      }
      // Deleted only now, so a request meanwhile does not queue it again.
      this.#waiting.delete(id);
    }
    this.#waiting.clear();
  }

  async #decode(path: string): Promise<Uint8Array> {
    const recording = this.#deps.decodeAudio.stream({ path }, this.#closing.signal);
    for await (const chunk of recording.chunks) void chunk;
    return (await recording.done).peaks;
  }
}
