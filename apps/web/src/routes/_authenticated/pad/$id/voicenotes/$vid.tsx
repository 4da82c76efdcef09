import { useInfiniteQuery, useQueryClient } from '@tanstack/react-query';
import { createFileRoute, notFound, useNavigate } from '@tanstack/react-router';
import { useRef, useState } from 'react';
import { toast } from '../../../../../lib/toast.ts';
import { Button } from '../../../../../components/ui/button.tsx';
import { ConfirmPanel } from '../../../../../components/ui/confirm-panel.tsx';
import { TextLink } from '../../../../../components/ui/text-link.tsx';
import { useAdaptation } from '../../../../../features/adaptation/api/get-adaptation.ts';
import { padQueryOptions, usePad } from '../../../../../features/pads/api/get-pad.ts';
import { padsInfiniteQueryOptions } from '../../../../../features/pads/api/get-pads.ts';
import { useHighlights } from '../../../../../features/highlights/api/get-highlights.ts';
import { HighlightsPanel } from '../../../../../features/highlights/components/highlights-panel.tsx';
import { scrollToTime } from '../../../../../features/highlights/utils/scroll-to-time.ts';
import { ShareButton } from '../../../../../features/shares/components/share-dialog.tsx';
import { SummaryPanel } from '../../../../../features/summaries/components/summary-panel.tsx';
import { statsQueryKey } from '../../../../../features/stats/api/get-stats.ts';
import { tagsQueryKey, useTags } from '../../../../../features/tags/api/get-tags.ts';
import { TagEditor } from '../../../../../features/tags/components/tag-editor.tsx';
import { recentVoiceNotesQueryKey } from '../../../../../features/voice-notes/api/get-recent-voice-notes.ts';
import { useUpdateVoiceNote } from '../../../../../features/voice-notes/api/update-voice-note.ts';
import {
  useVoiceNote,
  voiceNoteQueryOptions,
} from '../../../../../features/voice-notes/api/get-voice-note.ts';
import { StatusBadge } from '../../../../../features/voice-notes/components/status-badge.tsx';
import {
  ExportLinks,
  RetranscribeWithLearnt,
  TranscriptionControls,
  TranscriptVersions,
} from '../../../../../features/voice-notes/components/transcript-tools.tsx';
import {
  EditTitleForm,
  MoveNoteForm,
} from '../../../../../features/voice-notes/components/voice-note-editors.tsx';
import { VoiceNotePlayer } from '../../../../../features/voice-notes/components/voice-note-player.tsx';
import { SaidByButton } from '../../../../../features/voice-notes/components/said-by-button.tsx';
import { useTranscriptionEvents } from '../../../../../features/voice-notes/hooks/use-transcription-events.ts';
import { progressPercent } from '../../../../../features/voice-notes/utils/voice-note-status.ts';
import { voiceNoteTitle } from '../../../../../features/voice-notes/utils/voice-note-title.ts';
import { useDocumentTitle } from '../../../../../hooks/use-document-title.ts';
import { httpStatusOf, isHttpError } from '../../../../../lib/api-client.ts';
import { formatDateTime } from '../../../../../lib/format-date.ts';
import { formatDuration } from '../../../../../lib/format-duration.ts';
import { useDeleteNote } from '../../../../-components/use-delete-note.ts';
import { useRefreshNoteLists } from '../../../../-components/use-refresh-note-lists.ts';
import { definedOnly, nonNegativeNumberParam } from '../../../../../lib/search-params.ts';

/** `?t=12.5` starts playback at 12.5 s; anything that is not a non-negative number is dropped. */
function parseVoiceNoteSearch(search: Record<string, unknown>): { t?: number } {
  return definedOnly({ t: nonNegativeNumberParam(search.t) });
}

export const Route = createFileRoute('/_authenticated/pad/$id/voicenotes/$vid')({
  validateSearch: parseVoiceNoteSearch,
  loader: async ({ context: { queryClient }, params }) => {
    try {
      await Promise.all([
        queryClient.ensureQueryData(voiceNoteQueryOptions(params.id, params.vid)),
        queryClient.ensureQueryData(padQueryOptions(params.id)),
      ]);
    } catch (error) {
      if (httpStatusOf(error) === 404) throw notFound();
      throw error;
    }
  },
  component: VoiceNotePage,
});

// min-w-0: a grid item is otherwise as wide as its longest unbreakable line (a truncated
// version's text), which pushed the page sideways on phones.
const panel =
  'min-w-0 rounded-xl border border-slate-200 bg-white p-4 shadow-sm dark:border-slate-800 dark:bg-slate-900';
