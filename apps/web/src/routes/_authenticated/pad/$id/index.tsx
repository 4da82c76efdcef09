import { useQueryClient } from '@tanstack/react-query';
import { createFileRoute, notFound, useNavigate } from '@tanstack/react-router';
import { useEffect, useRef, useState } from 'react';
import { toast } from 'sonner';
import { Button } from '../../../../components/ui/button.tsx';
import { ConfirmPanel } from '../../../../components/ui/confirm-panel.tsx';
import { FormAlert } from '../../../../components/ui/form-alert.tsx';
import { TextLink } from '../../../../components/ui/text-link.tsx';
import { padQueryOptions, usePad } from '../../../../features/pads/api/get-pad.ts';
import { padsQueryKey } from '../../../../features/pads/api/get-pads.ts';
import { useDeletePad } from '../../../../features/pads/api/delete-pad.ts';
import { EditPadForm } from '../../../../features/pads/components/edit-pad-form.tsx';
import { Recorder, type RecorderHandle } from '../../../../features/recording/components/recorder.tsx';
import type { Recording } from '../../../../features/recording/hooks/use-recorder.ts';
import { statsQueryKey } from '../../../../features/stats/api/get-stats.ts';
import {
  useVoiceNotes,
  voiceNotesInfiniteQueryOptions,
} from '../../../../features/voice-notes/api/get-voice-notes.ts';
import { isPendingDeletion } from '../../../../features/voice-notes/api/delete-voice-note.ts';
import { FileDrop, type FileDropHandle } from '../../../../features/voice-notes/components/file-drop.tsx';
import { VoiceNoteList } from '../../../../features/voice-notes/components/voice-note-list.tsx';
import { useDeleteVoiceNoteWithUndo } from '../../../../features/voice-notes/hooks/use-delete-voice-note-with-undo.ts';
import {
  useUploadQueue,
  type PendingAudio,
} from '../../../../features/voice-notes/hooks/use-upload-queue.ts';
import { useDocumentTitle } from '../../../../hooks/use-document-title.ts';
import { useOnline } from '../../../../hooks/use-online.ts';
import { httpStatusOf } from '../../../../lib/api-client.ts';
import { formatDuration } from '../../../../lib/format-duration.ts';
import { toastHttpError } from '../../../../lib/toast-http-error.ts';
import { LeaveGuard } from '../../../-components/leave-guard.tsx';
import { PageHeading } from '../../../-components/page-heading.tsx';

