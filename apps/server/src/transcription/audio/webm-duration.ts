/**
 * The length of a WebM (Matroska) recording that states none. A browser's MediaRecorder writes
 * its WebM as it records, so its Segment Info has no Duration and ffmpeg prints "Duration: N/A":
 * progress then had no total and showed 99 % for most of a long recording. The last Cluster's
 * timecode plus the last block's offset in it is where the audio ends. An estimate for progress
 * only (decode-speech.ts): anything that does not read as Matroska gives none.
 */
import type { FileHandle } from 'node:fs/promises';
import { readElement, readUint, readVint } from './ebml.ts';

const SEGMENT = 0x18538067;
const INFO = 0x1549a966;
const TIMECODE_SCALE = 0x2ad7b1;
const DURATION = 0x4489;
const CLUSTER = 0x1f43b675;
const CLUSTER_TIMECODE = 0xe7;
const SIMPLE_BLOCK = 0xa3;
const BLOCK_GROUP = 0xa0;
const BLOCK = 0xa1;
const CLUSTER_ID_BYTES = Buffer.from([0x1f, 0x43, 0xb6, 0x75]);
/** Nanoseconds per timecode tick unless the file says otherwise (Matroska's default: 1 ms). */
const DEFAULT_TIMECODE_SCALE = 1_000_000;
/** How much of the file's end is searched for its last Cluster (browsers start one every few seconds). */
const TAIL_BYTES = 4 << 20;

/**
 * The seconds the WebM's blocks reach, or undefined when the file states its Duration (ffmpeg
 * reports that one) or its end cannot be read.
 */
export async function webmDuration(
  handle: FileHandle,
  size: number,
  head: Uint8Array,
): Promise<number | undefined> {
  const info = segmentInfo(Buffer.from(head.buffer, head.byteOffset, head.byteLength));
  if (!info || info.statesDuration) return undefined;
  const start = Math.max(0, size - TAIL_BYTES);
  const tail = Buffer.alloc(size - start);
  await handle.read(tail, 0, tail.length, start);
  const ticks = lastBlockTicks(tail);
  if (ticks === undefined) return undefined;
  const seconds = (ticks * info.timecodeScale) / 1e9;
  return seconds > 0 && Number.isFinite(seconds) ? seconds : undefined;
}

/** The Segment Info's timecode scale, and whether it gives a Duration. */
export function segmentInfo(bytes: Buffer): { timecodeScale: number; statesDuration: boolean } | undefined {
  const ebml = readElement(bytes, 0);
  if (!ebml || ebml.size === undefined) return undefined;
  const segment = readElement(bytes, ebml.data + ebml.size);
  if (segment?.id !== SEGMENT) return undefined;
  const end = segment.size === undefined ? bytes.length : Math.min(bytes.length, segment.data + segment.size);
  for (let at = segment.data; at < end;) {
    const child = readElement(bytes, at);
    if (!child || child.size === undefined || child.id === CLUSTER) return undefined;
    if (child.id === INFO) {
      let timecodeScale = DEFAULT_TIMECODE_SCALE;
      let statesDuration = false;
      const infoEnd = Math.min(bytes.length, child.data + child.size);
      for (let inner = child.data; inner < infoEnd;) {
        const field = readElement(bytes, inner);
        if (!field || field.size === undefined) break;
        if (field.id === TIMECODE_SCALE) timecodeScale = readUint(bytes, field) ?? timecodeScale;
        if (field.id === DURATION) statesDuration = true;
        inner = field.data + field.size;
      }
      return timecodeScale > 0 ? { timecodeScale, statesDuration } : undefined;
    }
    at = child.data + child.size;
  }
  return undefined;
}

/**
 * In ticks of the timecode scale: the last Cluster in `tail` whose Timecode reads, plus the
 * largest block offset within it. A Cluster ID that turns up inside audio data is passed over:
 * only one followed by a readable Timecode counts.
 */
export function lastBlockTicks(tail: Buffer): number | undefined {
  for (
    let at = tail.lastIndexOf(CLUSTER_ID_BYTES);
    at >= 0;
    at = at > 0 ? tail.lastIndexOf(CLUSTER_ID_BYTES, at - 1) : -1
  ) {
    const cluster = readElement(tail, at);
    if (cluster?.id !== CLUSTER) continue;
    const timecode = readElement(tail, cluster.data);
    if (timecode?.id !== CLUSTER_TIMECODE || timecode.size === undefined) continue;
    const base = readUint(tail, timecode);
    if (base === undefined) continue;
    const end = cluster.size === undefined ? tail.length : Math.min(tail.length, cluster.data + cluster.size);
    let latest = 0;
    for (let inner = timecode.data + timecode.size; inner < end;) {
      const child = readElement(tail, inner);
      if (!child || child.size === undefined) break;
      if (child.id === CLUSTER) break;
      if (child.id === SIMPLE_BLOCK) latest = Math.max(latest, blockOffset(tail, child.data) ?? 0);
      if (child.id === BLOCK_GROUP) {
        const block = readElement(tail, child.data);
        if (block?.id === BLOCK) latest = Math.max(latest, blockOffset(tail, block.data) ?? 0);
      }
      // A block cut off by the end of the file (a recording whose tab crashed) still has its
      // header: its offset counted, nothing after it can be read.
      inner = child.data + child.size;
    }
    return base + latest;
  }
  return undefined;
}

/** A block's timecode relative to its Cluster: after the track number, a signed 16-bit value. */
function blockOffset(bytes: Buffer, at: number): number | undefined {
  const track = readVint(bytes, at);
  if (!track || at + track.length + 2 > bytes.length) return undefined;
  return bytes.readInt16BE(at + track.length);
}