/** Phones: links get a 44 px tall touch target. */
const phoneTarget = 'max-sm:inline-flex max-sm:min-h-11 max-sm:items-center';
const panelHeading = 'mb-3 text-base font-semibold text-slate-900 dark:text-slate-50';

function VoiceNotePage() {
  const { id, vid } = Route.useParams();
  const { t } = Route.useSearch();
  const pad = usePad(id);
  const live = useTranscriptionEvents(id, vid);
  const note = useVoiceNote(id, vid, { live });
  const hasChapters = (useHighlights(id, vid).data?.length ?? 0) > 0;
  // The personal models are used once a build is ready (issue 21): offer to transcribe with them.
  const learnt = useAdaptation().data?.status === 'ready';
  const title = voiceNoteTitle(note);
  useDocumentTitle(title);
  const navigate = useNavigate();
  const deleteVoiceNote = useDeleteNote();
  const refreshNoteLists = useRefreshNoteLists();
  const queryClient = useQueryClient();
  const refreshStats = () => void queryClient.invalidateQueries({ queryKey: statsQueryKey });
  const [editingTitle, setEditingTitle] = useState(false);
  const rename = useUpdateVoiceNote();
  const [confirmingDelete, setConfirmingDelete] = useState(false);
  const deleteButtonRef = useRef<HTMLButtonElement>(null);
  // The player's audio and the transcript: the highlights' jump list (ADR 0054) and the summary's
  // action items seek it to their moment.
  const audioRef = useRef<HTMLAudioElement | null>(null);
  const playerRef = useRef<HTMLDivElement>(null);
  const jumpTo = (seconds: number) => {
    const audio = audioRef.current;
    if (audio) audio.currentTime = seconds;
    scrollToTime(playerRef.current, seconds);
  };
  const pads = useInfiniteQuery(padsInfiniteQueryOptions());
  const padChoices = (pads.data?.pages ?? []).flatMap((page) =>
    page.results.map((item) => ({ id: item.id, name: item.name })),
  );

  function deleteWithUndo() {
    const snapshot = {
      id: note.id,
      pad_id: note.pad_id,
      title: note.title,
      duration_seconds: note.duration_seconds,
    };
    deleteVoiceNote(snapshot, {
      onUndone: () =>
        void navigate({
          to: '/pad/$id/voicenotes/$vid',
          params: { id: snapshot.pad_id, vid: snapshot.id },
        }),
    });
    void navigate({ to: '/pad/$id', params: { id: snapshot.pad_id }, replace: true });
  }

  return (
    <div className="space-y-6">
      <div className="space-y-2">
        <TextLink to="/pad/$id" params={{ id }} className={`text-sm ${phoneTarget}`}>
          ← {pad.name}
        </TextLink>
        {editingTitle ? (
          <EditTitleForm note={note} onDone={() => setEditingTitle(false)} />
        ) : (
          <div className="flex flex-wrap items-start justify-between gap-3">
            <h1 className="min-w-0 text-2xl font-semibold tracking-tight break-words text-slate-900 dark:text-slate-50">
              {title}
            </h1>
            <div className="flex flex-wrap gap-2">
              <ShareButton
                label="Share"
                title={`Share “${title}”`}
                target={{ kind: 'note', noteId: note.id, durationSeconds: note.duration_seconds }}
              />
              <Button variant="secondary" onClick={() => setEditingTitle(true)}>
                Rename
              </Button>
              <Button ref={deleteButtonRef} variant="ghost" onClick={() => setConfirmingDelete(true)}>
                Delete
              </Button>
            </div>
          </div>
        )}
        <p className="flex flex-wrap items-center gap-x-3 gap-y-1 text-sm text-slate-600 dark:text-slate-300">
          <time dateTime={note.created_at}>{formatDateTime(note.created_at)}</time>
          <span>
            {note.duration_seconds === null ? 'Length unknown' : formatDuration(note.duration_seconds)}
          </span>
          <span aria-live="polite" className="inline-flex items-center gap-1">
            <span className="sr-only">Status:</span>
            <StatusBadge status={note.status} percent={progressPercent(note.progress)} />
          </span>
        </p>
        {confirmingDelete ? (
          <ConfirmPanel
            message="Delete this voice note and its transcript? You can undo for a few seconds."
            confirmLabel="Yes, delete it"
            cancelLabel="Keep it"
            onConfirm={deleteWithUndo}
            onCancel={() => {
              setConfirmingDelete(false);
              deleteButtonRef.current?.focus();
            }}
          />
        ) : null}
      </div>

      {note.status === 'failed' ? <TranscriptionControls note={note} onQueued={refreshStats} /> : null}

      <div ref={playerRef}>
        <VoiceNotePlayer
          key={note.id}
          note={note}
          startAt={t}
          mediaRef={audioRef}
          editable
          transcriptActions={
            note.status === 'failed' ? null : (
              <>
                <TranscriptionControls note={note} onQueued={refreshStats} />
                {learnt ? <RetranscribeWithLearnt note={note} onQueued={refreshStats} /> : null}
              </>
            )
          }
        />
      </div>

      <section aria-labelledby="highlights-heading" className={panel}>
        <h2 id="highlights-heading" className={panelHeading}>
          Highlights
        </h2>
        <HighlightsPanel
          padId={id}
          noteId={vid}
          onJump={jumpTo}
          currentTime={() => audioRef.current?.currentTime ?? 0}
          transcript={playerRef}
          selectionActions={(span) => (
            <SaidByButton
              padId={id}
              voiceNoteId={vid}
              segments={note.segments}
              speakers={note.speakers ?? []}
              span={span}
            />
          )}
          shareRange={(highlight) => (
            <ShareButton
              label="Share this range"
              variant="ghost"
              title={`Share “${highlight.label}”`}
              target={{
                kind: 'note',
                noteId: note.id,
                durationSeconds: note.duration_seconds,
                range: { start: highlight.start, end: highlight.end },
              }}
            />
          )}
        />
      </section>

      <div className="grid gap-4 md:grid-cols-2">
        <section aria-labelledby="summary-heading" className={`${panel} md:col-span-2`}>
          <h2 id="summary-heading" className={panelHeading}>
            Summary
          </h2>
          <SummaryPanel
            padId={id}
            noteId={vid}
            transcribed={note.status === 'done' && (note.transcript ?? '').trim() !== ''}
            currentTitle={note.title}
            renaming={rename.isPending}
            onJump={(seconds) => {
              const audio = audioRef.current;
              if (!audio) return;
              // The player follows its audio's `seeked` event (highlighted word, clock, waveform).
              audio.currentTime = seconds;
              audio.play().catch(() => {
                // Autoplay rules or a missing file: the position is set, the person can press play.
              });
            }}
            onUseTitle={(suggested) =>
              rename.mutate(
                { padId: id, voiceNoteId: vid, changes: { title: suggested } },
                {
                  onSuccess: () => toast.success('Title changed.'),
                  onError: () => toast.error('The title could not be changed. Try again in a moment.'),
                },
              )
            }
          />
        </section>
        <section aria-labelledby="tags-heading" className={`${panel} md:col-span-2`}>
          <h2 id="tags-heading" className={panelHeading}>
            Tags
          </h2>
          <NoteTags padId={id} noteId={vid} tags={note.tags} />
        </section>
        <section aria-labelledby="export-heading" className={panel}>
          <h2 id="export-heading" className={panelHeading}>
            Export
          </h2>
          <ExportLinks note={note} hasChapters={hasChapters} />
        </section>
        <section aria-labelledby="move-heading" className={panel}>
          <h2 id="move-heading" className={panelHeading}>
            Move
          </h2>
          <MoveNoteForm
            note={note}
            pads={padChoices}
            loading={pads.isPending}
            onMoved={(moved) => {
              toast.success('Voice note moved.');
              // Both pads' totals and lists, and the recent notes (which name the pad).
              void refreshNoteLists(moved.pad_id);
              void navigate({
                to: '/pad/$id/voicenotes/$vid',
                params: { id: moved.pad_id, vid: moved.id },
                replace: true,
              });
            }}
          />
        </section>
        <section aria-labelledby="versions-heading" className={`${panel} md:col-span-2`}>
          <h2 id="versions-heading" className={panelHeading}>
            Version history
          </h2>
          <TranscriptVersions note={note} />
        </section>
      </div>
    </div>
  );
}

/** The note's tag editor, fed by the tags feature and saved through the note's PATCH. */
function NoteTags({ padId, noteId, tags }: { padId: string; noteId: string; tags: string[] }) {
  const queryClient = useQueryClient();
  const suggestions = (useTags().data?.tags ?? []).map((tag) => tag.name);
  const update = useUpdateVoiceNote();
  const error = update.error
    ? isHttpError(update.error) && update.error.errors[0]
      ? update.error.errors[0].message
      : 'The tags could not be saved. Try again in a moment.'
    : undefined;
  return (
    <TagEditor
      tags={tags}
      suggestions={suggestions}
      busy={update.isPending}
      error={error}
      onChange={(next) =>
        update.mutate(
          { padId, voiceNoteId: noteId, changes: { tags: next } },
          {
            onSuccess: () => {
              void queryClient.invalidateQueries({ queryKey: tagsQueryKey });
              void queryClient.invalidateQueries({ queryKey: recentVoiceNotesQueryKey });
            },
          },
        )
      }
    />
  );
}
