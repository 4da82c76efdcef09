/**
 * Gathers 16-bit samples into pieces of a fixed size, so PCM is saved every few seconds instead
 * of block by block (hundreds of tiny writes) or all at once at the end (unbounded memory).
 * Holds at most one piece.
 */
export class PcmBatcher {
  private piece: Int16Array;
  private filled = 0;

  constructor(private readonly samplesPerPiece: number) {
    if (!Number.isInteger(samplesPerPiece) || samplesPerPiece <= 0) {
      throw new RangeError(`Invalid piece size: ${samplesPerPiece}`);
    }
    this.piece = new Int16Array(samplesPerPiece);
  }

  /** Adds samples; returns every piece they completed, oldest first. */
  push(samples: Int16Array): Int16Array[] {
    const done: Int16Array[] = [];
    let read = 0;
    while (read < samples.length) {
      const count = Math.min(this.samplesPerPiece - this.filled, samples.length - read);
      this.piece.set(samples.subarray(read, read + count), this.filled);
      this.filled += count;
      read += count;
      if (this.filled === this.samplesPerPiece) {
        done.push(this.piece);
        this.piece = new Int16Array(this.samplesPerPiece);
        this.filled = 0;
      }
    }
    return done;
  }

  /** The partly filled piece (null when empty); the batcher starts over. */
  flush(): Int16Array | null {
    if (this.filled === 0) return null;
    const rest = this.piece.slice(0, this.filled);
    this.filled = 0;
    return rest;
  }
}
