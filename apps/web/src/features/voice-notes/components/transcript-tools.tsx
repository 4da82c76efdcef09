import type { TranscriptVersion } from '@voxpad/shared/transcripts';
import type { VoiceNote } from '@voxpad/shared/voice-notes';
import { useId, useState } from 'react';
import { toast } from '../../../lib/toast.ts';
import { Button, buttonClasses, focusRing } from '../../../components/ui/button.tsx';
import { FormAlert } from '../../../components/ui/form-alert.tsx';
import { formatDateTime } from '../../../lib/format-date.ts';
import { toastHttpError } from '../../../lib/toast-http-error.ts';
import { useRequestTranscription } from '../api/request-transcription.ts';
import { useRestoreTranscriptVersion, useTranscriptVersions } from '../api/transcript-versions.ts';
import { EXPORT_FORMATS, EXPORT_LABELS, chaptersUrl, exportUrl } from '../utils/transcript-exports.ts';
import { isInProgress } from '../utils/voice-note-status.ts';

/** A failed note's reason with Retry; for finished notes, Re-transcribe. */
/** " by pocketsphinx (en-us)" for an engine version that recorded its engine; else nothing. */
function madeBy(version: TranscriptVersion): string {
  if (!version.engine) return '';
  return version.model ? ` by ${version.engine} (${version.model})` : ` by ${version.engine}`;
}

/** `onQueued`: a retry or re-transcription put the note back in the queue. */
export function TranscriptionControls({ note, onQueued }: { note: VoiceNote; onQueued?: () => void }) {
  const request = useRequestTranscription(note.pad_id, note.id, { onQueued });
  if (note.status === 'failed') {
    return (
      <FormAlert>
        <div className="flex flex-wrap items-center justify-between gap-3">
          <span>
            <strong className="font-semibold">Transcription failed.</strong>{' '}
            {note.failure_reason ?? 'The server could not transcribe this recording.'}
          </span>
          <Button
            variant="secondary"
            disabled={request.isPending}
            onClick={() => request.mutate('retry', { onError: toastHttpError })}
          >
            {request.isPending ? 'Retrying…' : 'Retry'}
          </Button>
        </div>
      </FormAlert>
    );
  }
  return <Retranscribe note={note} request={request} />;
}

const SPEAKER_CHOICES = ['auto', '1', '2', '3', '4'] as const;

/** Re-transcribe, saying how many people speak: "auto" (found out) or 1 to 4 (ADR 0053). */
function Retranscribe({
  note,
  request,
}: {
  note: VoiceNote;
  request: ReturnType<typeof useRequestTranscription>;
}) {
  const selectId = useId();
  const [speakers, setSpeakers] = useState<(typeof SPEAKER_CHOICES)[number]>(() => {
    const hint = String(note.speakers_hint ?? 'auto');
    return SPEAKER_CHOICES.find((choice) => choice === hint) ?? 'auto';
  });
  return (
    <div className="flex flex-wrap items-center gap-2">
      <label htmlFor={selectId} className="text-sm text-slate-700 dark:text-slate-200">
        Speakers
      </label>
      <select
        id={selectId}
        value={speakers}
        onChange={(event) => setSpeakers(event.target.value as (typeof SPEAKER_CHOICES)[number])}
        className={`rounded-md border border-slate-300 bg-white px-2 py-2 text-sm max-sm:min-h-11 dark:border-slate-600 dark:bg-slate-900 ${focusRing}`}
      >
        {SPEAKER_CHOICES.map((choice) => (
          <option key={choice} value={choice}>
            {choice === 'auto' ? 'Find out' : choice}
          </option>
        ))}
      </select>
      <Button
        variant="secondary"
        disabled={isInProgress(note.status) || request.isPending}
        onClick={() =>
          request.mutate(
            { kind: 'transcribe', speakers: speakers === 'auto' ? 'auto' : Number(speakers) },
            { onError: toastHttpError },
          )
        }
      >
        {request.isPending ? 'Starting…' : 'Re-transcribe'}
      </Button>
    </div>
  );
}

/**
 * Re-transcribe with the person's own models (issue 21): the same request as Re-transcribe, since
 * the server decodes with what it has learnt whenever a build is ready; the route shows it only then.
 */
