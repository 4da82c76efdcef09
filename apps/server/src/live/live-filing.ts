/**
 * Filing what a live stream brought: its recording with the live transcript, through the one
 * filing call every entry point uses (file-within-quota.ts), then the full pass when the
 * engine wants one (full-pass.ts). If decoding failed, the note is filed without a transcript
 * and queued, so the job transcribes it: the audio is never lost to a decoding error.
 */
import { Readable } from 'node:stream';
import type { FastifyBaseLogger } from 'fastify';
import type { TranscriptSegment, VoiceNote } from '@voxpad/shared/voice-notes';
import type { TranscriptionQueue } from '../jobs/transcription-queue.ts';
import type { UploadAllowance } from '../quotas/quota-guard.ts';
import { groupIntoSegments } from '../transcription/segments.ts';
import type { StreamLease } from '../transcription/pocketsphinx/stream-lease.ts';
import type { Transcriber, TranscriptWord } from '../transcription/transcriber.ts';
import type { DecodeModel } from '../transcription/personal-model.ts';
import { segmentText } from '../transcripts/readable-transcript.ts';
import { engineModelOf } from '../transcripts/transcript-versions.ts';
import { fileWithinQuota, type FilingSettings } from '../voice-notes/file-within-quota.ts';
import { deleteVoiceNote } from '../voice-notes/voice-notes-service.ts';
import { needsFullPass, queueFullPass } from './full-pass.ts';

export interface LiveFilingDeps {
  filing: FilingSettings;
  queue: TranscriptionQueue;
  log: FastifyBaseLogger;
}

/** Whose stream it is, where it goes, what decodes it and what its admission allows. */
export interface LiveContext {
  ownerId: string;
  padId: string;
  engine: Transcriber;
  /** The stream's own decoder thread (pocketsphinx), when one was free. */
  stream?: StreamLease | undefined;
  allowance: UploadAllowance;
  /** The owner's "format transcripts" setting: finals are sent readable (ADR 0033). */
  formatTranscripts: boolean;
  /** The owner's build: finals are decoded with it (ADR 0040). */
  model?: DecodeModel | undefined;
}

/** A live transcript as its finals were sent: each word as it read, and their text. */
export interface SentTranscript {
  text: string;
  words: readonly TranscriptWord[];
}

export interface LiveRecording {
  audio: AsyncIterable<Buffer> | Iterable<Buffer>;
  durationSeconds: number;
  /** The live transcript as it was sent (LiveFinals.sent()); undefined when decoding failed. */
  transcript: SentTranscript | undefined;
  /** How many people speak, as "start" said (1..8); null or absent: found out (ADR 0053). */
  speakersHint?: number | null;
}

export async function fileLiveRecording(
  deps: LiveFilingDeps,
  context: LiveContext,
  recording: LiveRecording,
): Promise<VoiceNote> {
  const { ownerId, padId, engine, allowance } = context;
  const transcribed = recording.transcript && {
    ...liveTranscript(recording.transcript),
    durationSeconds: recording.durationSeconds,
    madeBy: engineModelOf(engine),
  };
  const input = {
    ownerId,
    padId,
    fileName: undefined,
    body: Readable.from(recording.audio),
    speakersHint: recording.speakersHint ?? null,
  };
  const note = await fileWithinQuota(deps.filing, transcribed ? { ...input, transcribed } : input, {
    allowance,
    log: deps.log,
  });
  // The live decoder tells no voices apart: a stream that said several people speak is
  // transcribed once more from the file, which finds who spoke when (ADR 0053).
  const severalSpeakers = (recording.speakersHint ?? 1) > 1;
  if (transcribed && (needsFullPass(engine) || severalSpeakers)) {
    await queueFullPass({ queue: deps.queue, onQueued: deps.filing.onQueued }, note.id);
  }
  return note;
}

/**
 * The note's transcript from what the stream sent: exactly those words as they read, in
 * segments at the speaker's pauses, kept as they are by the store (`readable`).
 */
export function liveTranscript(sent: SentTranscript): {
  text: string;
  segments: TranscriptSegment[];
  readable: true;
} {
  const segments = groupIntoSegments(sent.words).map((segment) => ({
    ...segment,
    text: segmentText(segment.words),
  }));
  return { text: sent.text, segments, readable: true };
}

/** Deletes a filed note again (the client gave up waiting and uploads its own copy). */
export async function discardLiveNote(deps: LiveFilingDeps, context: LiveContext, note: VoiceNote) {
  await deleteVoiceNote({ ...deps.filing, log: deps.log }, context.ownerId, context.padId, note.id);
}
