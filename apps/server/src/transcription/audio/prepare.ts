/**
 * Turns an uploaded file into what speech engines consume: 16 kHz mono float
 * samples. WAV only for now; compressed formats will go through ffmpeg.
 *
 * Silent or near-silent audio is returned normally: "nothing was said" is a
 * legitimate transcript, not an error.
 */
import { downmixToMono } from './downmix.ts';
import { AudioDecodeError } from './errors.ts';
import { resample } from './resample.ts';
import { decodeWav, isRiffWave } from './wav.ts';

export const SPEECH_SAMPLE_RATE = 16000;

export interface PreparedAudio {
  /** 16 kHz mono samples in [-1, 1]. */
  samples: Float32Array;
  /** Length of the original recording. */
  durationSeconds: number;
}

export function prepareForSpeech(bytes: Uint8Array): PreparedAudio {
  if (bytes.length === 0) throw new AudioDecodeError('empty_audio', 'The recording is empty.');
  if (!isRiffWave(bytes)) {
    throw new AudioDecodeError(
      'unsupported_format',
      'This audio format is not supported yet; upload a WAV file.',
    );
  }
  const { sampleRate, channels } = decodeWav(bytes);
  const frames = channels[0]?.length ?? 0;
  const samples = resample(downmixToMono(channels), sampleRate, SPEECH_SAMPLE_RATE);
  return { samples: fitFullScale(samples), durationSeconds: frames / sampleRate };
}

/**
 * Float WAVs may legitimately exceed ±1, and the resampler can overshoot a
 * little on full-scale square-ish input. Scale the whole recording down in
 * that case instead of clipping, which would add distortion the recogniser
 * hears. Ordinary recordings are left untouched. Works in place.
 */
function fitFullScale(samples: Float32Array): Float32Array {
  let peak = 0;
  for (let i = 0; i < samples.length; i++) peak = Math.max(peak, Math.abs(samples[i]!));
  if (peak > 1) {
    const gain = 1 / peak;
    for (let i = 0; i < samples.length; i++) samples[i]! *= gain;
  }
  return samples;
}
