import { useInfiniteQuery, useQuery, useQueryClient } from '@tanstack/react-query';
import { createFileRoute, notFound, useNavigate } from '@tanstack/react-router';
import { useCallback, useEffect, useId, useMemo, useRef, useState } from 'react';
import type { NoteFilterQuery } from '@voxpad/shared/note-filters';
import { toast } from '../../../../lib/toast.ts';
import { UPLOAD_FILE_NAME, type VoiceNote } from '@voxpad/shared/voice-notes';
import { Button } from '../../../../components/ui/button.tsx';
import { ConfirmPanel } from '../../../../components/ui/confirm-panel.tsx';
import { FormAlert } from '../../../../components/ui/form-alert.tsx';
import { TextLink } from '../../../../components/ui/text-link.tsx';
import { useAdaptation } from '../../../../features/adaptation/api/get-adaptation.ts';
import { padExportUrl } from '../../../../features/export-import/api/export-urls.ts';
import { ExportLink } from '../../../../features/export-import/components/export-link.tsx';
import { PadImport } from '../../../../features/export-import/components/pad-import.tsx';
import { FilterBar } from '../../../../features/note-filters/components/filter-bar.tsx';
import {
  cleanFilterSearch,
  countFilters,
  parseNoteFilterSearch,
  toNoteFilterQuery,
} from '../../../../features/note-filters/utils/filter-search.ts';
import { padQueryOptions, usePad } from '../../../../features/pads/api/get-pad.ts';
import { padsInfiniteQueryOptions } from '../../../../features/pads/api/get-pads.ts';
import { useDeletePad } from '../../../../features/pads/api/delete-pad.ts';
import { EditPadForm } from '../../../../features/pads/components/edit-pad-form.tsx';
import { OutboxList } from '../../../../features/outbox/components/outbox-list.tsx';
import { fileMarks } from '../../../../features/highlights/api/file-marks.ts';
import { enqueueFile, enqueueRecording } from '../../../../features/outbox/outbox-store.ts';
import {
  SpeakersChoice,
  type UploadSpeakerChoice,
} from '../../../../features/outbox/components/speakers-choice.tsx';
import { LiveTranscript } from '../../../../features/live-transcript/components/live-transcript.tsx';
import { useLiveTranscript } from '../../../../features/live-transcript/hooks/use-live-transcript.ts';
import type { LiveStreamInput } from '../../../../features/live-transcript/live-stream.ts';
import { Recorder } from '../../../../features/recording/components/recorder.tsx';
import { RecoveredRecordings } from '../../../../features/recording/components/recovered-recordings.tsx';
import type { Recording } from '../../../../features/recording/hooks/use-recorder.ts';
import { ShareButton } from '../../../../features/shares/components/share-dialog.tsx';
import { statsQueryKey, statsQueryOptions } from '../../../../features/stats/api/get-stats.ts';
import { tagsQueryKey, useTags } from '../../../../features/tags/api/get-tags.ts';
import { AutoSummaryToggle } from '../../../../features/summaries/components/auto-summary-toggle.tsx';
import {
  useVoiceNotes,
  voiceNotesInfiniteQueryOptions,
} from '../../../../features/voice-notes/api/get-voice-notes.ts';
import { isPendingDeletion } from '../../../../features/voice-notes/api/delete-voice-note.ts';
import { allNoteIdsOfPad } from '../../../../features/voice-notes/api/bulk-actions.ts';
import { BulkBar } from '../../../../features/voice-notes/components/bulk-bar.tsx';
import { useBulkActions } from '../../../../features/voice-notes/hooks/use-bulk-actions.ts';
import { useNoteSelection } from '../../../../features/voice-notes/hooks/use-note-selection.ts';
import { voiceNoteTitle } from '../../../../features/voice-notes/utils/voice-note-title.ts';
import { BULK_LIMITS } from '@voxpad/shared/bulk-actions';
import { FileDrop, type FileDropHandle } from '../../../../features/voice-notes/components/file-drop.tsx';
import { fileRefusal } from '../../../../features/voice-notes/utils/upload-file.ts';
import { RetranscribePadWithLearnt } from '../../../../features/voice-notes/components/retranscribe-pad.tsx';
import { VoiceNoteList } from '../../../../features/voice-notes/components/voice-note-list.tsx';
import { useDocumentTitle } from '../../../../hooks/use-document-title.ts';
import { httpStatusOf } from '../../../../lib/api-client.ts';
import { formatDuration } from '../../../../lib/format-duration.ts';
import { toastHttpError } from '../../../../lib/toast-http-error.ts';
import { LeaveGuard } from '../../../-components/leave-guard.tsx';
import { PageHeading } from '../../../-components/page-heading.tsx';
import { useDeleteNote } from '../../../-components/use-delete-note.ts';
import { useRefreshNoteLists } from '../../../-components/use-refresh-note-lists.ts';

