import { useEffect, useState } from 'react';
import { parsePeaks } from '@voxpad/shared/peaks';
import { barsFromPeaks, computePeaks } from '../utils/peaks.ts';

export type WaveformState =
  { status: 'loading' } | { status: 'ready'; peaks: number[]; duration: number } | { status: 'failed' };

const BUCKETS = 160;
/**
 * Only notes this short are decoded in the browser when the server has no peaks for them
 * (ADR 0056): a long recording would be downloaded whole and held decoded in memory.
 */
export const DECODE_FALLBACK_MAX_SECONDS = 180;
/** While the server makes the peaks (202), ask again this many times at most. */
const MAX_WAITS = 20;

export interface WaveformSource {
  /** The server's peaks file (`GET .../peaks/`). */
  peaksUrl: string;
  /** The recording, decoded only for short notes without peaks. */
  audioUrl: string;
  /** The note's length as the server knows it; null while unknown. */
  durationSeconds: number | null;
}

/** The waveform from the server's peaks; `failed` means show native controls. */
export function useWaveform({ peaksUrl, audioUrl, durationSeconds }: WaveformSource): WaveformState {
  const key = `${peaksUrl} ${audioUrl}`;
  const [state, setState] = useState<{ key: string; value: WaveformState }>({
    key,
    value: { status: 'loading' },
  });

  useEffect(() => {
    const controller = new AbortController();
    const { signal } = controller;
    (async () => {
      const fromServer = await serverPeaks(peaksUrl, signal);
      if (fromServer) return fromServer;
      if (durationSeconds === null || durationSeconds > DECODE_FALLBACK_MAX_SECONDS) {
        throw new Error('no peaks for a long recording');
      }
      return decodedPeaks(audioUrl, signal);
    })().then(
      ({ peaks, duration }) => {
        if (!signal.aborted) setState({ key, value: { status: 'ready', peaks, duration } });
      },
      () => {
        if (!signal.aborted) setState({ key, value: { status: 'failed' } });
      },
    );
    return () => controller.abort();
  }, [key, peaksUrl, audioUrl, durationSeconds]);

  return state.key === key ? state.value : { status: 'loading' };
}

/** The peaks file, waiting while the server makes it; undefined when it has none. */
async function serverPeaks(
  url: string,
  signal: AbortSignal,
): Promise<{ peaks: number[]; duration: number } | undefined> {
  for (let wait = 0; wait <= MAX_WAITS; wait += 1) {
    const response = await fetch(url, { credentials: 'include', signal });
    if (response.status === 200) {
      const peaks = parsePeaks(new Uint8Array(await response.arrayBuffer()));
      if (!peaks) return undefined;
      return {
        peaks: barsFromPeaks(peaks.min, peaks.max, BUCKETS),
        duration: peaks.min.length / peaks.perSecond,
      };
    }
    if (response.status !== 202) return undefined;
    const seconds = Number(response.headers.get('retry-after') ?? 3);
    await new Promise<void>((resolve, reject) => {
      const timer = setTimeout(resolve, (Number.isFinite(seconds) ? seconds : 3) * 1000);
      signal.addEventListener('abort', () => {
        clearTimeout(timer);
        reject(signal.reason);
      });
    });
  }
  return undefined;
}

async function decodedPeaks(
  url: string,
  signal: AbortSignal,
): Promise<{ peaks: number[]; duration: number }> {
  const Context = typeof window === 'undefined' ? undefined : window.AudioContext;
  if (!Context) throw new Error('no Web Audio');
  const response = await fetch(url, { credentials: 'include', signal });
  if (!response.ok) throw new Error(`audio ${response.status}`);
  const bytes = await response.arrayBuffer();
  const context = new Context();
  try {
    const buffer = await context.decodeAudioData(bytes);
    const channels = Array.from({ length: buffer.numberOfChannels }, (_, index) =>
      buffer.getChannelData(index),
    );
    return { peaks: computePeaks(channels, BUCKETS), duration: buffer.duration };
  } finally {
    void context.close().catch(() => undefined);
  }
}
