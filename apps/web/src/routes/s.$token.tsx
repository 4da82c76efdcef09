import { createFileRoute } from '@tanstack/react-router';
import type { PublicSharedNote } from '@voxpad/shared/shares';
import type { VoiceNote } from '@voxpad/shared/voice-notes';
import { useEffect } from 'react';
import { PublicShareView } from '../features/shares/components/public-share-view.tsx';
import { VoiceNotePlayer } from '../features/voice-notes/components/voice-note-player.tsx';
import { useDocumentTitle } from '../hooks/use-document-title.ts';
import { PublicShell } from './-components/public-shell.tsx';

/** A share link's page: open to anyone with the link, outside the signed-in layout (ADR 0044). */
export const Route = createFileRoute('/s/$token')({
  // The page asks for the share through React Query, which a visitor without a session has not
  // loaded yet (ADR 0055): it is loaded before the page renders.
  beforeLoad: async ({ context }) => ({ queryClient: await context.queries.load() }),
  component: SharePage,
});

/** Keeps search engines that run scripts away too (the server sends X-Robots-Tag for the rest). */
function useNoIndex(): void {
  useEffect(() => {
    const meta = document.createElement('meta');
    meta.name = 'robots';
    meta.content = 'noindex, nofollow';
    document.head.appendChild(meta);
    return () => meta.remove();
  }, []);
}

/**
 * The player plays what a visitor may hear: the shared note as a voice note of its own, with
 * no ids (it never edits or reviews) and word links that stay on this page.
 */
export function sharedAsVoiceNote(note: PublicSharedNote): VoiceNote {
  return {
    id: `shared-${note.index}`,
    pad_id: 'shared',
    title: note.title,
    status: 'done',
    failure_reason: null,
    content_type: '',
    size_bytes: 0,
    duration_seconds: note.duration_seconds,
    transcript: note.transcript,
    segments: note.segments,
    // Names at each turn and beside the clock (ADR 0053); a visitor cannot change them.
    speakers: note.speakers,
    audio_url: note.audio_url,
    tags: [],
    created_at: '',
    updated_at: '',
  };
}

function SharePage() {
  const { token } = Route.useParams();
  useDocumentTitle('Shared voice note');
  useNoIndex();
  return (
    <PublicShell>
      <PublicShareView
        token={token}
        renderNote={(note) => (
          <VoiceNotePlayer
            note={sharedAsVoiceNote(note)}
            shortcuts={false}
            timeHref={(seconds) => `/s/${encodeURIComponent(token)}?t=${Math.floor(seconds * 10) / 10}`}
          />
        )}
      />
    </PublicShell>
  );
}
