/**
 * What a live stream's client is told when its stream cannot go on or cannot be filed: the
 * error code, a sentence saying what happened and what to do, and the close code.
 */
import { ApiProblem } from '../http/api-problem.ts';
import { durationText } from '../voice-notes/duration-text.ts';
import {
  CLOSE,
  type ClientMessage,
  isLiveFormat,
  LIVE_ERROR_CODES,
  LIVE_SAMPLE_RATE,
  type LiveFormat,
} from './live-protocol.ts';

export interface Notice {
  code: string;
  message: string;
  closeCode: number;
}

/** A cut stream shorter than this is dropped: too short to be a note anyone meant. */
export const MIN_KEPT_SECONDS = 1;

/** The format a "start" asks for, or why it cannot be taken. */
export function checkStart(
  message: Extract<ClientMessage, { type: 'start' }>,
  started: boolean,
): { format: LiveFormat } | { refusal: Notice } {
  const refusal = (code: string, text: string, closeCode: number) => ({
    refusal: { code, message: text, closeCode },
  });
  if (started) {
    return refusal(LIVE_ERROR_CODES.alreadyStarted, 'Send "start" once, before any audio.', CLOSE.policy);
  }
  if (!isLiveFormat(message.format)) {
    return refusal(
      LIVE_ERROR_CODES.unsupportedFormat,
      'This server takes live audio as pcm_s16le (16 kHz mono 16-bit PCM) or opus (Opus in a ' +
        `WebM or Ogg container), not "${message.format}".`,
      CLOSE.unsupportedData,
    );
  }
  if (message.format === 'pcm_s16le' && message.sample_rate !== LIVE_SAMPLE_RATE) {
    return refusal(
      LIVE_ERROR_CODES.unsupportedFormat,
      `Live PCM must be sampled at ${LIVE_SAMPLE_RATE} Hz, not ${message.sample_rate} Hz.`,
      CLOSE.unsupportedData,
    );
  }
  return { format: message.format };
}

/** "stop" came, but nothing to file: no frame at all, or no sound decoded from the frames. */
export function nothingToFile(framesArrived: boolean): Notice {
  return {
    code: LIVE_ERROR_CODES.emptyAudio,
    message: framesArrived
      ? 'No sound could be decoded from what arrived before "stop", so there is nothing to file.'
      : 'No audio arrived before "stop", so there is nothing to file.',
    closeCode: CLOSE.policy,
  };
}

/** The stream brought nothing for `idleMs`; what follows depends on who keeps the recording. */
export function idleNotice(idleMs: number, keepPartial: boolean): Notice {
  const span = durationText(idleMs / 1000);
  return {
    code: LIVE_ERROR_CODES.idle,
    message: keepPartial
      ? `Nothing arrived for ${span}, so the live stream was closed. What arrived before is ` +
        `filed as a note when it is at least ${MIN_KEPT_SECONDS} s of audio.`
      : `Nothing arrived for ${span}, so the live stream was closed and nothing was filed ` +
        'from it: upload the copy you kept.',
    closeCode: CLOSE.policy,
  };
}

/** Filing failed: a refusal is told as it is, anything else as a failure to save. */
export function notFiled(error: unknown): Notice {
  const first = error instanceof ApiProblem ? error.errors[0] : undefined;
  return {
    code: first?.code ?? LIVE_ERROR_CODES.filingFailed,
    message: first?.message ?? 'The recording could not be saved. Upload it from the device instead.',
    closeCode: CLOSE.internal,
  };
}
