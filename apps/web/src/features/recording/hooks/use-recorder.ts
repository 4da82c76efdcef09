import { useCallback, useEffect, useRef, useState } from 'react';
import { describeMicrophoneError, openMicrophone, type RecorderError } from '../capture/microphone.ts';
import {
  discardSession,
  releaseAudio,
  startRecordingSession,
  stopCapture,
  type RecordingSession,
} from '../capture/recording-session.ts';
import { handOver, handOverFiled, recordingOf, type Recording } from '../storage/hand-over.ts';
import { browserRecordingFormat } from '../utils/recording-format.ts';
import { announceRecordingsChanged } from '../utils/recordings-changed.ts';
import { useLiveFiling, type LiveFiling } from './use-live-filing.ts';
import { useRecordingMeter, type MeterReading } from './use-recording-meter.ts';
import { useRecordingSafeguards } from './use-recording-safeguards.ts';
import { markedMoment } from '../utils/marked-moment.ts';

export type { RecorderError, RecorderErrorKind } from '../capture/microphone.ts';
export { describeMicrophoneError } from '../capture/microphone.ts';
export type { Recording } from '../storage/hand-over.ts';
export type { LiveFiling } from './use-live-filing.ts';

export type RecorderStatus = 'idle' | 'requesting' | 'recording' | 'paused' | 'finishing';

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
   * Streams a recording made into a pad to the server as it is made (the live transcript). If
   * the server filed it by Stop, the note goes to `live.onFiled` instead of `onRecorded`, and
   * this device's copy is removed; else `onRecorded` as always.
   */
  live?: LiveFiling;
}

const MIN_SECONDS = 0.3;

const unsupported: RecorderError = {
  kind: 'unsupported',
  message: 'This browser cannot record audio here. Use a current browser, and open the app over HTTPS.',
};

const notSaving: RecorderError = {
  kind: 'not-saving',
  message:
    'This device stopped saving the recording as it goes (its storage may be full or blocked). Keep this page open and press Stop to keep what you have.',
};

const tooShort: RecorderError = {
  kind: 'too-short',
  message: 'That recording was too short. Hold on a moment longer before pressing Stop.',
};

/**
 * The recorder's controls: Record, Stop, Pause, Resume and Cancel over one recording session
 * (capture/recording-session.ts), saved on this device as it goes so a reload, crash or
 * closed tab loses at most the last few seconds (see useRecoveredRecordings), then handed
 * over (storage/hand-over.ts). A live stream the page passes in follows the recording.
 */
