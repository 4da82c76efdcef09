/**
 * Equality of two runs of PCM samples, compared as bytes. `toEqual` on a typed array walks it
 * element by element through Vitest's deep equality: seconds for a minute of 16 kHz audio,
 * where comparing the bytes takes milliseconds. A difference names the first sample that
 * differs, which is what `toEqual`'s diff of a million numbers came down to.
 */
import { expect } from 'vitest';

export function expectSameSamples(actual: Int16Array, expected: Int16Array, what = 'samples'): void {
  expect(actual).toBeInstanceOf(Int16Array);
  expect(actual.length, `${what}: length`).toBe(expected.length);
  const a = Buffer.from(actual.buffer, actual.byteOffset, actual.byteLength);
  const b = Buffer.from(expected.buffer, expected.byteOffset, expected.byteLength);
  if (a.equals(b)) return;
  const first = actual.findIndex((sample, i) => sample !== expected[i]);
  expect(actual[first], `${what}: sample ${first} of ${actual.length}`).toBe(expected[first]);
}
