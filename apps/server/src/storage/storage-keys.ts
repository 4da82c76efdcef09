/** Keys are paths of lower-case words with an extension: `audio/<owner>/<id>.webm`. */
const KEY_PATTERN = /^[a-z0-9][a-z0-9/_-]*\.[a-z0-9]+$/;

/**
 * Where a recording's waveform peaks are kept (ADR 0056): `audio/<owner>/<id>.webm` →
 * `audio/<owner>/<id>.peaks`, beside the audio, so the sweeper reads the note id from it.
 */
export function peaksKeyOf(audioKey: string): string {
  const key = audioKey.replace(/\.[a-z0-9]+$/, '.peaks');
  if (key === audioKey) throw new Error(`No peaks key can be derived from ${audioKey}`);
  return key;
}

/** Refuses keys that could escape the store's root or mean different things to different stores. */
export function assertValidKey(key: string): void {
  if (!KEY_PATTERN.test(key) || key.includes('..') || key.includes('//')) {
    throw new Error(`Invalid storage key: ${key}`);
  }
}
