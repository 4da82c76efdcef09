import type { VoiceNoteStatus } from '@voxpad/shared/voice-notes';
import { STATUS_LABELS } from '../utils/voice-note-status.ts';

const TONES: Record<VoiceNoteStatus, string> = {
  pending:
    'bg-slate-100 text-slate-700 ring-slate-300 dark:bg-slate-800 dark:text-slate-200 dark:ring-slate-600',
  processing:
    'bg-amber-50 text-amber-800 ring-amber-300 dark:bg-amber-950 dark:text-amber-200 dark:ring-amber-800',
  done: 'bg-emerald-50 text-emerald-800 ring-emerald-300 dark:bg-emerald-950 dark:text-emerald-200 dark:ring-emerald-800',
  failed: 'bg-red-50 text-red-800 ring-red-300 dark:bg-red-950 dark:text-red-200 dark:ring-red-800',
};

export interface StatusBadgeProps {
  status: VoiceNoteStatus;
  failureReason?: string | null;
  /** 0–100 while transcribing, when the server reports it. */
  percent?: number | null;
}

export function StatusBadge({ status, failureReason, percent = null }: StatusBadgeProps) {
  const showPercent = status === 'processing' && percent !== null;
  return (
    <span className="inline-flex flex-wrap items-center gap-1.5">
      <span
        className={`inline-flex items-center rounded-full px-2 py-0.5 text-xs font-medium ring-1 ring-inset ${TONES[status]}`}
      >
        {status === 'processing' ? (
          <span className="mr-1 size-1.5 animate-pulse rounded-full bg-current" aria-hidden="true" />
        ) : null}
        {STATUS_LABELS[status]}
        {showPercent ? ` ${percent}%` : null}
      </span>
      {showPercent ? (
        <progress
          max={100}
          value={percent}
          aria-label="Transcription progress"
          className="h-1.5 w-16 accent-amber-500"
        />
      ) : null}
      {status === 'failed' && failureReason ? (
        <span className="text-xs text-red-700 dark:text-red-300">{failureReason}</span>
      ) : null}
    </span>
  );
}
