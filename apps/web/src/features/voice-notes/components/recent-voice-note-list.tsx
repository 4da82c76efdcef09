import { Link } from '@tanstack/react-router';
import type { RecentVoiceNote } from '@voxpad/shared/recent-voice-notes';
import { focusRing } from '../../../components/ui/button.tsx';
import { TagChips } from '../../../components/ui/tag-chips.tsx';
import { formatDateTime } from '../../../lib/format-date.ts';
import { formatDuration } from '../../../lib/format-duration.ts';
import { voiceNoteTitle } from '../utils/voice-note-title.ts';
import { StatusBadge } from './status-badge.tsx';

/** The newest notes across pads: what each says, where it lives, how long it is, how far along. */
export function RecentVoiceNoteList({ notes }: { notes: readonly RecentVoiceNote[] }) {
  return (
    // Status changes (Waiting -> Transcribing… -> Done) are announced politely.
    <ul
      aria-live="polite"
      className="divide-y divide-slate-200 overflow-hidden rounded-lg border border-slate-200 bg-white dark:divide-slate-800 dark:border-slate-800 dark:bg-slate-900"
    >
      {notes.map((note) => (
        <RecentVoiceNoteRow key={note.id} note={note} />
      ))}
    </ul>
  );
}

function RecentVoiceNoteRow({ note }: { note: RecentVoiceNote }) {
  const title = voiceNoteTitle(note);
  return (
    <li data-note-id={note.id} className="min-w-0 px-4 py-3">
      <div className="flex flex-wrap items-start justify-between gap-x-3 gap-y-1">
        <Link
          to="/pad/$id/voicenotes/$vid"
          params={{ id: note.pad_id, vid: note.id }}
          className={`-my-2 flex min-h-11 min-w-0 flex-1 items-center rounded-sm font-medium break-words text-indigo-700 hover:underline dark:text-indigo-300 ${focusRing}`}
        >
          {/* Every link names what it opens, even when the note carries a custom title. */}
          {/voice note/i.test(title) ? null : <span className="sr-only">Voice note: </span>}
          {title}
        </Link>
        <StatusBadge status={note.status} />
      </div>
      <p className="mt-0.5 text-xs text-slate-500 dark:text-slate-400">
        <span className="break-words">{note.pad_name}</span>
        {' · '}
        <time dateTime={note.created_at}>{formatDateTime(note.created_at)}</time>
        {' · '}
        {note.duration_seconds === null ? 'length unknown' : formatDuration(note.duration_seconds)}
      </p>
      {note.snippet ? (
        <p className="mt-1 line-clamp-2 text-sm break-words text-slate-700 dark:text-slate-300">
          {note.snippet}
        </p>
      ) : null}
      <TagChips tags={note.tags} />
    </li>
  );
}
