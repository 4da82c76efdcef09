import { useEffect, useState } from 'react';
import { computePeaks } from '../utils/peaks.ts';

export type WaveformState =
  { status: 'loading' } | { status: 'ready'; peaks: number[]; duration: number } | { status: 'failed' };

const BUCKETS = 160;

/** Fetches the recording and decodes it with Web Audio into peaks; `failed` means show native controls. */
export function useWaveform(url: string): WaveformState {
  const [state, setState] = useState<{ url: string; value: WaveformState }>({
    url,
    value: { status: 'loading' },
  });

  useEffect(() => {
    const controller = new AbortController();
    const Context = typeof window === 'undefined' ? undefined : window.AudioContext;
    if (!Context) {
      setState({ url, value: { status: 'failed' } });
      return;
    }
    (async () => {
      const response = await fetch(url, { credentials: 'include', signal: controller.signal });
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
    })().then(
      ({ peaks, duration }) => {
        if (!controller.signal.aborted) setState({ url, value: { status: 'ready', peaks, duration } });
      },
      () => {
        if (!controller.signal.aborted) setState({ url, value: { status: 'failed' } });
      },
    );
    return () => controller.abort();
  }, [url]);

  return state.url === url ? state.value : { status: 'loading' };
}
