import { Link } from '@tanstack/react-router';
import { useEffect, useRef, useState } from 'react';
import { Button, focusRing } from '../../../components/ui/button.tsx';
import { ConfirmPanel } from '../../../components/ui/confirm-panel.tsx';
import { TagChips } from '../../../components/ui/tag-chips.tsx';
import type { VoiceNote } from '@voxpad/shared/voice-notes';
import { progressPercent } from '../utils/voice-note-status.ts';
import { formatDateTime } from '../../../lib/format-date.ts';
import { formatDuration } from '../../../lib/format-duration.ts';
import { voiceNoteTitle } from '../utils/voice-note-title.ts';
import { StatusBadge } from './status-badge.tsx';

export interface VoiceNoteListProps {
  padId: string;
  notes: VoiceNote[];
  hasMore: boolean;
  isLoadingMore: boolean;
  onLoadMore: () => void;
  /** Offers Delete on each note (after a confirmation); the note is expected to leave `notes`. */
  onDelete?: (note: VoiceNote) => void;
  /** Said when there are no notes to show (a filtered list has its own words). */
  emptyMessage?: string;
  /** Gives each row a checkbox for bulk actions; a shift-click selects a range. */
  selection?: RowSelection;
}

export interface RowSelection {
  selected: ReadonlySet<string>;
  click: (id: string, shift: boolean) => void;
}

export function VoiceNoteList({
  padId,
  notes,
  hasMore,
  isLoadingMore,
  onLoadMore,
  onDelete,
  emptyMessage = 'No voice notes in this pad yet. Press Record to make the first one.',
  selection,
}: VoiceNoteListProps) {
  // After a deletion the focus goes to the note that took its place (or the one before it, or
  // the list's empty message), not back to the top of the page.
  const focusAfterDelete = useRef<{ id: string | null } | null>(null);
  const containerRef = useRef<HTMLElement>(null);
  useEffect(() => {
    const wanted = focusAfterDelete.current;
    const container = containerRef.current;
    if (!wanted || !container) return;
    if (wanted.id !== null && notes.some((note) => note.id === wanted.id)) {
      const row = [...container.querySelectorAll<HTMLElement>('[data-note-id]')].find(
        (element) => element.dataset['noteId'] === wanted.id,
      );
      row?.querySelector('a')?.focus();
      focusAfterDelete.current = null;
    } else if (notes.length === 0) {
      container.focus();
      focusAfterDelete.current = null;
    }
  }, [notes]);

  const remove = onDelete
    ? (note: VoiceNote) => {
        const index = notes.findIndex((candidate) => candidate.id === note.id);
        const neighbour = notes[index + 1] ?? notes[index - 1];
        focusAfterDelete.current = { id: neighbour?.id ?? null };
        onDelete(note);
      }
    : undefined;

  if (notes.length === 0) {
    return (
      <p
        ref={(element) => {
          containerRef.current = element;
        }}
        tabIndex={-1}
        className={`rounded-lg border border-dashed border-slate-300 p-6 text-center text-sm text-slate-600 dark:border-slate-700 dark:text-slate-300 ${focusRing}`}
      >
        {emptyMessage}
      </p>
    );
  }
  return (
    <div
      ref={(element) => {
        containerRef.current = element;
      }}
      className="space-y-3"
    >
      {/* Status changes (Waiting -> Transcribing… -> Done) are announced politely. */}
      <ul
        aria-live="polite"
        className="divide-y divide-slate-200 overflow-hidden rounded-lg border border-slate-200 bg-white dark:divide-slate-800 dark:border-slate-800 dark:bg-slate-900"
      >
        {notes.map((note) => (
          <VoiceNoteRow key={note.id} padId={padId} note={note} onDelete={remove} selection={selection} />
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

function VoiceNoteRow({
  padId,
  note,
  onDelete,
  selection,
}: {
  padId: string;
  note: VoiceNote;
  onDelete: ((note: VoiceNote) => void) | undefined;
  selection: RowSelection | undefined;
}) {
  const [confirming, setConfirming] = useState(false);
  const deleteButtonRef = useRef<HTMLButtonElement>(null);
  const title = voiceNoteTitle(note);
  const created = formatDateTime(note.created_at);
  return (
    <li data-note-id={note.id} className="px-4 py-3">
      <div className="flex flex-col gap-2 sm:flex-row sm:items-center sm:justify-between">
        <div className="flex min-w-0 items-start gap-3">
          {selection ? (
            <input
              type="checkbox"
              aria-label={created ? `Select ${title}, ${created}` : `Select ${title}`}
              checked={selection.selected.has(note.id)}
              // React's change of a checkbox is its click (also from the keyboard): Shift held
              // while clicking, or pressing Space, extends the range.
              onChange={(event) => {
                const native = event.nativeEvent;
                selection.click(note.id, native instanceof MouseEvent && native.shiftKey);
              }}
              className={`mt-1 size-4 shrink-0 rounded max-sm:mt-0 max-sm:size-11 ${focusRing}`}
            />
          ) : null}
          <div className="min-w-0">
            <Link
              to="/pad/$id/voicenotes/$vid"
              params={{ id: padId, vid: note.id }}
              className={`block rounded-sm font-medium break-words text-indigo-700 max-sm:py-2.5 hover:underline dark:text-indigo-300 ${focusRing}`}
            >
              {/* Every link names what it opens, even when the note carries a custom title. */}
              {/voice note/i.test(title) ? null : <span className="sr-only">Voice note: </span>}
              {title}
            </Link>
            {/* The date on its own line, never cut off behind a long title on a phone. */}
            <p className="mt-0.5 text-xs text-slate-500 dark:text-slate-400">
              <time dateTime={note.created_at}>{created}</time>
              {' · '}
              {note.duration_seconds === null ? 'length unknown' : formatDuration(note.duration_seconds)}
            </p>
            {note.snippet ? (
              <p className="mt-1 line-clamp-2 text-sm break-words text-slate-600 dark:text-slate-300">
                {note.snippet}
              </p>
            ) : null}
            <TagChips tags={note.tags} />
          </div>
        </div>
        <div className="flex items-center gap-2">
          <StatusBadge
            status={note.status}
            failureReason={note.failure_reason}
            percent={progressPercent(note.progress)}
          />
          {onDelete ? (
            <Button
              ref={deleteButtonRef}
              variant="ghost"
              className="!px-2.5 !py-1.5 text-xs text-red-700 dark:text-red-300"
              aria-label={created ? `Delete ${title}, ${created}` : `Delete ${title}`}
              aria-expanded={confirming}
              onClick={() => setConfirming(true)}
            >
              Delete
            </Button>
          ) : null}
        </div>
      </div>
      {onDelete && confirming ? (
        <ConfirmPanel
          className="mt-3"
          message={`Delete “${title}” and its transcript? You can undo for a few seconds.`}
          confirmLabel="Yes, delete it"
          cancelLabel="Keep it"
          onConfirm={() => {
            setConfirming(false);
            onDelete(note);
          }}
          onCancel={() => {
            setConfirming(false);
            deleteButtonRef.current?.focus();
          }}
        />
      ) : null}
    </li>
  );
}
