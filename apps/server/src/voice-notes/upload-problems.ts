import { API_ERROR_CODES } from '@voxpad/shared/api-errors';
import { ACCEPTED_AUDIO_FORMATS, VOICE_NOTE_ERROR_CODES } from '@voxpad/shared/voice-notes';
import { ApiProblem, badRequest } from '../http/api-problem.ts';
import { durationText } from './duration-text.ts';

/** The refusals an upload can meet, worded for the person who chose the file. */
const formats = `${ACCEPTED_AUDIO_FORMATS.slice(0, -1).join(', ')} or ${ACCEPTED_AUDIO_FORMATS.at(-1)}`;

export function tooLarge(maxBytes: number): ApiProblem {
  const mb = Math.floor(maxBytes / (1024 * 1024));
  return new ApiProblem(413, [
    {
      code: API_ERROR_CODES.payloadTooLarge,
      message: `This recording is too large. The limit is ${mb} MB.`,
    },
  ]);
}

export function notAudioHeader(): ApiProblem {
  return new ApiProblem(415, [
    {
      code: API_ERROR_CODES.unsupportedMediaType,
      message: `Send the recording as audio (for example audio/wav) in the request body. Accepted formats: ${formats}.`,
    },
  ]);
}

export function unsupportedAudio(): ApiProblem {
  return new ApiProblem(415, [
    {
      code: API_ERROR_CODES.unsupportedMediaType,
      message: `This file is not a recording in a format we accept. Use ${formats}.`,
    },
  ]);
}

export function damagedWav(): ApiProblem {
  return badRequest(
    'This WAV file has a damaged header, so it cannot be played. Export it again or choose another file.',
    'file',
  );
}

export function tooLong(seconds: number, maxSeconds: number): ApiProblem {
  return badRequest(
    `This recording is ${durationText(seconds)} long. The limit is ${durationText(maxSeconds)}; split it into shorter recordings.`,
    'file',
    VOICE_NOTE_ERROR_CODES.durationTooLong,
  );
}

export function emptyUpload(): ApiProblem {
  return badRequest(
    'The recording is empty. Record again or choose another file.',
    'file',
    VOICE_NOTE_ERROR_CODES.empty,
  );
}

/** The client went away mid-upload; nobody may read this, but it is not a server fault. */
export function interrupted(): ApiProblem {
  return badRequest('The upload was interrupted before it finished. Try again.', 'file', 'interrupted');
}
