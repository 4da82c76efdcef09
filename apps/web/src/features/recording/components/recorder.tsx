import { useEffect, useImperativeHandle, useState, type ReactNode, type Ref } from 'react';
import { Button } from '../../../components/ui/button.tsx';
import { FormAlert } from '../../../components/ui/form-alert.tsx';
import { formatClock } from '../../../lib/format-duration.ts';
import { useMicrophones } from '../hooks/use-microphones.ts';
import { useRecorder, type LiveFiling, type Recording } from '../hooks/use-recorder.ts';
import { MicrophoneSelect } from './microphone-select.tsx';

/** What a page may ask of the recorder, e.g. "Record again" after a refused upload. */
export interface RecorderHandle {
  start: () => void;
}

export interface RecorderProps {
  /** Resolve once the recording is safe (queued for upload); until then it stays saved on this device. */
  onRecorded: (recording: Recording) => unknown;
  padId: string | null;
  padName: string | null;
  /** For example while the previous recording is still uploading. */
  disabled?: boolean;
  /** True from Record until the recording is handed over (or cancelled): audio would be lost. */
  onActiveChange?: (active: boolean) => void;
  /** A live stream that follows the recording (the live transcript), if the page has one. */
  live?: LiveFiling;
  /** Shown under the recorder's status, e.g. the live transcript of the recording in progress. */
  children?: ReactNode;
  ref?: Ref<RecorderHandle>;
}

const STATUS_TEXT = {
  idle: 'Ready to record.',
  requesting: 'Waiting for microphone access…',
  recording: 'Recording…',
  paused: 'Paused. Resume to go on, or Stop to save what you have.',
  finishing: 'Finishing the recording…',
} as const;

export function Recorder({
  onRecorded,
  padId,
  padName,
  disabled = false,
  onActiveChange,
  live,
  children,
  ref,
}: RecorderProps) {
  const [micRefresh, setMicRefresh] = useState(0);
  const microphones = useMicrophones(micRefresh);
  const { status, error, elapsedSeconds, level, start, stop, pause, resume, cancel } = useRecorder({
    onRecorded,
    padId,
    padName,
    deviceId: microphones.chosen,
    live,
  });
  const recording = status === 'recording';
  const paused = status === 'paused';
  const active = recording || paused;
  const levelPercent = Math.round(level * 100);
  const holdsAudio = active || status === 'finishing';

  useImperativeHandle(ref, () => ({ start: () => void start() }), [start]);
  useEffect(() => {
    onActiveChange?.(holdsAudio);
  }, [holdsAudio, onActiveChange]);
  // Microphone names show once access is granted, i.e. once recording has started.
  useEffect(() => {
    if (recording) setMicRefresh((n) => n + 1);
  }, [recording]);

  return (
    <section
      aria-labelledby="recorder-heading"
      className="rounded-xl border border-slate-200 bg-white p-4 shadow-sm sm:p-5 dark:border-slate-800 dark:bg-slate-900"
    >
      <h2 id="recorder-heading" className="text-lg font-semibold text-slate-900 dark:text-slate-50">
        New voice note
      </h2>
      <div className="mt-3 flex flex-wrap items-center gap-3">
        <Button onClick={() => void start()} disabled={disabled || status !== 'idle'} className="min-w-28">
          <span className="size-2.5 rounded-full bg-red-400" aria-hidden="true" />
          Record
        </Button>
        <Button variant="secondary" onClick={() => void stop()} disabled={!active} className="min-w-28">
          <span className="size-2.5 rounded-sm bg-current" aria-hidden="true" />
          Stop
        </Button>
        <Button
          variant="secondary"
          onClick={paused ? resume : pause}
          disabled={!active}
          aria-pressed={paused}
          className="min-w-28"
        >
          {paused ? 'Resume' : 'Pause'}
        </Button>
        <Button variant="ghost" onClick={cancel} disabled={!active}>
          Cancel
        </Button>
        <span
          role="timer"
          aria-label="Recording time"
          className={`font-mono text-lg tabular-nums ${recording ? 'text-red-600 dark:text-red-400' : paused ? 'text-amber-600 dark:text-amber-400' : 'text-slate-500 dark:text-slate-400'}`}
        >
          {formatClock(active || status === 'finishing' ? elapsedSeconds : 0)}
        </span>
      </div>

      <MicrophoneSelect
        className="mt-3"
        options={microphones.options}
        value={microphones.chosen}
        onChange={microphones.choose}
        disabled={status !== 'idle'}
      />

      <div className="mt-3 flex items-center gap-3">
        <span id="level-label" className="text-xs text-slate-500 dark:text-slate-400">
          Level
        </span>
        <div
          role="meter"
          aria-labelledby="level-label"
          aria-valuemin={0}
          aria-valuemax={100}
          aria-valuenow={levelPercent}
          className="h-2 w-full max-w-xs overflow-hidden rounded-full bg-slate-200 dark:bg-slate-700"
        >
          <div
            className={`h-full rounded-full transition-[width] duration-75 ${levelPercent > 90 ? 'bg-red-500' : 'bg-emerald-500'}`}
            style={{ width: `${recording ? levelPercent : 0}%` }}
          />
        </div>
      </div>

      <p aria-live="polite" className="mt-2 text-sm text-slate-600 dark:text-slate-300">
        {STATUS_TEXT[status]}
      </p>
      {children}
      {error ? (
        <div className="mt-3">
          <FormAlert>{error.message}</FormAlert>
        </div>
      ) : null}
    </section>
  );
}
