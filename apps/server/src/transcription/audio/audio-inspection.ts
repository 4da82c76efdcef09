/**
 * Whether the first bytes of a recording are one we accept, by the same rules wherever
 * audio comes in (voice-note uploads, /v1/audio/transcriptions) and again before it is
 * decoded: a recognised format whose frames follow its header (audio-format.ts), a sample
 * rate within bounds, and for WAV a header that holds together (wav.ts).
 */
import { AudioDecodeError } from './errors.ts';
import { checkSampleRate } from './sample-rate.ts';
import { readWavHeader, type WavHeader } from './wav.ts';
import { type AudioFormat, sniffAudio, WAV } from './audio-format.ts';

export interface InspectedAudio {
  format: AudioFormat;
  /** The header of a WAV recording, which tells its duration. */
  wav: WavHeader | undefined;
}

/**
 * `head` holds at least sniffLength(head) bytes, or the whole file. Throws an
 * AudioDecodeError: empty_audio, unsupported_format, not_wav (a WAV header that cannot be
 * read), unsupported_encoding or unsupported_sample_rate.
 */
export function inspectAudio(head: Uint8Array): InspectedAudio {
  if (head.length === 0) throw new AudioDecodeError('empty_audio', 'The recording is empty.');
  const sniffed = sniffAudio(head);
  if (!sniffed) {
    throw new AudioDecodeError(
      'unsupported_format',
      'This file is not a recording in a format the server reads (WAV, WebM, Ogg, MP3, M4A/AAC or FLAC).',
    );
  }
  if (sniffed.sampleRate !== undefined) checkSampleRate(sniffed.sampleRate);
  if (sniffed.format !== WAV) return { format: sniffed.format, wav: undefined };
  const wav = readWavHeader(head);
  if (!wav) {
    throw new AudioDecodeError(
      'not_wav',
      'The WAV file’s header is damaged, so the recording cannot be read.',
    );
  }
  return { format: sniffed.format, wav };
}