export const Route = createFileRoute('/_authenticated/pad/$id/')({
  // The note filters live in the URL, so a filtered list can be bookmarked (ADR 0045); a pad's
  // own list has no pad filter.
  validateSearch: (search) => {
    const { pad: _pad, ...filters } = parseNoteFilterSearch(search);
    return cleanFilterSearch(filters);
  },
  loaderDeps: ({ search }) => ({ filters: toNoteFilterQuery(search) }),
  loader: async ({ context: { queryClient }, params, deps }) => {
    try {
      await Promise.all([
        queryClient.ensureQueryData(padQueryOptions(params.id)),
        queryClient.ensureInfiniteQueryData(voiceNotesInfiniteQueryOptions(params.id, deps.filters)),
      ]);
    } catch (error) {
      if (httpStatusOf(error) === 404) throw notFound();
      throw error;
    }
  },
  component: PadPage,
});

function PadPage() {
  const { id } = Route.useParams();
  const search = Route.useSearch();
  const pad = usePad(id);
  useDocumentTitle(pad.name);
  const [editing, setEditing] = useState(false);
  const [confirmingDelete, setConfirmingDelete] = useState(false);
  const [busy, setBusy] = useState(false);
  const queryClient = useQueryClient();
  // Only once Voxpad has learnt something: before, the stock engine would give the same text.
  const learnt = useAdaptation().data?.status === 'ready';

  return (
    <div className="space-y-8">
      <div className="space-y-2">
        <TextLink to="/" className="inline-flex items-center text-sm max-sm:min-h-11">
          ← All pads
        </TextLink>
        {editing ? (
          <div className="max-w-xl rounded-xl border border-slate-200 bg-white p-4 dark:border-slate-800 dark:bg-slate-900">
            <h1 className="mb-3 text-lg font-semibold text-slate-900 dark:text-slate-50">Edit pad</h1>
            <EditPadForm
              pad={pad}
              onDone={() => {
                setEditing(false);
              }}
            />
          </div>
        ) : (
          <PageHeading
            title={pad.name}
            description={
              <>
                {pad.description ? <p>{pad.description}</p> : null}
                <p className="text-sm text-slate-500 dark:text-slate-400">
                  {pad.voice_note_count} {pad.voice_note_count === 1 ? 'voice note' : 'voice notes'} ·{' '}
                  {formatDuration(pad.total_duration_seconds)}
                </p>
              </>
            }
            actions={
              <>
                <ShareButton
                  label="Share pad"
                  title={`Share “${pad.name}”`}
                  target={{ kind: 'pad', padId: pad.id }}
                />
                <Button variant="secondary" onClick={() => setEditing(true)}>
                  Edit pad
                </Button>
                <ExportLink href={padExportUrl(id)}>Export pad (.zip)</ExportLink>
                <Button variant="ghost" onClick={() => setConfirmingDelete(true)}>
                  Delete pad
                </Button>
              </>
            }
          />
        )}
        {editing ? null : <AutoSummaryToggle padId={id} />}
        {confirmingDelete ? (
          <DeletePadConfirmation padId={id} onCancel={() => setConfirmingDelete(false)} />
        ) : null}
      </div>

      <RecordAndUpload padId={id} onBusyChange={setBusy} />
      <LeaveGuard
        when={busy}
        message="A recording is still being made or uploaded on this page. Leave and lose it?"
      />

      <section aria-labelledby="notes-heading" className="space-y-3">
        <h2 id="notes-heading" className="text-lg font-semibold text-slate-900 dark:text-slate-50">
          Voice notes
        </h2>
        {learnt && pad.voice_note_count > 0 ? (
          <RetranscribePadWithLearnt
            padId={id}
            noteCount={pad.voice_note_count}
            onQueued={() => void queryClient.invalidateQueries({ queryKey: statsQueryKey })}
          />
        ) : null}
        <PadNoteFilters />
        <PadVoiceNotes
          padId={id}
          filters={toNoteFilterQuery(search)}
          filtered={countFilters(search) > 0}
          total={pad.voice_note_count}
        />
      </section>
    </div>
  );
}

function DeletePadConfirmation({ padId, onCancel }: { padId: string; onCancel: () => void }) {
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const deletion = useDeletePad({
    onSuccess: async () => {
      toast.success('Pad deleted.');
      void queryClient.invalidateQueries({ queryKey: statsQueryKey });
      await navigate({ to: '/', replace: true });
    },
    onError: toastHttpError,
  });
  return (
    <ConfirmPanel
      message="Delete this pad and all its voice notes? This cannot be undone."
      confirmLabel="Yes, delete it"
      busyLabel="Deleting…"
      busy={deletion.isPending}
      cancelLabel="Keep it"
      onConfirm={() => deletion.mutate(padId)}
      onCancel={onCancel}
    />
  );
}

