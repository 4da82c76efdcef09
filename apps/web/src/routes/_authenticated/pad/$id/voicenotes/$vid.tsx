import { createFileRoute, notFound } from '@tanstack/react-router';
import { z } from 'zod';
import { TextLink } from '../../../../../components/ui/text-link.tsx';
import { padQueryOptions, usePad } from '../../../../../features/pads/api/get-pad.ts';
import {
  useVoiceNote,
  voiceNoteQueryOptions,
} from '../../../../../features/voice-notes/api/get-voice-note.ts';
import { StatusBadge } from '../../../../../features/voice-notes/components/status-badge.tsx';
import { VoiceNotePlayer } from '../../../../../features/voice-notes/components/voice-note-player.tsx';
import { voiceNoteTitle } from '../../../../../features/voice-notes/utils/voice-note-title.ts';
import { useDocumentTitle } from '../../../../../hooks/use-document-title.ts';
import { httpStatusOf } from '../../../../../lib/api-client.ts';
import { formatDuration } from '../../../../../lib/format-duration.ts';

/** `?t=12.5` starts playback at 12.5 s; anything that is not a non-negative number is dropped. */
const voiceNoteSearchSchema = z.object({
  t: z.coerce.number().nonnegative().finite().optional().catch(undefined),
});

export const Route = createFileRoute('/_authenticated/pad/$id/voicenotes/$vid')({
  validateSearch: voiceNoteSearchSchema,
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

function VoiceNotePage() {
  const { id, vid } = Route.useParams();
  const { t } = Route.useSearch();
  const pad = usePad(id);
  const note = useVoiceNote(id, vid);
  const title = voiceNoteTitle(note);
  useDocumentTitle(title);

  return (
    <div className="space-y-6">
      <div className="space-y-2">
        <TextLink to="/pad/$id" params={{ id }} className="text-sm">
          ← {pad.name}
        </TextLink>
        <h1 className="text-2xl font-semibold tracking-tight break-words text-slate-900 dark:text-slate-50">
          {title}
        </h1>
        <p className="flex flex-wrap items-center gap-x-3 gap-y-1 text-sm text-slate-600 dark:text-slate-300">
          <time dateTime={note.created_at}>{new Date(note.created_at).toLocaleString()}</time>
          <span>
            {note.duration_seconds === null ? 'Length unknown' : formatDuration(note.duration_seconds)}
          </span>
          <span aria-live="polite" className="inline-flex items-center gap-1">
            <span className="sr-only">Status:</span>
            <StatusBadge status={note.status} failureReason={note.failure_reason} />
          </span>
        </p>
      </div>
      <VoiceNotePlayer note={note} startAt={t} />
    </div>
  );
}
