/**
 * Resident memory of a process and of its child processes (ffmpeg or opusdec, started by the audio
 * decoding threads; under tsx also esbuild's service), read from /proc, in MiB (1024 × 1024
 * bytes, as the kernel's kB are KiB).
 */
import fs from 'node:fs';

const MIB = 1024 * 1024;

/** VmRSS of `pid` in MiB; 0 once it has exited. */
export function rssMib(pid: number): number {
  try {
    const status = fs.readFileSync(`/proc/${pid}/status`, 'utf8');
    return (Number(/VmRSS:\s+(\d+) kB/.exec(status)?.[1] ?? 0) * 1024) / MIB;
  } catch {
    return 0;
  }
}

/** The live children of `pid` (any process whose parent it is). */
export function childrenOf(pid: number): number[] {
  const children: number[] = [];
  for (const entry of fs.readdirSync('/proc')) {
    if (!/^\d+$/.test(entry)) continue;
    try {
      const stat = fs.readFileSync(`/proc/${entry}/stat`, 'utf8');
      // The command may hold spaces and brackets: the fields after its last ')' are fixed.
      const ppid = Number(stat.slice(stat.lastIndexOf(')') + 2).split(' ')[1]);
      if (ppid === pid) children.push(Number(entry));
    } catch {
      // Gone between the listing and the read.
    }
  }
  return children;
}

/** The audio decoders the server starts: ffmpeg, and opusdec for Opus in Ogg (ADR 0067). */
const DECODERS: ReadonlySet<string> = new Set(['ffmpeg', 'opusdec']);

/** The command name of `pid` (`ffmpeg`, `esbuild`, ...). */
function commandOf(pid: number): string {
  try {
    return fs.readFileSync(`/proc/${pid}/comm`, 'utf8').trim();
  } catch {
    return '';
  }
}

export interface MemoryPeaks {
  /** The process alone. */
  processMib: number;
  /** Its audio decoders together (ffmpeg, opusdec). */
  decoderMib: number;
  /** All its children together (ffmpeg, and esbuild when run through tsx). */
  childrenMib: number;
  /** Process and children at the same moment: what the machine must hold. */
  totalMib: number;
}

/**
 * Samples `pid` and its children every `everyMs` and keeps the highest of each. With `bucketOf`,
 * it also keeps the highest together-figure per bucket (e.g. each tenth of a transcription's
 * progress), which shows whether memory rises as the work goes on.
 */
export function sampleMemory(
  pid: number,
  everyMs = 200,
  bucketOf?: () => number | undefined,
): { stop: () => MemoryPeaks; buckets: () => Map<number, number> } {
  const peaks: MemoryPeaks = { processMib: 0, decoderMib: 0, childrenMib: 0, totalMib: 0 };
  const buckets = new Map<number, number>();
  const sample = (): void => {
    const own = rssMib(pid);
    let children = 0;
    let decoders = 0;
    for (const child of childrenOf(pid)) {
      const rss = rssMib(child);
      children += rss;
      if (DECODERS.has(commandOf(child))) decoders += rss;
    }
    peaks.processMib = Math.max(peaks.processMib, own);
    peaks.decoderMib = Math.max(peaks.decoderMib, decoders);
    peaks.childrenMib = Math.max(peaks.childrenMib, children);
    peaks.totalMib = Math.max(peaks.totalMib, own + children);
    const bucket = bucketOf?.();
    if (bucket !== undefined) buckets.set(bucket, Math.max(buckets.get(bucket) ?? 0, own + children));
  };
  sample();
  const timer = setInterval(sample, everyMs);
  return {
    stop: () => {
      clearInterval(timer);
      sample();
      return { ...peaks };
    },
    buckets: () => new Map([...buckets].sort(([a], [b]) => a - b)),
  };
}
