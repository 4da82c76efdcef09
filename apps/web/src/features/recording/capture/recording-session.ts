import { holdRecordingLock } from '../storage/recording-locks.ts';
import { PieceWriter } from '../storage/piece-writer.ts';
import { RecordingClock } from '../utils/recording-clock.ts';
import type { RecordingFormat } from '../utils/recording-format.ts';
import { announceRecordingsChanged } from '../utils/recordings-changed.ts';
import type { ChunkedCapture } from './chunked-capture.ts';
import { startCompressedCapture } from './compressed-capture.ts';
import { createLevelMeter, type LevelMeter } from './level-meter.ts';
import { startPcmCapture, type PcmCapture } from './pcm-capture.ts';

/** One recording in progress: the microphone, its capture, its clock and its saved copy. */
export interface RecordingSession {
  /** Its id in this device's recording store. */
  id: string;
  format: RecordingFormat;
  stream: MediaStream;
  context: AudioContext | null;
  source: MediaStreamAudioSourceNode | null;
  meter: LevelMeter | null;
  capture: ChunkedCapture;
  /** The WAV fallback, which counts its samples exactly. */
  pcm: PcmCapture | null;
  clock: RecordingClock;
  writer: PieceWriter;
  releaseLock: () => void;
}

export interface SessionOptions {
  /** Null: the Inbox. */
  padId: string | null;
  /** Names the pad when the recording is offered back elsewhere. */
  padName: string | null;
  /** The device stopped saving the pieces (storage full or blocked); they are kept in memory. */
  onNotSaving: () => void;
}

/** "audio/webm;codecs=opus" -> "audio/webm". */
export function baseType(mimeType: string): string {
  return mimeType.split(';')[0]?.trim() ?? mimeType;
}

/**
 * Starts recording an open microphone: Opus by MediaRecorder where `format` says so (else
 * 16 kHz WAV via Web Audio), every piece saved on this device as it comes. Should anything
 * fail, everything taken so far is given back (the microphone too) and the error is thrown.
 */
export async function startRecordingSession(
  stream: MediaStream,
  format: RecordingFormat,
  { padId, padName, onNotSaving }: SessionOptions,
): Promise<RecordingSession> {
  let context: AudioContext | null = null;
  let releaseLock: () => void = () => undefined;
  let compressed: ChunkedCapture | null = null;
  try {
    const id = crypto.randomUUID();
    const writer = new PieceWriter(id, onNotSaving);
    const clock = new RecordingClock(performance.now());
    const onPiece = (piece: Blob) => writer.add(piece, clock.elapsedSeconds(performance.now()));
    // The encoder first, before anything else that takes time: the clock is already running
    // and the person already speaking. Its pieces wait in the writer until it is registered.
    if (format.kind === 'compressed') compressed = startCompressedCapture(stream, format.mimeType, onPiece);
    releaseLock = await holdRecordingLock(id);
    if (typeof AudioContext === 'function') {
      context = new AudioContext();
      await context.resume();
    }
    const source = context ? context.createMediaStreamSource(stream) : null;
    const meter = context && source ? createLevelMeter(context, source) : null;
    const pcm = !compressed && context && source ? await startPcmCapture(context, source, onPiece) : null;
    const capture = compressed ?? pcm;
    if (!capture) throw new Error('No way to record here.');
    writer.start({
      padId,
      padName,
      startedAt: Date.now(),
      format: format.kind,
      mimeType: baseType(format.mimeType),
      fileName: format.fileName,
      sampleRate: pcm ? pcm.sampleRate : null,
    });
    return { id, format, stream, context, source, meter, capture, pcm, clock, writer, releaseLock };
  } catch (cause) {
    void compressed?.stop();
    for (const track of stream.getTracks()) track.stop();
    void context?.close().catch(() => undefined);
    releaseLock();
    throw cause;
  }
}

/** Stops the capture; resolves with the recording's length once its last piece is handed over. */
export async function stopCapture(session: RecordingSession): Promise<number> {
  const stoppedAt = performance.now();
  await session.capture.stop();
  return session.pcm
    ? session.pcm.samples() / session.pcm.sampleRate
    : session.clock.elapsedSeconds(stoppedAt);
}

/** Gives the microphone and the audio graph back. */
export function releaseAudio(session: RecordingSession): void {
  for (const track of session.stream.getTracks()) track.stop();
  session.meter?.disconnect();
  session.source?.disconnect();
  void session.context?.close().catch(() => undefined);
}

/** Stops without handing over, and removes the saved copy. */
export async function discardSession(session: RecordingSession): Promise<void> {
  await session.capture.stop().catch(() => undefined);
  releaseAudio(session);
  await session.writer.discard();
  session.releaseLock();
  announceRecordingsChanged();
}
