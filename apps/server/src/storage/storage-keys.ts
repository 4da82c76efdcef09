/** Keys are paths of lower-case words with an extension: `audio/<owner>/<id>.webm`. */
const KEY_PATTERN = /^[a-z0-9][a-z0-9/_-]*\.[a-z0-9]+$/;

/** Refuses keys that could escape the store's root or mean different things to different stores. */
export function assertValidKey(key: string): void {
  if (!KEY_PATTERN.test(key) || key.includes('..') || key.includes('//')) {
    throw new Error(`Invalid storage key: ${key}`);
  }
}
