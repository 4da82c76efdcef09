import { useCallback, useEffect, useRef, useState } from 'react';
import type { VoiceNote } from '@voxpad/shared/voice-notes';
import { useLiveTranscript } from '../../live-transcript/hooks/use-live-transcript.ts';
import type { ChunkedCapture } from '../capture/chunked-capture.ts';
import { startCompressedCapture } from '../capture/compressed-capture.ts';
import { createLevelMeter, type LevelMeter } from '../capture/level-meter.ts';
import { describeMicrophoneError, openMicrophone, type RecorderError } from '../capture/microphone.ts';
import { startPcmCapture, type PcmCapture } from '../capture/pcm-capture.ts';
import { holdRecordingLock } from '../storage/recording-locks.ts';
import { PieceWriter } from '../storage/piece-writer.ts';
import { assembleAudio } from '../utils/assemble-audio.ts';
import { RecordingClock } from '../utils/recording-clock.ts';
import { browserRecordingFormat, type RecordingFormat } from '../utils/recording-format.ts';
import { announceRecordingsChanged } from '../utils/recordings-changed.ts';
import { useUnloadWarning } from '../../../hooks/use-unload-warning.ts';
import { useWakeLock } from './use-wake-lock.ts';

export type { RecorderError, RecorderErrorKind } from '../capture/microphone.ts';
export { describeMicrophoneError } from '../capture/microphone.ts';

export type RecorderStatus = 'idle' | 'requesting' | 'recording' | 'paused' | 'finishing';

/** A finished recording, handed to whoever uploads it. */
export interface Recording {
  /** Its id in this device's recording store, where it stays until handed over. */
  id: string;
  /** Null: the Inbox. */
  padId: string | null;
  audio: Blob;
  fileName: string;
  /** The container, without codec parameters: audio/webm, audio/ogg or audio/wav. */
  mimeType: string;
  durationSeconds: number;
}

export interface RecorderOptions {
  /**
   * Takes the finished recording. Resolve once it is safe elsewhere (queued for upload): this
   * device's copy is then removed. A rejection keeps the copy, offered back as a recovered one.
   */
  onRecorded: (recording: Recording) => unknown;
  padId: string | null;
  /** Names the pad when the recording is offered back elsewhere. */
  padName: string | null;
  /** The chosen microphone; '' for the default. */
  deviceId?: string;
  /**
   * Streams a recording made into a pad to the server as it is made, for a live transcript
   * (features/live-transcript). If the server filed it at Stop, the note goes to `onFiled`
   * instead of `onRecorded`, and this device's copy is removed; else `onRecorded` as always.
   */
  liveTranscript?: { onFiled: (note: VoiceNote) => unknown };
}

const MIN_SECONDS = 0.3;

interface Session {
  id: string;
  format: RecordingFormat;
  stream: MediaStream;
  context: AudioContext | null;
  source: MediaStreamAudioSourceNode | null;
  meter: LevelMeter | null;
  capture: ChunkedCapture;
  /** The WAV fallback, which counts its samples exactly. */
  pcm: PcmCapture | null;
  clock: RecordingClock;
  writer: PieceWriter;
  releaseLock: () => void;
}

function release(session: Session): void {
  for (const track of session.stream.getTracks()) track.stop();
  session.meter?.disconnect();
  session.source?.disconnect();
  void session.context?.close().catch(() => undefined);
}

/** Stops without handing over, and removes the saved copy. */
async function discard(session: Session): Promise<void> {
  await session.capture.stop().catch(() => undefined);
  release(session);
  await session.writer.discard();
  session.releaseLock();
  announceRecordingsChanged();
}

const unsupported: RecorderError = {
  kind: 'unsupported',
  message: 'This browser cannot record audio here. Use a current browser, and open the app over HTTPS.',
};

const notSaving: RecorderError = {
  kind: 'not-saving',
  message:
    'This device stopped saving the recording as it goes (its storage may be full or blocked). Keep this page open and press Stop to keep what you have.',
};

/**
 * The microphone, recorded as Opus by MediaRecorder where the browser can (else 16 kHz WAV via
 * Web Audio) and saved on this device every few seconds, so a reload, crash or closed tab
 * loses at most the last few seconds (see useRecoveredRecordings). While recording the screen
 * is kept on and leaving the page asks first.
 */