export function useRecorder({ onRecorded, padId, padName, deviceId = '', live }: RecorderOptions) {
  const [status, setStatus] = useState<RecorderStatus>('idle');
  const [error, setError] = useState<RecorderError | null>(null);
  const sessionRef = useRef<RecordingSession | null>(null);
  /** Moments marked in this recording (seconds of it), in order (ADR 0054). */
  const marksRef = useRef<number[]>([]);
  const [marks, setMarks] = useState<readonly number[]>([]);
  const busyRef = useRef(false);
  /** False once the recorder left the page: a microphone granted after that is let go. */
  const mountedRef = useRef(true);
  const latest = useRef({ onRecorded, padId, padName, deviceId });
  const liveFiling = useLiveFiling(live);

  useEffect(() => {
    latest.current = { onRecorded, padId, padName, deviceId };
  }, [onRecorded, padId, padName, deviceId]);

  const readMeter = useCallback((): MeterReading | null => {
    const session = sessionRef.current;
    if (!session) return null;
    return {
      level: session.meter?.read() ?? 0,
      elapsedSeconds: session.clock.elapsedSeconds(performance.now()),
    };
  }, []);
  const { level, elapsedSeconds, hold } = useRecordingMeter(readMeter, status === 'recording');
  const saveNow = useCallback(() => sessionRef.current?.capture.flushSoon(), []);
  useRecordingSafeguards(
    { recording: status === 'recording' || status === 'paused', finishing: status === 'finishing' },
    saveNow,
  );

  // Leaving the page (after its "leave and discard?" question) discards; a reload or a closed
  // tab never gets here, and its recording is offered back on the next visit. A recording
  // already stopped is being saved (filed by the live stream or handed to the outbox): leaving
  // lets that finish rather than cut the live stream short.
  useEffect(() => {
    mountedRef.current = true;
    return () => {
      mountedRef.current = false;
      const session = sessionRef.current;
      sessionRef.current = null;
      if (!session) return;
      void discardSession(session);
      liveFiling.abort();
    };
  }, [liveFiling]);

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
    // Found while the microphone opens, so the stream starts with the recording's first audio.
    const livePad = liveFiling.padFor(latest.current.padId);
    try {
      const stream = await openMicrophone(latest.current.deviceId);
      const { padId: pad, padName: name } = latest.current;
      const session = await startRecordingSession(stream, format, {
        padId: pad,
        padName: name,
        onNotSaving: () => setError(notSaving),
      });
      const streamTo = await livePad;
      if (!mountedRef.current) {
        // Closed (say, the header's dialog) while the browser asked for the microphone: the
        // microphone is let go at once, nothing was said yet.
        void discardSession(session);
        return;
      }
      if (streamTo && session.context && session.source)
        liveFiling.start({ context: session.context, source: session.source, padId: streamTo });
      sessionRef.current = session;
      marksRef.current = [];
      setMarks([]);
      announceRecordingsChanged();
      hold(0);
      setStatus('recording');
    } catch (cause) {
      liveFiling.abort();
      setError(describeMicrophoneError(cause));
      setStatus('idle');
    } finally {
      busyRef.current = false;
    }
  }, [liveFiling, hold]);

  const stop = useCallback(async () => {
    const session = sessionRef.current;
    if (!session) return;
    sessionRef.current = null;
    setStatus('finishing');
    const durationSeconds = await stopCapture(session);
    const long = durationSeconds >= MIN_SECONDS;
    // The live stream's last audio leaves before the AudioContext closes.
    if (long) await liveFiling.finish();
    else liveFiling.abort();
    releaseAudio(session);
    hold();
    const pieces = await session.writer.finish(durationSeconds);
    const filed = long ? await liveFiling.filed() : null;
    // A mark made as Stop was pressed may land a moment past what was kept.
    const marked = marksRef.current.map((at) => Math.min(at, durationSeconds));
    marksRef.current = [];
    setMarks([]);
    setStatus('idle');
    if (filed) {
      await handOverFiled(session, filed, marked, liveFiling.onFiled);
      return;
    }
    if (!long || pieces.length === 0) {
      await discardSession(session);
      setError(tooShort);
      return;
    }
    const { padId: pad, onRecorded: take } = latest.current;
    await handOver(session, { ...recordingOf(session, pieces, durationSeconds, pad), marks: marked }, take);
  }, [liveFiling, hold]);

  const pause = useCallback(() => {
    const session = sessionRef.current;
    if (!session || session.clock.paused) return;
    const now = performance.now();
    session.capture.pause();
    liveFiling.pause();
    session.clock.pause(now);
    hold(session.clock.elapsedSeconds(now));
    setStatus('paused');
  }, [liveFiling, hold]);

  const resume = useCallback(() => {
    const session = sessionRef.current;
    if (!session || !session.clock.paused) return;
    session.clock.resume(performance.now());
    session.capture.resume();
    liveFiling.resume();
    setStatus('recording');
  }, [liveFiling]);

  /**
   * Marks this moment of the recording as a highlight (recording or paused); answers how many
   * marks it has, or 0 when nothing is being recorded.
   */
  const mark = useCallback((): number => {
    const session = sessionRef.current;
    if (!session) return 0;
    marksRef.current = [...marksRef.current, markedMoment(session.clock.elapsedSeconds(performance.now()))];
    setMarks(marksRef.current);
    return marksRef.current.length;
  }, []);

  /** Stops and throws the audio away. */
  const cancel = useCallback(() => {
    const session = sessionRef.current;
    if (!session) return;
    sessionRef.current = null;
    marksRef.current = [];
    setMarks([]);
    void discardSession(session);
    liveFiling.abort();
    hold(0);
    setStatus('idle');
  }, [liveFiling, hold]);

  return { status, error, elapsedSeconds, level, marks, start, stop, pause, resume, cancel, mark };
}
