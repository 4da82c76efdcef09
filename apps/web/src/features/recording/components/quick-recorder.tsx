import { useEffect, useRef, useState, type ReactNode } from 'react';
import { Button, focusRing } from '../../../components/ui/button.tsx';
import { FormAlert } from '../../../components/ui/form-alert.tsx';
import { formatClock } from '../../../lib/format-duration.ts';
import { useLevelHistory } from '../hooks/use-level-history.ts';
import { useMicrophones } from '../hooks/use-microphones.ts';
import { useRecorder, type Recording } from '../hooks/use-recorder.ts';
import { MicrophoneSelect } from './microphone-select.tsx';
import { LiveWaveform } from './live-waveform.tsx';

export interface QuickRecorderProps {
  /** Resolve once the recording is safe (queued for upload); until then it stays saved on this device. */
  onRecorded: (recording: Recording) => unknown;
  /** Null: the Inbox. */
  padId?: string | null;
  padName?: string | null;
  /** Asks for the microphone as soon as it shows: the tap that opened it was the Record tap. */
  autoStart?: boolean;
  /** True from Record until the recording is handed over or discarded: audio would be lost. */
  onActiveChange?: (active: boolean) => void;
  /** Where the note will go, e.g. "Saves to Inbox". */
  destination?: ReactNode;
  disabled?: boolean;
}

const STATUS_TEXT = {
  idle: 'Press Record to start.',
  requesting: 'Waiting for microphone access…',
  recording: 'Recording… Press Stop to save.',
  paused: 'Paused. Resume to go on, or Stop to save what you have.',
  finishing: 'Finishing the recording…',
} as const;

/** One large Record/Stop control with a live waveform and timer, for recording with one thumb. */
export function QuickRecorder({
  onRecorded,
  padId = null,
  padName = null,
  autoStart = false,
  onActiveChange,
  destination,
  disabled = false,
}: QuickRecorderProps) {
  const [micRefresh, setMicRefresh] = useState(0);
  const microphones = useMicrophones(micRefresh);
  const { status, error, elapsedSeconds, level, start, stop, pause, resume, cancel } = useRecorder({
    onRecorded,
    padId,
    padName,
    deviceId: microphones.chosen,
  });
  const recording = status === 'recording';
  const paused = status === 'paused';
  const active = recording || paused;
  const holdsAudio = active || status === 'finishing';
  const levels = useLevelHistory(level, elapsedSeconds, recording);

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

  const mainLabel = active || status === 'finishing' ? 'Stop' : 'Record';
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
      <button
        type="button"
        onClick={() => void (active ? stop() : start())}
        disabled={disabled || mainBusy}
        className={`flex size-24 flex-col items-center justify-center gap-1 rounded-full text-sm font-semibold text-white shadow-md transition-colors disabled:cursor-not-allowed disabled:opacity-60 ${active ? 'bg-slate-800 hover:bg-slate-700 dark:bg-slate-200 dark:text-slate-900 dark:hover:bg-white' : 'bg-red-600 hover:bg-red-500 dark:bg-red-500 dark:hover:bg-red-400'} ${focusRing}`}
      >
        <span
          aria-hidden="true"
          className={active ? 'size-6 rounded-sm bg-current' : 'size-6 rounded-full bg-white'}
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
        <Button variant="ghost" onClick={cancel} disabled={!active} className="min-h-11">
          Discard
        </Button>
      </div>
      <MicrophoneSelect
        options={microphones.options}
        value={microphones.chosen}
        onChange={microphones.choose}
        disabled={status !== 'idle'}
      />
      <p aria-live="polite" className="text-center text-sm text-slate-600 dark:text-slate-300">
        {STATUS_TEXT[status]}
      </p>
      {error ? (
        <div className="w-full">
          <FormAlert>{error.message}</FormAlert>
        </div>
      ) : null}
    </div>
  );
}
