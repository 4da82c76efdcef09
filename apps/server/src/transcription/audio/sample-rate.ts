import { AudioDecodeError } from './errors.ts';

/**
 * The sample rates a recording may have. Below 4 kHz nothing intelligible is left of speech
 * (telephone audio is 8 kHz), and the 16 kHz the engines hear would have to be invented
 * sample by sample: a 10 KB file declaring 1 Hz held a worker for hours. Above 384 kHz no
 * recorder writes audio. Every format meets the same bounds: WAV and FLAC at upload, and
 * whatever ffmpeg decodes before it is resampled.
 */
export const SAMPLE_RATE_RANGE = { min: 4000, max: 384_000 } as const;

export function checkSampleRate(rate: number): void {
  if (rate >= SAMPLE_RATE_RANGE.min && rate <= SAMPLE_RATE_RANGE.max) return;
  throw new AudioDecodeError(
    'unsupported_sample_rate',
    `This recording's sample rate is ${rateText(rate)}; recordings between 4 kHz and 384 kHz are accepted. ` +
      'Export it again at a usual rate such as 16 kHz, 44.1 kHz or 48 kHz.',
  );
}

function rateText(rate: number): string {
  return rate >= 1000 ? `${Number((rate / 1000).toFixed(3))} kHz` : `${rate} Hz`;
}
