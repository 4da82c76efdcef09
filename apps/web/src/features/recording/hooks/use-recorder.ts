import { useCallback, useEffect, useRef, useState } from 'react';
import { encodeWav, floatTo16BitPcm } from '../encode-wav.ts';
import { Downsampler, meterLevel } from '../utils/downsampler.ts';
import pcmCaptureWorkletUrl from '../utils/pcm-capture.worklet.ts?worker&url';

export type RecorderStatus = 'idle' | 'requesting' | 'recording' | 'paused' | 'finishing';

export type RecorderErrorKind =
  'permission-denied' | 'no-microphone' | 'busy' | 'unsupported' | 'too-short' | 'failed';

export interface RecorderError {
  kind: RecorderErrorKind;
  message: string;
}

export interface Recording {
  audio: Blob;
  durationSeconds: number;
}

const MIN_SECONDS = 0.3;

export function describeMicrophoneError(error: unknown): RecorderError {
  const name = error instanceof DOMException || error instanceof Error ? error.name : '';
  switch (name) {
    case 'NotAllowedError':
    case 'PermissionDeniedError':
    case 'SecurityError':
      return {
        kind: 'permission-denied',
        message:
          'Microphone access was denied. Allow microphone access for this site in your browser settings (usually the icon in the address bar), then press Record again.',
      };
    case 'NotFoundError':
    case 'DevicesNotFoundError':
    case 'OverconstrainedError':
      return {
        kind: 'no-microphone',
        message: 'No microphone was found. Connect one and press Record again.',
      };
    case 'NotReadableError':
    case 'TrackStartError':
    case 'AbortError':
      return {
        kind: 'busy',
        message: 'The microphone could not be started. Another app may be using it; close it and try again.',
      };
    default:
      return { kind: 'failed', message: 'Recording could not start. Please try again.' };
  }
}

interface Session {
  stream: MediaStream;
  context: AudioContext;
  source: MediaStreamAudioSourceNode;
  capture: AudioWorkletNode | ScriptProcessorNode;
  sink: GainNode;
  downsampler: Downsampler;
  chunks: Int16Array[];
  startedAt: number;
  level: number;
  /** While paused, arriving audio is dropped; the clock leaves out paused time. */
  pausedAt: number | null;
  pausedMs: number;
}

function elapsedOf(session: Session, now: number): number {
  const pausedNow = session.pausedAt === null ? 0 : now - session.pausedAt;
  return (now - session.startedAt - session.pausedMs - pausedNow) / 1000;
}

