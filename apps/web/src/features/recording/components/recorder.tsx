import { useEffect, useId, useImperativeHandle, useRef, useState, type ReactNode, type Ref } from 'react';
import { Button, focusRing } from '../../../components/ui/button.tsx';
import { FormAlert } from '../../../components/ui/form-alert.tsx';
import { formatClock } from '../../../lib/format-duration.ts';
import { useLevelHistory } from '../hooks/use-level-history.ts';
import { MARK_KEY, useMarkKey } from '../hooks/use-mark-key.ts';
import { useMicrophones } from '../hooks/use-microphones.ts';
import { useRecorder, type LiveFiling, type Recording } from '../hooks/use-recorder.ts';
import { DiscardRecordingConfirm } from './discard-recording-confirm.tsx';
import { LiveWaveform } from './live-waveform.tsx';
import { MicrophoneSelect } from './microphone-select.tsx';

/** What the page around the recorder may ask of it. */
export interface RecorderHandle {
  start: () => void;
  /**
   * Asks "Discard this recording?" when one is being made, and says whether it asked (false:
   * nothing would be lost, e.g. idle, or Stop is already saving it).
   */
  requestDiscard: () => boolean;
}

export interface RecorderProps {
  /** Resolve once the recording is safe (queued for upload); until then it stays saved on this device. */
  onRecorded: (recording: Recording) => unknown;
  /** Null: not in a pad yet (the header's Inbox). */
  padId?: string | null;
  padName?: string | null;
  /** Asks for the microphone as soon as it shows: the tap that opened it was the Record tap. */
  autoStart?: boolean;
  /** True from Record until the recording is handed over or discarded: audio would be lost. */
  onActiveChange?: (active: boolean) => void;
  /** Where the note will go, e.g. "Saves to Inbox". */
  destination?: ReactNode;
  /** For example while the previous recording is still uploading. */
  disabled?: boolean;
  /** A live stream that follows the recording (the live transcript), if the page has one. */
  live?: LiveFiling;
  /** A recording was discarded after Cancel's question. */
  onDiscarded?: () => void;
  /** Shown under the controls: the live transcript of the recording in progress. */
  children?: ReactNode;
  ref?: Ref<RecorderHandle>;
}

const STATUS_TEXT = {
  idle: 'Press Record to start.',
  requesting: 'Waiting for microphone access…',
  recording: 'Recording…',
  paused: 'Paused. Resume to go on, or Stop to save what you have.',
  finishing: 'Finishing the recording…',
} as const;

/**
 * The one recorder, on a pad's page and in the header's Record dialog: a large Record/Stop
 * control for one thumb, the timer, a live waveform and level meter, Pause/Resume, Mark
 * highlight (also the H key; the marks go with the recording), Cancel (which asks first), the
 * microphone, and the live words the page passes as children.
 */
