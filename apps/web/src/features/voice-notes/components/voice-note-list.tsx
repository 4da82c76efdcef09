import { Link } from '@tanstack/react-router';
import { Button, focusRing } from '../../../components/ui/button.tsx';
import type { VoiceNote } from '@voxpad/shared/voice-notes';
import { progressPercent } from '../utils/voice-note-status.ts';
import { daysAgo } from '../../../lib/days-ago.ts';
import { formatDuration } from '../../../lib/format-duration.ts';
import { voiceNoteTitle } from '../utils/voice-note-title.ts';
import { StatusBadge } from './status-badge.tsx';

function formatCreated(createdAt: string): string {
  const created = new Date(createdAt);
  return Number.isNaN(created.getTime())
    ? ''
    : created.toLocaleString(undefined, { dateStyle: 'medium', timeStyle: 'short' });
}

export interface VoiceNoteListProps {
  padId: string;
  notes: VoiceNote[];
  hasMore: boolean;
  isLoadingMore: boolean;
  onLoadMore: () => void;
}

export function VoiceNoteList({ padId, notes, hasMore, isLoadingMore, onLoadMore }: VoiceNoteListProps) {
  if (notes.length === 0) {
    return (
      <p className="rounded-lg border border-dashed border-slate-300 p-6 text-center text-sm text-slate-600 dark:border-slate-700 dark:text-slate-300">
        No voice notes in this pad yet. Press Record to make the first one.
      </p>
    );
  }
  return (
    <div className="space-y-3">
      {/* Status changes (Waiting -> Transcribing… -> Done) are announced politely. */}
      <ul
        aria-live="polite"
        className="divide-y divide-slate-200 overflow-hidden rounded-lg border border-slate-200 bg-white dark:divide-slate-800 dark:border-slate-800 dark:bg-slate-900"
      >
        {notes.map((note) => (
          <li
            key={note.id}
            className="flex flex-col gap-2 px-4 py-3 sm:flex-row sm:items-center sm:justify-between"
          >
            <div className="min-w-0">
              <Link
                to="/pad/$id/voicenotes/$vid"
                params={{ id: padId, vid: note.id }}
                className={`block truncate rounded-sm font-medium text-indigo-700 hover:underline dark:text-indigo-300 ${focusRing}`}
              >
                {/* Every link names what it opens, even when the note carries a custom title. */}
                {/voice note/i.test(voiceNoteTitle(note)) ? null : (
                  <span className="sr-only">Voice note: </span>
                )}
                {voiceNoteTitle(note)}
                <span className="font-normal text-slate-500 dark:text-slate-400">
                  {' '}
                  · {formatCreated(note.created_at)}
                </span>
              </Link>
              <p className="mt-0.5 text-xs text-slate-500 dark:text-slate-400">
                <time dateTime={note.created_at} title={new Date(note.created_at).toLocaleString()}>
                  {daysAgo(note.created_at)}
                </time>
                {' · '}
                {note.duration_seconds === null ? 'length unknown' : formatDuration(note.duration_seconds)}
              </p>
            </div>
            <StatusBadge
              status={note.status}
              failureReason={note.failure_reason}
              percent={progressPercent(note.progress)}
            />
          </li>
        ))}
      </ul>
      {hasMore ? (
        <Button variant="secondary" onClick={onLoadMore} disabled={isLoadingMore}>
          {isLoadingMore ? 'Loading more…' : 'Load more'}
        </Button>
      ) : null}
    </div>
  );
}