async function connectCapture(
  context: AudioContext,
  onBlock: (block: Float32Array) => void,
): Promise<AudioWorkletNode | ScriptProcessorNode> {
  if (context.audioWorklet && typeof AudioWorkletNode === 'function') {
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
function flushWorklet(
  node: AudioWorkletNode | ScriptProcessorNode,
  onBlock: (block: Float32Array) => void,
): Promise<void> {
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

function release(session: Session): void {
  for (const track of session.stream.getTracks()) track.stop();
  session.source.disconnect();
  session.capture.disconnect();
  session.sink.disconnect();
  if (session.capture instanceof ScriptProcessorNode) session.capture.onaudioprocess = null;
  void session.context.close().catch(() => undefined);
}

/**
 * Microphone capture with getUserMedia + Web Audio: raw PCM is downsampled to 16 kHz as it
 * arrives and encoded as a 16-bit mono WAV when recording stops.
 */
export function useRecorder(onRecorded: (recording: Recording) => void) {
  const [status, setStatus] = useState<RecorderStatus>('idle');
  const [error, setError] = useState<RecorderError | null>(null);
  const [elapsedSeconds, setElapsedSeconds] = useState(0);
  const [level, setLevel] = useState(0);
  const sessionRef = useRef<Session | null>(null);
  const onRecordedRef = useRef(onRecorded);

  useEffect(() => {
    onRecordedRef.current = onRecorded;
  }, [onRecorded]);

  // Timer and meter refresh while recording.
  useEffect(() => {
    if (status !== 'recording') return;
    let frame = 0;
    let lastPaint = 0;
    const paint = (now: number) => {
      const session = sessionRef.current;
      if (session && now - lastPaint > 66) {
        lastPaint = now;
        setLevel(session.level);
        setElapsedSeconds(elapsedOf(session, performance.now()));
      }
      frame = requestAnimationFrame(paint);
    };
    frame = requestAnimationFrame(paint);
    return () => cancelAnimationFrame(frame);
  }, [status]);

  // Never leave the microphone on after leaving the page.
  useEffect(
    () => () => {
      if (sessionRef.current) release(sessionRef.current);
      sessionRef.current = null;
    },
    [],
  );

  const start = useCallback(async () => {
    if (sessionRef.current) return;
    setError(null);
    if (!navigator.mediaDevices?.getUserMedia || typeof AudioContext !== 'function') {
      setError({
        kind: 'unsupported',
        message: 'This browser cannot record audio here. Use a current browser, and open the app over HTTPS.',
      });
      return;
    }
    setStatus('requesting');
    let stream: MediaStream;
    try {
      stream = await navigator.mediaDevices.getUserMedia({
        audio: { channelCount: 1, echoCancellation: true, noiseSuppression: true, autoGainControl: true },
      });
    } catch (cause) {
      setError(describeMicrophoneError(cause));
      setStatus('idle');
      return;
    }
    try {
      const context = new AudioContext();
      await context.resume();
      const source = context.createMediaStreamSource(stream);
      const downsampler = new Downsampler(context.sampleRate);
      const partial: Pick<Session, 'chunks' | 'level'> = { chunks: [], level: 0 };
      const onBlock = (block: Float32Array) => {
        const session = sessionRef.current;
        if (session && session.pausedAt !== null) return;
        const target = session ?? partial;
        target.level = meterLevel(block);
        const reduced = downsampler.push(block);
        if (reduced.length > 0) target.chunks.push(floatTo16BitPcm(reduced));
      };
      const capture = await connectCapture(context, onBlock);
      // Pull audio through the graph without playing it back.
      const sink = context.createGain();
      sink.gain.value = 0;
      source.connect(capture);
      capture.connect(sink);
      sink.connect(context.destination);
      sessionRef.current = {
        stream,
        context,
        source,
        capture,
        sink,
        downsampler,
        chunks: partial.chunks,
        level: 0,
        startedAt: performance.now(),
        pausedAt: null,
        pausedMs: 0,
      };
      setElapsedSeconds(0);
      setStatus('recording');
    } catch (cause) {
      for (const track of stream.getTracks()) track.stop();
      setError(describeMicrophoneError(cause));
      setStatus('idle');
    }
  }, []);

  const stop = useCallback(async () => {
    const session = sessionRef.current;
    if (!session) return;
    setStatus('finishing');
    await flushWorklet(session.capture, (block) => {
      // A paused recording keeps nothing of what the microphone heard since the pause.
      if (session.pausedAt !== null) return;
      const reduced = session.downsampler.push(block);
      if (reduced.length > 0) session.chunks.push(floatTo16BitPcm(reduced));
    });
    sessionRef.current = null;
    release(session);
    setLevel(0);
    const rate = session.downsampler.outputRate;
    const samples = session.chunks.reduce((total, chunk) => total + chunk.length, 0);
    const durationSeconds = samples / rate;
    setStatus('idle');
    if (durationSeconds < MIN_SECONDS) {
      setError({
        kind: 'too-short',
        message: 'That recording was too short. Hold on a moment longer before pressing Stop.',
      });
      return;
    }
    onRecordedRef.current({ audio: encodeWav(session.chunks, rate), durationSeconds });
  }, []);

  const pause = useCallback(() => {
    const session = sessionRef.current;
    if (!session || session.pausedAt !== null) return;
    session.pausedAt = performance.now();
    session.level = 0;
    setLevel(0);
    setElapsedSeconds(elapsedOf(session, session.pausedAt));
    setStatus('paused');
  }, []);

  const resume = useCallback(() => {
    const session = sessionRef.current;
    if (!session || session.pausedAt === null) return;
    session.pausedMs += performance.now() - session.pausedAt;
    session.pausedAt = null;
    setStatus('recording');
  }, []);

  /** Stops and throws the audio away. */
  const cancel = useCallback(() => {
    const session = sessionRef.current;
    if (!session) return;
    sessionRef.current = null;
    release(session);
    setLevel(0);
    setElapsedSeconds(0);
    setStatus('idle');
  }, []);

  return { status, error, elapsedSeconds, level, start, stop, pause, resume, cancel };
}