export function useRecorder({ onRecorded, padId, padName, deviceId = '', liveTranscript }: RecorderOptions) {
  const [status, setStatus] = useState<RecorderStatus>('idle');
  const [error, setError] = useState<RecorderError | null>(null);
  const [elapsedSeconds, setElapsedSeconds] = useState(0);
  const [level, setLevel] = useState(0);
  const sessionRef = useRef<Session | null>(null);
  const busyRef = useRef(false);
  const latest = useRef({ onRecorded, padId, padName, deviceId, liveTranscript });
  const live = useLiveTranscript();
  const { start: startLive, pause: pauseLive, resume: resumeLive, finish: finishLive } = live;
  const { filed: liveFiled, abort: abortLive } = live;

  useEffect(() => {
    latest.current = { onRecorded, padId, padName, deviceId, liveTranscript };
  }, [onRecorded, padId, padName, deviceId, liveTranscript]);

  const active = status === 'recording' || status === 'paused';
  useWakeLock(active);
  useUnloadWarning(active || status === 'finishing');

  // Timer and meter refresh while recording and the page shows.
  useEffect(() => {
    if (status !== 'recording') return;
    let frame = 0;
    let lastPaint = 0;
    const paint = (now: number) => {
      const session = sessionRef.current;
      if (session && now - lastPaint > 66) {
        lastPaint = now;
        setLevel(session.meter?.read() ?? 0);
        setElapsedSeconds(session.clock.elapsedSeconds(performance.now()));
      }
      frame = requestAnimationFrame(paint);
    };
    frame = requestAnimationFrame(paint);
    return () => cancelAnimationFrame(frame);
  }, [status]);

  // A hidden page may be frozen or killed next (a phone locking): save what is recorded now.
  useEffect(() => {
    if (!active) return;
    const save = () => {
      if (document.visibilityState === 'hidden') sessionRef.current?.capture.flushSoon();
    };
    document.addEventListener('visibilitychange', save);
    window.addEventListener('pagehide', save);
    return () => {
      document.removeEventListener('visibilitychange', save);
      window.removeEventListener('pagehide', save);
    };
  }, [active]);

  // Leaving the page (after its "leave and discard?" question) discards; a reload or a closed
  // tab never gets here, and its recording is offered back on the next visit.
  useEffect(
    () => () => {
      const session = sessionRef.current;
      sessionRef.current = null;
      if (session) void discard(session);
      abortLive();
    },
    [abortLive],
  );

  const start = useCallback(async () => {
    if (sessionRef.current || busyRef.current) return;
    setError(null);
    const format = browserRecordingFormat();
    if (
      !navigator.mediaDevices?.getUserMedia ||
      (format.kind === 'pcm' && typeof AudioContext !== 'function')
    ) {
      setError(unsupported);
      return;
    }
    busyRef.current = true;
    setStatus('requesting');
    let stream: MediaStream;
    try {
      stream = await openMicrophone(latest.current.deviceId);
    } catch (cause) {
      busyRef.current = false;
      setError(describeMicrophoneError(cause));
      setStatus('idle');
      return;
    }
    let context: AudioContext | null = null;
    let releaseLock: () => void = () => undefined;
    let compressed: ChunkedCapture | null = null;
    try {
      const id = crypto.randomUUID();
      const writer = new PieceWriter(id, () => setError(notSaving));
      const clock = new RecordingClock(performance.now());
      const onPiece = (piece: Blob) => writer.add(piece, clock.elapsedSeconds(performance.now()));
      // The encoder first, before anything else that takes time: the clock is already running
      // and the person already speaking. Its pieces wait in the writer until it is registered.
      if (format.kind === 'compressed') compressed = startCompressedCapture(stream, format.mimeType, onPiece);
      releaseLock = await holdRecordingLock(id);
      if (typeof AudioContext === 'function') {
        context = new AudioContext();
        await context.resume();
      }
      const source = context ? context.createMediaStreamSource(stream) : null;
      const meter = context && source ? createLevelMeter(context, source) : null;
      const pcm = !compressed && context && source ? await startPcmCapture(context, source, onPiece) : null;
      const capture = compressed ?? pcm;
      if (!capture) throw new Error('No way to record here.');
      const { padId: pad, padName: name } = latest.current;
      writer.start({
        padId: pad,
        padName: name,
        startedAt: Date.now(),
        format: format.kind,
        mimeType: baseType(format.mimeType),
        fileName: format.fileName,
        sampleRate: pcm ? pcm.sampleRate : null,
      });
      if (pad && context && source && latest.current.liveTranscript)
        startLive({ context, source, padId: pad });
      sessionRef.current = {
        id,
        format,
        stream,
        context,
        source,
        meter,
        capture,
        pcm,
        clock,
        writer,
        releaseLock,
      };
      announceRecordingsChanged();
      setElapsedSeconds(0);
      setStatus('recording');
    } catch (cause) {
      void compressed?.stop();
      for (const track of stream.getTracks()) track.stop();
      void context?.close().catch(() => undefined);
      releaseLock();
      abortLive();
      setError(describeMicrophoneError(cause));
      setStatus('idle');
    } finally {
      busyRef.current = false;
    }
  }, [startLive, abortLive]);

  const stop = useCallback(async () => {
    const session = sessionRef.current;
    if (!session) return;
    sessionRef.current = null;
    setStatus('finishing');
    const stoppedAt = performance.now();
    await session.capture.stop();
    const durationSeconds = session.pcm
      ? session.pcm.samples() / session.pcm.sampleRate
      : session.clock.elapsedSeconds(stoppedAt);
    const tooShort = durationSeconds < MIN_SECONDS;
    // The live stream's last audio leaves before the AudioContext closes.
    if (tooShort) abortLive();
    else await finishLive();
    release(session);
    setLevel(0);
    const pieces = await session.writer.finish(durationSeconds);
    const filed = tooShort ? null : await liveFiled();
    setStatus('idle');
    if (filed) {
      // The server has the audio and its transcript: safe elsewhere, as when the outbox takes it.
      await Promise.resolve(latest.current.liveTranscript?.onFiled(filed)).catch(() => undefined);
      await session.writer.discard().catch(() => undefined);
      session.releaseLock();
      announceRecordingsChanged();
      return;
    }
    if (tooShort || pieces.length === 0) {
      await discard(session);
      setError({
        kind: 'too-short',
        message: 'That recording was too short. Hold on a moment longer before pressing Stop.',
      });
      return;
    }
    const mimeType = baseType(session.format.mimeType);
    const recording: Recording = {
      id: session.id,
      padId: latest.current.padId,
      audio: assembleAudio(pieces, {
        format: session.format.kind,
        mimeType,
        sampleRate: session.pcm?.sampleRate ?? null,
      }),
      fileName: session.format.fileName,
      mimeType,
      durationSeconds,
    };
    try {
      await latest.current.onRecorded(recording);
      await session.writer.discard();
    } catch {
      // Not taken: the saved copy stays and is offered back as a recovered recording.
    } finally {
      session.releaseLock();
      announceRecordingsChanged();
    }
  }, [finishLive, liveFiled, abortLive]);

  const pause = useCallback(() => {
    const session = sessionRef.current;
    if (!session || session.clock.paused) return;
    const now = performance.now();
    session.capture.pause();
    pauseLive();
    session.clock.pause(now);
    setLevel(0);
    setElapsedSeconds(session.clock.elapsedSeconds(now));
    setStatus('paused');
  }, [pauseLive]);

  const resume = useCallback(() => {
    const session = sessionRef.current;
    if (!session || !session.clock.paused) return;
    session.clock.resume(performance.now());
    session.capture.resume();
    resumeLive();
    setStatus('recording');
  }, [resumeLive]);

  /** Stops and throws the audio away. */
  const cancel = useCallback(() => {
    const session = sessionRef.current;
    if (!session) return;
    sessionRef.current = null;
    void discard(session);
    abortLive();
    setLevel(0);
    setElapsedSeconds(0);
    setStatus('idle');
  }, [abortLive]);

  return {
    status,
    error,
    elapsedSeconds,
    level,
    liveTranscript: live.state,
    start,
    stop,
    pause,
    resume,
    cancel,
  };
}

/** "audio/webm;codecs=opus" -> "audio/webm". */
function baseType(mimeType: string): string {
  return mimeType.split(';')[0]?.trim() ?? mimeType;
}
