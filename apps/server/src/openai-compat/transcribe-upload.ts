/**
 * The endpoint's audio: recognised from its bytes exactly as voice-note uploads are
 * (transcription/audio/audio-format.ts), decoded by the audio decoder the transcription jobs use
 * and transcribed by this process's engine. Every way it can fail becomes an OpenAiProblem.
 */
import { type FileHandle, open } from 'node:fs/promises';
import { ACCEPTED_AUDIO_FORMATS } from '@voxpad/shared/voice-notes';
import type { AudioSource, DecodeAudio } from '../transcription/audio/audio-decoder.ts';
import { AudioDecodeError } from '../transcription/audio/errors.ts';
import {
  type TranscribedRecording,
  transcribeRecording,
} from '../transcription/audio/transcribe-recording.ts';
import { TranscriptionError } from '../transcription/errors.ts';
import type { DecodeModel } from '../transcription/personal-model.ts';
import type { Transcriber } from '../transcription/transcriber.ts';
import { type AudioFormat, SNIFF_BYTES, sniffLength } from '../transcription/audio/audio-format.ts';
import { inspectAudio } from '../transcription/audio/audio-inspection.ts';
import { OpenAiProblem } from './openai-problem.ts';

const formats = `${ACCEPTED_AUDIO_FORMATS.slice(0, -1).join(', ')} or ${ACCEPTED_AUDIO_FORMATS.at(-1)}`;

const invalidAudio = (message: string) =>
  new OpenAiProblem(400, message, 'invalid_request_error', 'file', 'invalid_audio');

/**
 * What the upload is, from its first bytes (its file name and declared type are not
 * trusted), refused by the rules voice-note uploads follow (transcription/audio/audio-inspection.ts).
 * `head` is the whole file or at least its first sniffLength(head) bytes (sniffUploadFile).
 */
export function sniffUpload(head: Uint8Array): AudioFormat {
  try {
    return inspectAudio(head).format;
  } catch (error) {
    if (!(error instanceof AudioDecodeError)) throw error;
    if (error.code === 'empty_audio')
      throw invalidAudio('The file is empty. Attach a recording to transcribe.');
    if (error.code === 'unsupported_format') {
      throw invalidAudio(`The file is not a recording in a format this server reads. Send ${formats}.`);
    }
    throw invalidAudio(error.message);
  }
}

/** sniffUpload on a file, reading only as much of it as that takes. */
export async function sniffUploadFile(file: string): Promise<AudioFormat> {
  const handle = await open(file);
  try {
    let head = await readStart(handle, SNIFF_BYTES);
    // An ID3 tag (cover art, lyrics) can push the audio further in.
    while (sniffLength(head) > head.length) {
      const longer = await readStart(handle, sniffLength(head));
      if (longer.length === head.length) break;
      head = longer;
    }
    return sniffUpload(head);
  } finally {
    await handle.close();
  }
}

async function readStart(handle: FileHandle, length: number): Promise<Buffer> {
  const buffer = Buffer.alloc(length);
  const { bytesRead } = await handle.read(buffer, 0, length, 0);
  return buffer.subarray(0, bytesRead);
}

export interface TranscribeUploadInput {
  decodeAudio: DecodeAudio;
  transcriber: Transcriber;
  /** The upload's file, read by the decoding thread. */
  bytes: AudioSource;
  language: string | undefined;
  /** Stops decoding and the engine (the client went away). */
  signal?: AbortSignal;
  /** The token owner's build (ADR 0040). */
  model?: DecodeModel;
}

export async function transcribeUpload(input: TranscribeUploadInput): Promise<TranscribedRecording> {
  let durationSeconds: number | undefined;
  try {
    return await transcribeRecording({
      ...input,
      onDuration: (seconds) => (durationSeconds = seconds),
    });
  } catch (error) {
    // OpenAI's API does not refuse a recording without speech: an empty text is the answer.
    if (error instanceof AudioDecodeError && error.code === 'silent_audio' && durationSeconds !== undefined) {
      const transcript = { text: '', language: input.language ?? 'en', durationSeconds, segments: [] };
      return { transcript, durationSeconds };
    }
    throw asProblem(error);
  }
}

function asProblem(error: unknown): unknown {
  if (error instanceof AudioDecodeError) return invalidAudio(error.message);
  if (!(error instanceof TranscriptionError)) return error;
  if (error.code === 'unsupported_language') {
    return new OpenAiProblem(400, error.message, 'invalid_request_error', 'language');
  }
  if (error.code === 'invalid_input') {
    return new OpenAiProblem(400, error.message, 'invalid_request_error', 'file');
  }
  return new OpenAiProblem(
    503,
    `Transcription is unavailable: ${error.message}`,
    'server_error',
    null,
    error.code,
  );
}