export function Recorder({
  onRecorded,
  padId = null,
  padName = null,
  autoStart = false,
  onActiveChange,
  destination,
  disabled = false,
  live,
  onDiscarded,
  children,
  ref,
}: RecorderProps) {
  const [micRefresh, setMicRefresh] = useState(0);
  const microphones = useMicrophones(micRefresh);
  const { status, error, elapsedSeconds, level, marks, start, stop, pause, resume, cancel, mark } =
    useRecorder({
      onRecorded,
      padId,
      padName,
      deviceId: microphones.chosen,
      live,
    });
  const recording = status === 'recording';
  const paused = status === 'paused';
  const active = recording || paused;
  const holdsAudio = active || status === 'finishing';
  const levels = useLevelHistory(level, elapsedSeconds, recording);
  const levelPercent = recording ? Math.round(level * 100) : 0;
  const levelLabelId = useId();
  /** The length Cancel's question names, fixed when it was asked; null when not asking. */
  const [askingAt, setAskingAt] = useState<number | null>(null);
  const mainRef = useRef<HTMLButtonElement>(null);
  const cancelRef = useRef<HTMLButtonElement>(null);
  // Nothing left to discard (stopped, or the session ended): the question goes.
  if (askingAt !== null && !active) setAskingAt(null);

  const askToDiscard = (): boolean => {
    if (!active) return false;
    setAskingAt((asked) => asked ?? elapsedSeconds);
    return true;
  };

  useImperativeHandle(ref, () => ({ start: () => void start(), requestDiscard: askToDiscard }));
  useEffect(() => {
    onActiveChange?.(holdsAudio);
  }, [holdsAudio, onActiveChange]);
  // Microphone names show once access is granted, i.e. once recording has started.
  useEffect(() => {
    if (recording) setMicRefresh((n) => n + 1);
  }, [recording]);

  // Once per mount, so closing and reopening starts again but re-renders do not.
  const autoStarted = useRef(false);
  useEffect(() => {
    if (!autoStart || autoStarted.current || disabled) return;
    autoStarted.current = true;
    void start();
  }, [autoStart, disabled, start]);

  useMarkKey(active, mark);

  const keep = () => {
    setAskingAt(null);
    cancelRef.current?.focus();
  };
  const discard = () => {
    setAskingAt(null);
    cancel();
    onDiscarded?.();
    mainRef.current?.focus();
  };

  const mainLabel = holdsAudio ? 'Stop' : 'Record';
  const mainBusy = status === 'requesting' || status === 'finishing';

  return (
    <div className="flex flex-col items-center gap-4">
      {destination ? <p className="text-sm text-slate-600 dark:text-slate-300">{destination}</p> : null}
      <span
        role="timer"
        aria-label="Recording time"
        className={`font-mono text-4xl tabular-nums ${recording ? 'text-red-600 dark:text-red-400' : paused ? 'text-amber-600 dark:text-amber-400' : 'text-slate-500 dark:text-slate-400'}`}
      >
        {formatClock(holdsAudio ? elapsedSeconds : 0)}
      </span>
      <LiveWaveform levels={levels} active={recording} />
      <div className="flex w-full max-w-xs items-center gap-3">
        <span id={levelLabelId} className="text-xs text-slate-600 dark:text-slate-300">
          Level
        </span>
        <div
          role="meter"
          aria-labelledby={levelLabelId}
          aria-valuemin={0}
          aria-valuemax={100}
          aria-valuenow={levelPercent}
          className="h-2 w-full overflow-hidden rounded-full bg-slate-200 dark:bg-slate-700"
        >
          <div
            className={`h-full rounded-full transition-[width] duration-75 ${levelPercent > 90 ? 'bg-red-500' : 'bg-emerald-500'}`}
            style={{ width: `${levelPercent}%` }}
          />
        </div>
      </div>
      <button
        ref={mainRef}
        type="button"
        onClick={() => void (active ? stop() : start())}
        disabled={disabled || mainBusy}
        className={`flex size-24 flex-col items-center justify-center gap-1 rounded-full text-sm font-semibold text-white shadow-md transition-colors disabled:cursor-not-allowed disabled:opacity-60 ${holdsAudio ? 'bg-slate-800 hover:bg-slate-700 dark:bg-slate-200 dark:text-slate-900 dark:hover:bg-white' : 'bg-red-600 hover:bg-red-500 dark:bg-red-500 dark:hover:bg-red-400'} ${focusRing}`}
      >
        <span
          aria-hidden="true"
          className={holdsAudio ? 'size-6 rounded-sm bg-current' : 'size-6 rounded-full bg-white'}
        />
        {mainLabel}
      </button>
      <div className="flex flex-wrap justify-center gap-2">
        <Button
          variant="secondary"
          onClick={paused ? resume : pause}
          disabled={!active}
          aria-pressed={paused}
          className="min-h-11 min-w-24"
        >
          {paused ? 'Resume' : 'Pause'}
        </Button>
        <Button
          variant="secondary"
          onClick={mark}
          disabled={!active}
          aria-keyshortcuts={MARK_KEY.toUpperCase()}
          className="min-h-11"
        >
          Mark highlight (H)
        </Button>
        <Button
          ref={cancelRef}
          variant="ghost"
          onClick={askToDiscard}
          disabled={!active}
          aria-expanded={askingAt !== null}
          className="min-h-11"
        >
          Cancel
        </Button>
      </div>
      <MarkedMoments marks={holdsAudio ? marks : []} />
      {askingAt !== null ? (
        <DiscardRecordingConfirm seconds={askingAt} onDiscard={discard} onKeep={keep} />
      ) : null}
      <MicrophoneSelect
        options={microphones.options}
        value={microphones.chosen}
        onChange={microphones.choose}
        disabled={status !== 'idle'}
      />
      <p aria-live="polite" className="text-center text-sm text-slate-600 dark:text-slate-300">
        {STATUS_TEXT[status]}
      </p>
      {children ? <div className="w-full">{children}</div> : null}
      {error ? (
        <div className="w-full">
          <FormAlert>{error.message}</FormAlert>
        </div>
      ) : null}
    </div>
  );
}

/** The moments marked so far, said as they are added. */
function MarkedMoments({ marks }: { marks: readonly number[] }) {
  return (
    <div aria-live="polite" className="text-center text-sm text-slate-600 dark:text-slate-300">
      {marks.length > 0 ? (
        <p>
          {marks.length === 1 ? '1 highlight marked' : `${marks.length} highlights marked`}:{' '}
          {marks.map((at) => formatClock(at)).join(', ')}
        </p>
      ) : null}
    </div>
  );
}