/** Names a recording after its format, so the server and the person see what it is. */
function recordingFileName(mimeType: string): string {
  if (mimeType.includes('webm')) return 'recording.webm';
  if (mimeType.includes('ogg')) return 'recording.ogg';
  return UPLOAD_FILE_NAME;
}

function RecordAndUpload({ padId, onBusyChange }: { padId: string; onBusyChange: (busy: boolean) => void }) {
  const [rejection, setRejection] = useState<string | null>(null);
  const [recording, setRecording] = useState(false);
  const [speakers, setSpeakers] = useState<UploadSpeakerChoice>('auto');
  const fileDropRef = useRef<FileDropHandle>(null);
  const recorderHeadingId = useId();
  const padName = usePad(padId).name;
  // The recording streams to the server as it is made; a note it files skips the outbox.
  const liveTranscript = useLiveTranscript();
  const refreshNoteLists = useRefreshNoteLists();
  const live = useMemo(
    () => ({
      // The stream's start says how many people speak, as the upload's metadata would.
      stream: {
        ...liveTranscript,
        start: (input: LiveStreamInput) =>
          liveTranscript.start({ ...input, speakers: speakers === 'auto' ? undefined : Number(speakers) }),
      },
      onFiled: async (note: VoiceNote, marks: readonly number[]) => {
        // Moments marked while recording become the note's highlights (ADR 0054).
        await fileMarks(note.pad_id, note.id, marks);
        await refreshNoteLists(note.pad_id);
      },
    }),
    [liveTranscript, refreshNoteLists, speakers],
  );
  const onImported = useCallback(() => void refreshNoteLists(padId), [refreshNoteLists, padId]);
  // The server's file size limit, for refusing a file as it is picked (the home page has it already).
  const maxBytes = useQuery(statsQueryOptions()).data?.upload_max_bytes;
  // What is in the outbox is safe in this browser and keeps uploading on other pages; only a
  // recording still being made is lost by leaving.
  useEffect(() => onBusyChange(recording), [recording, onBusyChange]);

  const keep = (pending: Promise<unknown>) => {
    setRejection(null);
    pending.catch(() =>
      setRejection(
        'This browser could not keep the audio for uploading. Free some space on the device and try again.',
      ),
    );
    // The recorder keeps its own copy until this settles well.
    return pending;
  };

  const sendRecording = (made: Recording) =>
    keep(
      enqueueRecording({
        padId,
        blob: made.audio,
        fileName: recordingFileName(made.audio.type),
        mimeType: made.audio.type || 'audio/wav',
        durationSeconds: made.durationSeconds,
        ...(made.marks ? { marks: made.marks } : {}),
        speakers,
      }),
    );

  return (
    <div className="space-y-3">
      <RecoveredRecordings
        belongsHere={(saved) => saved.padId === padId}
        onUpload={async (saved) => {
          await sendRecording(saved);
        }}
      />
      <section
        aria-labelledby={recorderHeadingId}
        className="rounded-xl border border-slate-200 bg-white p-4 shadow-sm sm:p-5 dark:border-slate-800 dark:bg-slate-900"
      >
        <h2 id={recorderHeadingId} className="mb-3 text-lg font-semibold text-slate-900 dark:text-slate-50">
          New voice note
        </h2>
        <div className="mb-3">
          <SpeakersChoice value={speakers} onChange={setSpeakers} />
        </div>
        <Recorder
          onRecorded={sendRecording}
          padId={padId}
          padName={padName}
          onActiveChange={setRecording}
          live={live}
        >
          <LiveTranscript state={liveTranscript.state} />
        </Recorder>
      </section>
      <FileDrop
        ref={fileDropRef}
        onFile={(file) => {
          // Said in place by keep(); nothing else waits for it.
          keep(enqueueFile(padId, file, speakers)).catch(() => undefined);
        }}
        onRejected={setRejection}
        maxBytes={maxBytes}
      />
      <PadImport
        padId={padId}
        onAudioFiles={(files) => {
          // Each recording goes through the outbox like a picked file, with its own progress.
          const refusals = files.map((file) => fileRefusal(file, maxBytes));
          files.forEach((file, i) => {
            if (refusals[i] === null) keep(enqueueFile(padId, file, speakers)).catch(() => undefined);
          });
          const refused = refusals.filter((refusal) => refusal !== null);
          if (refused.length > 0) setRejection(refused.join(' '));
        }}
        onImported={onImported}
      />
      <div aria-live="polite" className="space-y-2">
        {rejection ? <FormAlert>{rejection}</FormAlert> : null}
      </div>
      <OutboxList padId={padId} onChooseAnotherFile={() => fileDropRef.current?.open()} />
    </div>
  );
}

