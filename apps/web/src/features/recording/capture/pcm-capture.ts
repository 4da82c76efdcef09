import { floatTo16BitPcm } from '../../../lib/audio/encode-wav.ts';
import { Downsampler } from '../../../lib/audio/downsampler.ts';
import { PcmBatcher } from '../../../lib/audio/pcm-batcher.ts';
import pcmCaptureWorkletUrl from '../../../lib/audio/pcm-capture.worklet.ts?worker&url';
import { CHUNK_SECONDS, type ChunkedCapture } from './chunked-capture.ts';

export interface PcmCapture extends ChunkedCapture {
  /** Samples per second of the pieces (16 kHz, or less if the microphone is slower). */
  readonly sampleRate: number;
  /** Samples kept so far (pauses left out): the exact length of the recording. */
  samples(): number;
}

type CaptureNode = AudioWorkletNode | ScriptProcessorNode;

async function connectNode(
  context: AudioContext,
  onBlock: (block: Float32Array) => void,
): Promise<CaptureNode> {
  if (typeof AudioWorkletNode === 'function') {
    try {
      await context.audioWorklet.addModule(pcmCaptureWorkletUrl);
      const node = new AudioWorkletNode(context, 'pcm-capture', {
        numberOfInputs: 1,
        numberOfOutputs: 1,
        outputChannelCount: [1],
        channelCount: 1,
        channelCountMode: 'explicit',
      });
      node.port.onmessage = (event: MessageEvent<unknown>) => {
        if (event.data instanceof Float32Array) onBlock(event.data);
      };
      return node;
    } catch {
      // Older engines or a CSP that blocks the module: fall back below.
    }
  }
  // Deprecated but universally available; runs on the main thread.
  const node = context.createScriptProcessor(4096, 1, 1);
  node.onaudioprocess = (event) => onBlock(new Float32Array(event.inputBuffer.getChannelData(0)));
  return node;
}

/** Drains the worklet's partly filled block so the last few milliseconds are kept. */
function flushNode(node: CaptureNode, onBlock: (block: Float32Array) => void): Promise<void> {
  if (!(typeof AudioWorkletNode === 'function' && node instanceof AudioWorkletNode)) return Promise.resolve();
  return new Promise((resolve) => {
    const timeout = window.setTimeout(resolve, 250);
    node.port.onmessage = (event: MessageEvent<unknown>) => {
      if (event.data instanceof Float32Array) onBlock(event.data);
      if (event.data === 'flushed') {
        window.clearTimeout(timeout);
        resolve();
      }
    };
    node.port.postMessage('flush');
  });
}

/**
 * The fallback where MediaRecorder cannot make Opus: raw samples from Web Audio, downsampled
 * to 16 kHz, as 16-bit PCM pieces of CHUNK_SECONDS (the WAV header is written when the
 * recording is put together). Holds at most one piece in memory.
 */
export async function startPcmCapture(
  context: AudioContext,
  source: MediaStreamAudioSourceNode,
  onChunk: (piece: Blob) => void,
): Promise<PcmCapture> {
  const downsampler = new Downsampler(context.sampleRate);
  const batcher = new PcmBatcher(downsampler.outputRate * CHUNK_SECONDS);
  let paused = false;
  let samples = 0;
  const hand = (piece: Int16Array) => onChunk(new Blob([piece.buffer as ArrayBuffer], { type: 'audio/l16' }));
  const onBlock = (block: Float32Array) => {
    // A paused recording keeps nothing of what the microphone hears meanwhile.
    if (paused) return;
    const reduced = downsampler.push(block);
    if (reduced.length === 0) return;
    samples += reduced.length;
    for (const piece of batcher.push(floatTo16BitPcm(reduced))) hand(piece);
  };
  const node = await connectNode(context, onBlock);
  // Pull audio through the graph without playing it back.
  const sink = context.createGain();
  sink.gain.value = 0;
  source.connect(node);
  node.connect(sink);
  sink.connect(context.destination);

  const flushBatch = () => {
    const rest = batcher.flush();
    if (rest) hand(rest);
  };
  return {
    sampleRate: downsampler.outputRate,
    samples: () => samples,
    pause: () => {
      paused = true;
    },
    resume: () => {
      paused = false;
    },
    flushSoon: flushBatch,
    stop: async () => {
      await flushNode(node, onBlock);
      flushBatch();
      node.disconnect();
      sink.disconnect();
      if (node instanceof ScriptProcessorNode) node.onaudioprocess = null;
    },
  };
}
