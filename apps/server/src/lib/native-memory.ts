/**
 * Hands the memory native code has freed back to the system (glibc's `malloc_trim`, ADR 0066).
 *
 * glibc keeps freed chunks in its arenas for the next allocation instead of returning them, so
 * a decoder thread that ends (a live stream's, the spare's) or a transcription that finishes
 * leaves its high-water mark resident. `malloc_trim(0)` returns every arena's free pages. It
 * runs on a thread of libuv's pool, so the event loop does not wait for it.
 *
 * Where there is no glibc (musl, macOS) nothing is released and the call says so.
 */
import koffi, { type KoffiFunc } from 'koffi';

type MallocTrim = KoffiFunc<(pad: number) => number>;

let trim: MallocTrim | null | undefined;

function loadTrim(): MallocTrim | null {
  if (trim !== undefined) return trim;
  try {
    trim = koffi.load('libc.so.6').func('int malloc_trim(size_t pad)');
  } catch {
    trim = null;
  }
  return trim;
}

/** Resolves to whether any memory was handed back; never rejects. */
export function releaseFreedNativeMemory(): Promise<boolean> {
  const call = loadTrim();
  if (!call) return Promise.resolve(false);
  return new Promise((resolve) => {
    call.async(0, (error: unknown, released) => resolve(!error && released === 1));
  });
}