function PadNoteFilters() {
  const search = Route.useSearch();
  const navigate = Route.useNavigate();
  const tags = useTags().data?.tags.map((tag) => tag.name) ?? [];
  return (
    <FilterBar
      value={search}
      tags={tags}
      onChange={(next) => void navigate({ search: cleanFilterSearch(next), replace: true })}
    />
  );
}

function PadVoiceNotes({
  padId,
  filters,
  filtered,
  total,
}: {
  padId: string;
  filters: NoteFilterQuery;
  filtered: boolean;
  total: number;
}) {
  const notes = useVoiceNotes(padId, filters);
  const deleteVoiceNote = useDeleteNote();
  const shown = useMemo(
    () => notes.data.pages.flatMap((page) => page.results).filter((note) => !isPendingDeletion(note.id)),
    [notes.data],
  );
  const orderedIds = useMemo(() => shown.map((note) => note.id), [shown]);
  const selection = useNoteSelection(orderedIds);
  const bulk = usePadBulkActions(padId);
  const tagSuggestions = useTags().data?.tags.map((tag) => tag.name) ?? [];
  const pads = useInfiniteQuery(padsInfiniteQueryOptions());
  const moveTargets = (pads.data?.pages ?? [])
    .flatMap((page) => page.results)
    .filter((pad) => pad.id !== padId)
    .map((pad) => ({ id: pad.id, name: pad.name }));
  const [selectingAll, setSelectingAll] = useState(false);

  const ids = [...selection.selected];
  const titleOf = (noteId: string) => {
    const note = shown.find((candidate) => candidate.id === noteId);
    return note ? voiceNoteTitle(note) : undefined;
  };
  const done = (succeeded: boolean) => {
    if (succeeded) selection.clear();
  };

  return (
    <div className="space-y-3">
      {shown.length > 0 ? (
        <BulkBar
          count={ids.length}
          shown={shown.length}
          shownSelected={shown.filter((note) => selection.selected.has(note.id)).length}
          total={filtered ? null : total}
          hasMore={notes.hasNextPage}
          maxIds={BULK_LIMITS.maxIdsDefault}
          moveTargets={moveTargets}
          tagSuggestions={tagSuggestions}
          busy={bulk.busy}
          selectingAll={selectingAll}
          errors={bulk.errors}
          exportHref={`/api/v1/export.zip?ids=${ids.map(encodeURIComponent).join(',')}`}
          onSelectShown={() => selection.selectAll(orderedIds)}
          onSelectAll={() => {
            setSelectingAll(true);
            allNoteIdsOfPad(padId, filters)
              .then(selection.selectAll, toastHttpError)
              .finally(() => setSelectingAll(false));
          }}
          onClear={() => {
            selection.clear();
            bulk.clearErrors();
          }}
          onMove={(target) => {
            const pad = moveTargets.find((candidate) => candidate.id === target);
            if (pad) void bulk.move(ids, pad, titleOf).then(done);
          }}
          onTag={async (action, name) => {
            const succeeded = await bulk[action](ids, name, titleOf);
            done(succeeded);
            return succeeded;
          }}
          onRetranscribe={() => void bulk.retranscribe(ids, titleOf).then(done)}
          onDelete={() => void bulk.remove(ids, titleOf).then(done)}
        />
      ) : null}
      <VoiceNoteList
        padId={padId}
        {...(filtered ? { emptyMessage: 'No voice notes in this pad match these filters.' } : {})}
        notes={shown}
        hasMore={notes.hasNextPage}
        isLoadingMore={notes.isFetchingNextPage}
        onLoadMore={() => {
          notes.fetchNextPage().catch(toastHttpError);
        }}
        onDelete={(note) => deleteVoiceNote(note)}
        selection={selection}
      />
    </div>
  );
}

/** Bulk actions on this pad's notes; what they change elsewhere (pads, stats, recent notes) is read again. */
function usePadBulkActions(padId: string) {
  const queryClient = useQueryClient();
  const refreshNoteLists = useRefreshNoteLists();
  const effects = useMemo(
    () => ({
      onNotesChanged: (padIds: string[]) => {
        for (const changed of new Set(padIds)) void refreshNoteLists(changed);
      },
      onQueued: () => void queryClient.invalidateQueries({ queryKey: statsQueryKey }),
      onTagsChanged: () => void queryClient.invalidateQueries({ queryKey: tagsQueryKey }),
    }),
    [queryClient, refreshNoteLists],
  );
  return useBulkActions(padId, effects);
}
