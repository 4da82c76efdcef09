import {
  appendChunk,
  createRecording,
  deleteRecording,
  finishRecording,
  readChunks,
  type NewRecording,
} from './recording-store.ts';

/**
 * Saves one recording's pieces as they come, strictly in order. Pieces that arrive before the
 * recording is registered wait for it. Should the store refuse (no IndexedDB, a full disk), the
 * pieces from then on are kept in memory instead, so the recording is still whole at Stop, only
 * no longer recoverable after a crash (`onSpill` says so once).
 */
export class PieceWriter {
  private writes: Promise<void>;
  private begin: (recording: NewRecording) => void = () => undefined;
  private stored = false;
  private spilled: Blob[] | null = null;

  constructor(
    private readonly id: string,
    private readonly onSpill: () => void,
  ) {
    this.writes = new Promise<NewRecording>((resolve) => {
      this.begin = resolve;
    }).then(async (recording) => {
      try {
        await createRecording(recording);
        this.stored = true;
      } catch {
        this.spill();
      }
    });
  }

  /** Registers the recording; pieces are saved from then on. */
  start(recording: Omit<NewRecording, 'id'>): void {
    this.begin({ ...recording, id: this.id });
  }

  add(piece: Blob, elapsedSeconds: number): void {
    this.writes = this.writes.then(async () => {
      if (this.spilled) {
        this.spilled.push(piece);
        return;
      }
      try {
        await appendChunk(this.id, piece, elapsedSeconds);
      } catch {
        this.spill().push(piece);
      }
    });
  }

  /** Waits for every piece, marks the recording finished and returns all pieces in order. */
  async finish(elapsedSeconds: number): Promise<Blob[]> {
    await this.writes;
    const saved = this.stored ? await this.readSaved(elapsedSeconds) : [];
    return [...saved, ...(this.spilled ?? [])];
  }

  /** Removes the saved copy (handed over, or thrown away). */
  async discard(): Promise<void> {
    await this.writes;
    if (this.stored) await deleteRecording(this.id).catch(() => undefined);
  }

  private async readSaved(elapsedSeconds: number): Promise<Blob[]> {
    try {
      await finishRecording(this.id, elapsedSeconds);
      return await readChunks(this.id);
    } catch {
      return [];
    }
  }

  /** From now on pieces are kept in memory; returns where. */
  private spill(): Blob[] {
    if (this.spilled) return this.spilled;
    const spilled: Blob[] = [];
    this.spilled = spilled;
    this.onSpill();
    return spilled;
  }
}