export function RetranscribeWithLearnt({ note, onQueued }: { note: VoiceNote; onQueued?: () => void }) {
  const request = useRequestTranscription(note.pad_id, note.id, { onQueued });
  const hintId = useId();
  return (
    <div className="flex flex-wrap items-center gap-x-3 gap-y-1">
      <Button
        variant="secondary"
        aria-describedby={hintId}
        disabled={isInProgress(note.status) || request.isPending}
        onClick={() =>
          request.mutate('transcribe', {
            onError: toastHttpError,
            onSuccess: () => toast.success('Transcribing again with what Voxpad learned.'),
          })
        }
      >
        {request.isPending ? 'Starting…' : 'Re-transcribe with what Voxpad learned'}
      </Button>
      <span id={hintId} className="text-xs text-slate-600 dark:text-slate-300">
        The current text stays as a version you can restore.
      </span>
    </div>
  );
}

/**
 * Server exports, as plain download links (the session cookie goes along): the transcript in
 * each format once there is one, and the highlights as WebVTT chapters when the note has any.
 */
export function ExportLinks({ note, hasChapters = false }: { note: VoiceNote; hasChapters?: boolean }) {
  const chapters = hasChapters ? (
    <li>
      <a
        href={chaptersUrl(note.pad_id, note.id)}
        download
        className={buttonClasses('secondary')}
        aria-label="Download the highlights as WebVTT chapters"
      >
        Chapters
      </a>
    </li>
  ) : null;
  if (note.transcript === null) {
    return (
      <>
        <p className="text-sm text-slate-600 dark:text-slate-300">
          Exports are available once there is a transcript.
        </p>
        {chapters && (
          <ul aria-label="Export the highlights" className="mt-2 flex flex-wrap gap-2">
            {chapters}
          </ul>
        )}
      </>
    );
  }
  return (
    <ul aria-label="Export the transcript" className="flex flex-wrap gap-2">
      {EXPORT_FORMATS.map((format) => (
        <li key={format}>
          <a
            href={exportUrl(note.pad_id, note.id, format)}
            download
            className={buttonClasses('secondary')}
            aria-label={`Download as ${EXPORT_LABELS[format].long}`}
          >
            {EXPORT_LABELS[format].short}
          </a>
        </li>
      ))}
      {chapters}
    </ul>
  );
}

export function TranscriptVersions({ note }: { note: VoiceNote }) {
  const versions = useTranscriptVersions(note.pad_id, note.id, note.updated_at);
  const restore = useRestoreTranscriptVersion(note.pad_id, note.id);
  const busy = isInProgress(note.status);
  if (versions.isPending)
    return <p className="text-sm text-slate-500 dark:text-slate-400">Loading versions…</p>;
  if (versions.isError) {
    return (
      <p className="text-sm text-slate-600 dark:text-slate-300">Earlier versions could not be loaded.</p>
    );
  }
  if (versions.data.results.length === 0) {
    return <p className="text-sm text-slate-600 dark:text-slate-300">No versions yet.</p>;
  }
  return (
    <ul className="divide-y divide-slate-200 rounded-lg border border-slate-200 dark:divide-slate-800 dark:border-slate-800">
      {versions.data.results.map((version) => {
        const when = formatDateTime(version.created_at);
        return (
          <li key={version.id} className="flex items-start justify-between gap-3 px-3 py-2 text-sm">
            <div className="min-w-0">
              <p className="font-medium text-slate-800 dark:text-slate-100">
                {version.source === 'manual' ? 'Edited by hand' : `Transcribed${madeBy(version)}`}
                <span className="font-normal text-slate-500 dark:text-slate-400">
                  {' · '}
                  <time dateTime={version.created_at}>{when}</time>
                </span>
              </p>
              <p className="truncate text-slate-600 dark:text-slate-300">{version.text || '(empty)'}</p>
            </div>
            {version.current ? (
              <span className="shrink-0 rounded-full bg-emerald-50 px-2 py-0.5 text-xs font-medium text-emerald-800 ring-1 ring-emerald-300 ring-inset dark:bg-emerald-950 dark:text-emerald-200 dark:ring-emerald-800">
                Current
              </span>
            ) : (
              <Button
                variant="secondary"
                disabled={busy || restore.isPending}
                onClick={() =>
                  restore.mutate(version.id, {
                    onError: toastHttpError,
                    onSuccess: () => toast.success('That version is the transcript again.'),
                  })
                }
                aria-label={`Restore the version from ${when}`}
              >
                Restore
              </Button>
            )}
          </li>
        );
      })}
    </ul>
  );
}