export const Route = createFileRoute('/_authenticated/pad/$id/')({
  loader: async ({ context: { queryClient }, params }) => {
    try {
      await Promise.all([
        queryClient.ensureQueryData(padQueryOptions(params.id)),
        queryClient.ensureInfiniteQueryData(voiceNotesInfiniteQueryOptions(params.id)),
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
  const pad = usePad(id);
  useDocumentTitle(pad.name);
  const [editing, setEditing] = useState(false);
  const [confirmingDelete, setConfirmingDelete] = useState(false);
  const [busy, setBusy] = useState(false);

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
                <Button variant="secondary" onClick={() => setEditing(true)}>
                  Edit pad
                </Button>
                <Button variant="ghost" onClick={() => setConfirmingDelete(true)}>
                  Delete pad
                </Button>
              </>
            }
          />
        )}
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
        <PadVoiceNotes padId={id} />
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

function RecordAndUpload({ padId, onBusyChange }: { padId: string; onBusyChange: (busy: boolean) => void }) {
  const queryClient = useQueryClient();
  const online = useOnline();
  const [rejection, setRejection] = useState<string | null>(null);
  const [recording, setRecording] = useState(false);
  const recorderRef = useRef<RecorderHandle>(null);
  const fileDropRef = useRef<FileDropHandle>(null);
  const uploads = useUploadQueue(padId, {
    onUploaded: () => {
      toast.success('Voice note saved. Transcription has started.');
      void queryClient.invalidateQueries({ queryKey: padsQueryKey });
      void queryClient.invalidateQueries({ queryKey: statsQueryKey });
    },
  });
  const { failed, waiting } = uploads;
  const busy = recording || uploads.uploading || waiting.length > 0;
  useEffect(() => onBusyChange(busy), [busy, onBusyChange]);

  function send(item: PendingAudio) {
    setRejection(null);
    uploads.send(item);
  }

  const sendRecording = (recording: Recording) =>
    send({ audio: recording.audio, label: `The recording (${formatDuration(recording.durationSeconds)})` });

  const percent = Math.round(uploads.progress * 100);

  return (
    <div className="space-y-3">
      <Recorder
        ref={recorderRef}
        onRecorded={sendRecording}
        disabled={uploads.uploading}
        onActiveChange={setRecording}
      />
      <FileDrop
        ref={fileDropRef}
        disabled={uploads.uploading}
        onFile={(file) => send({ audio: file, fileName: file.name, label: `“${file.name}”` })}
        onRejected={setRejection}
      />
      <div aria-live="polite" className="space-y-2">
        {uploads.uploading ? (
          <div className="flex flex-wrap items-center gap-3 text-sm text-slate-600 dark:text-slate-300">
            <label htmlFor="upload-progress">Uploading… {percent}%</label>
            <progress id="upload-progress" max={100} value={percent} className="h-2 w-48 accent-indigo-600" />
            <Button variant="ghost" onClick={uploads.cancelUpload}>
              Cancel upload
            </Button>
          </div>
        ) : null}
        {waiting.length > 0 ? (
          <FormAlert tone="info">
            <div className="flex flex-wrap items-center gap-3">
              <span>
                {online
                  ? 'Back online: uploading now.'
                  : `You are offline. ${
                      waiting.length === 1 ? `${waiting[0]!.label} is` : `${waiting.length} uploads are`
                    } kept on this page and will be uploaded when you are back online. Keep this page open until then.`}
              </span>
              <Button variant="ghost" onClick={uploads.discardWaiting}>
                Discard
              </Button>
            </div>
          </FormAlert>
        ) : null}
        {rejection ? <FormAlert>{rejection}</FormAlert> : null}
        {failed ? (
          <FormAlert>
            <div className="flex flex-wrap items-center gap-3">
              {failed.retryable ? (
                <>
                  <span>{failed.message} It is still here, so you can try again.</span>
                  <Button variant="secondary" onClick={() => send(failed.item)}>
                    Upload again
                  </Button>
                </>
              ) : failed.item.fileName ? (
                <>
                  <span>{failed.message}</span>
                  <Button variant="secondary" onClick={() => fileDropRef.current?.open()}>
                    Choose another file
                  </Button>
                </>
              ) : (
                <>
                  <span>{failed.message}</span>
                  <Button
                    variant="secondary"
                    onClick={() => {
                      uploads.dismissFailure();
                      recorderRef.current?.start();
                    }}
                  >
                    Record again
                  </Button>
                </>
              )}
              <Button variant="ghost" onClick={uploads.dismissFailure}>
                Discard
              </Button>
            </div>
          </FormAlert>
        ) : null}
      </div>
    </div>
  );
}

function PadVoiceNotes({ padId }: { padId: string }) {
  const notes = useVoiceNotes(padId);
  const deleteVoiceNote = useDeleteVoiceNoteWithUndo();
  return (
    <VoiceNoteList
      padId={padId}
      notes={notes.data.pages.flatMap((page) => page.results).filter((note) => !isPendingDeletion(note.id))}
      hasMore={notes.hasNextPage}
      isLoadingMore={notes.isFetchingNextPage}
      onLoadMore={() => {
        notes.fetchNextPage().catch(toastHttpError);
      }}
      onDelete={(note) => deleteVoiceNote(note)}
    />
  );
}
