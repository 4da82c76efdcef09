import type { VoiceNote } from '@voxpad/shared/voice-notes';
import { baseType, type RecordingSession } from '../capture/recording-session.ts';
import { assembleAudio } from '../utils/assemble-audio.ts';
import { announceRecordingsChanged } from '../utils/recordings-changed.ts';

/** A finished recording, handed to whoever uploads it. */
export interface Recording {
  /** Its id in this device's recording store, where it stays until handed over. */
  id: string;
  /** Null: the Inbox. */
  padId: string | null;
  audio: Blob;
  fileName: string;
  /** The container, without codec parameters: audio/webm, audio/ogg or audio/wav. */
  mimeType: string;
  durationSeconds: number;
  /**
   * Moments the person marked while recording, in seconds of the recording (ADR 0054); whoever
   * files the note adds them as its highlights.
   */
  marks?: number[];
}

/** The stopped session's pieces as one recording. */
export function recordingOf(
  session: RecordingSession,
  pieces: readonly Blob[],
  durationSeconds: number,
  padId: string | null,
): Recording {
  const mimeType = baseType(session.format.mimeType);
  return {
    id: session.id,
    padId,
    audio: assembleAudio(pieces, {
      format: session.format.kind,
      mimeType,
      sampleRate: session.pcm?.sampleRate ?? null,
    }),
    fileName: session.format.fileName,
    mimeType,
    durationSeconds,
  };
}

/**
 * Hands the recording over (to the outbox): once `onRecorded` resolves it is safe elsewhere and
 * this device's copy is removed. A rejection keeps the copy, offered back as a recovered one.
 */
export async function handOver(
  session: RecordingSession,
  recording: Recording,
  onRecorded: (recording: Recording) => unknown,
): Promise<void> {
  try {
    await onRecorded(recording);
    await session.writer.discard();
  } catch {
    // Not taken: the saved copy stays and is offered back as a recovered recording.
  } finally {
    session.releaseLock();
    announceRecordingsChanged();
  }
}

/**
 * The server filed the recording from its live stream: it has the audio and its transcript,
 * so the recording is safe elsewhere, as when the outbox takes it, and this copy goes.
 */
export async function handOverFiled(
  session: RecordingSession,
  note: VoiceNote,
  marks: readonly number[],
  onFiled: ((note: VoiceNote, marks: readonly number[]) => unknown) | undefined,
): Promise<void> {
  await Promise.resolve(onFiled?.(note, marks)).catch(() => undefined);
  await session.writer.discard().catch(() => undefined);
  session.releaseLock();
  announceRecordingsChanged();
}
