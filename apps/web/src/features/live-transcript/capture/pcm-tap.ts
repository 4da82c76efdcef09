import { floatTo16BitPcm } from '../../../lib/audio/encode-wav.ts';
import { Downsampler, TARGET_SAMPLE_RATE } from '../../../lib/audio/downsampler.ts';
import { PcmBatcher } from '../../../lib/audio/pcm-batcher.ts';
import pcmCaptureWorkletUrl from '../../../lib/audio/pcm-capture.worklet.ts?worker&url';

/** Audio goes out in frames this long: short for latency, long enough not to flood the socket. */
export const FRAME_SECONDS = 0.1;

export interface PcmTap {
  /** Nothing is handed on while paused. */
  pause(): void;
  resume(): void;
  /** Hands on what the worklet and the last frame still hold, then lets go of the graph. */
  stop(): Promise<void>;
}

/**
 * Listens to the recorder's microphone source (its AudioContext, no second one) through the
 * PCM capture worklet and hands on 16 kHz mono 16-bit frames of FRAME_SECONDS. Null where
 * that cannot be done here: no AudioWorklet, or a microphone slower than 16 kHz.
 */
export async function startPcmTap(
  context: AudioContext,
  source: MediaStreamAudioSourceNode,
  onFrame: (frame: Int16Array<ArrayBuffer>) => void,
): Promise<PcmTap | null> {
  if (typeof AudioWorkletNode !== 'function') return null;
  const downsampler = new Downsampler(context.sampleRate);
  if (downsampler.outputRate !== TARGET_SAMPLE_RATE) return null;
  // The WAV fallback may have added the module already; then adding it again may fail, and
  // the processor is there all the same.
  await context.audioWorklet.addModule(pcmCaptureWorkletUrl).catch(() => undefined);
  let node: AudioWorkletNode;
  try {
    node = new AudioWorkletNode(context, 'pcm-capture', {
      numberOfInputs: 1,
      numberOfOutputs: 1,
      outputChannelCount: [1],
      channelCount: 1,
      channelCountMode: 'explicit',
    });
  } catch {
    return null;
  }
  const batcher = new PcmBatcher(Math.round(TARGET_SAMPLE_RATE * FRAME_SECONDS));
  let paused = false;
  const onBlock = (block: Float32Array) => {
    if (paused) return;
    const reduced = downsampler.push(block);
    if (reduced.length === 0) return;
    for (const frame of batcher.push(floatTo16BitPcm(reduced))) onFrame(new Int16Array(frame));
  };
  node.port.onmessage = (event: MessageEvent<unknown>) => {
    if (event.data instanceof Float32Array) onBlock(event.data);
  };
  // Pulls audio through the graph without playing it back.
  const sink = context.createGain();
  sink.gain.value = 0;
  source.connect(node);
  node.connect(sink);
  sink.connect(context.destination);

  return {
    pause: () => {
      paused = true;
    },
    resume: () => {
      paused = false;
    },
    stop: async () => {
      await drain(node);
      const rest = batcher.flush();
      if (rest && !paused) onFrame(new Int16Array(rest));
      node.port.onmessage = null;
      try {
        source.disconnect(node);
      } catch {
        // Already let go of by the recorder.
      }
      node.disconnect();
      sink.disconnect();
    },
  };
}

/** Asks the worklet for its partly filled block; `onmessage` still takes it. */
function drain(node: AudioWorkletNode): Promise<void> {
  return new Promise((resolve) => {
    const timeout = window.setTimeout(resolve, 250);
    const previous = node.port.onmessage;
    node.port.onmessage = (event: MessageEvent<unknown>) => {
      previous?.call(node.port, event);
      if (event.data === 'flushed') {
        window.clearTimeout(timeout);
        resolve();
      }
    };
    node.port.postMessage('flush');
  });
}
