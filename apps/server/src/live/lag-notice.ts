/**
 * When decoding falls behind the audio, the stream says so (`{"type":"lag","seconds":N}`, N the
 * seconds received but not decoded yet, one decimal): first when it reaches START_SECONDS, then
 * whenever it moved by STEP_SECONDS since the last notice, and `seconds: 0` once it is back under
 * CAUGHT_UP_SECONDS. Nothing is said while decoding keeps up.
 */
const START_SECONDS = 1;
const STEP_SECONDS = 0.5;
const CAUGHT_UP_SECONDS = 0.3;

export class LagNotice {
  readonly #send: (seconds: number) => void;
  /** The last figure sent, or undefined while no lag is reported. */
  #last: number | undefined;

  constructor(send: (seconds: number) => void) {
    this.#send = send;
  }

  /** How far decoding is behind now, in seconds. */
  update(seconds: number): void {
    const figure = Math.round(seconds * 10) / 10;
    if (this.#last === undefined) {
      if (seconds >= START_SECONDS) this.#tell(figure);
    } else if (seconds < CAUGHT_UP_SECONDS) {
      this.#tell(0);
      this.#last = undefined;
    } else if (Math.abs(seconds - this.#last) >= STEP_SECONDS) {
      this.#tell(figure);
    }
  }

  #tell(figure: number): void {
    this.#last = figure;
    this.#send(figure);
  }
}
