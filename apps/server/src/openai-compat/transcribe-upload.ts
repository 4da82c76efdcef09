/**
 * The endpoint's audio: recognised from its bytes exactly as voice-note uploads are
 * (voice-notes/audio-format.ts), decoded by the audio decoder the transcription jobs use
 * and transcribed by this process's engine. Every way it can fail becomes an OpenAiProblem.
 */
import { ACCEPTED_AUDIO_FORMATS } from '@voxpad/shared/voice-notes';
import type { DecodeAudio } from '../transcription/audio/audio-decoder.ts';
import { AudioDecodeError } from '../transcription/audio/errors.ts';
import {
  type TranscribedRecording,
  transcribeRecording,
} from '../transcription/audio/transcribe-recording.ts';
import { TranscriptionError } from '../transcription/errors.ts';
import type { Transcriber } from '../transcription/transcriber.ts';
import { type AudioFormat, SNIFF_BYTES, sniffAudioFormat } from '../voice-notes/audio-format.ts';
import { OpenAiProblem } from './openai-problem.ts';

const formats = `${ACCEPTED_AUDIO_FORMATS.slice(0, -1).join(', ')} or ${ACCEPTED_AUDIO_FORMATS.at(-1)}`;

const invalidAudio = (message: string) =>
  new OpenAiProblem(400, message, 'invalid_request_error', 'file', 'invalid_audio');

/** What the upload is, from its first bytes (its file name and declared type are not trusted). */
export function sniffUpload(bytes: Uint8Array): AudioFormat {
  if (bytes.length === 0) throw invalidAudio('The file is empty. Attach a recording to transcribe.');
  const format = sniffAudioFormat(bytes.subarray(0, SNIFF_BYTES));
  if (!format) {
    throw invalidAudio(`The file is not a recording in a format this server reads. Send ${formats}.`);
  }
  return format;
}

export interface TranscribeUploadInput {
  decodeAudio: DecodeAudio;
  transcriber: Transcriber;
  /** May be transferred to the decoding thread: unusable afterwards. */
  bytes: Uint8Array;
  language: string | undefined;
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
