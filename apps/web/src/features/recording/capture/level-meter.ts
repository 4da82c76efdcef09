import { meterLevel } from '../../../lib/audio/downsampler.ts';

export interface LevelMeter {
  /** The microphone's level now, 0..1 on a decibel scale. */
  read(): number;
  disconnect(): void;
}

/** An AnalyserNode on the microphone, read on demand (once a frame while the page shows). */
export function createLevelMeter(context: AudioContext, source: MediaStreamAudioSourceNode): LevelMeter {
  const analyser = context.createAnalyser();
  analyser.fftSize = 2048;
  source.connect(analyser);
  const samples = new Float32Array(analyser.fftSize);
  return {
    read: () => {
      analyser.getFloatTimeDomainData(samples);
      return meterLevel(samples);
    },
    disconnect: () => analyser.disconnect(),
  };
}
