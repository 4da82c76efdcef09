import type { VoiceNote } from '@voxpad/shared/voice-notes';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { apiClient } from '../../../lib/api-client.ts';
import { voiceNoteQueryOptions } from '../api/get-voice-note.ts';
import { voiceNotesQueryKey } from '../api/get-voice-notes.ts';
import { isInProgress } from '../utils/voice-note-status.ts';
import { transcriptionStateSchema } from '@voxpad/shared/transcripts';

/**
 * Follows GET pad/{id}/voicenote/{vid}/events/ (server-sent `state` events, then `end`)
 * while the note is being transcribed, writing status and progress into the cached note.
 * Answers whether the stream is open; when it is not (unsupported, refused, dropped) the
 * query's own 2 s polling is the fallback.
 */
export function useTranscriptionEvents(padId: string, voiceNoteId: string): boolean {
  const queryClient = useQueryClient();
  const [connected, setConnected] = useState(false);
  // Reads the cached note's status without polling of its own.
  const status = useQuery({
    ...voiceNoteQueryOptions(padId, voiceNoteId),
    refetchInterval: false,
    select: (note) => note.status,
  }).data;
  const enabled = status !== undefined && isInProgress(status);

  useEffect(() => {
    if (!enabled || typeof EventSource !== 'function') return;
    const { queryKey } = voiceNoteQueryOptions(padId, voiceNoteId);
    const source = new EventSource(
      apiClient.url(
        `/api/v1/pad/${encodeURIComponent(padId)}/voicenote/${encodeURIComponent(voiceNoteId)}/events/`,
      ),
      { withCredentials: true },
    );
    const finish = () => {
      source.close();
      setConnected(false);
      // The transcript itself is not in the events: fetch the finished note.
      void queryClient.invalidateQueries({ queryKey });
      void queryClient.invalidateQueries({ queryKey: voiceNotesQueryKey(padId) });
    };
    source.addEventListener('open', () => setConnected(true));
    source.addEventListener('state', (event: MessageEvent<string>) => {
      let data: unknown;
      try {
        data = JSON.parse(event.data);
      } catch {
        return;
      }
      const parsed = transcriptionStateSchema.safeParse(data);
      if (!parsed.success) return;
      const state = parsed.data;
      queryClient.setQueryData<VoiceNote>(queryKey, (note) =>
        note
          ? { ...note, status: state.status, progress: state.progress, failure_reason: state.failure_reason }
          : note,
      );
      if (state.status === 'done' || state.status === 'failed') finish();
    });
    source.addEventListener('end', finish);
    // EventSource would reconnect forever; polling is the simpler fallback.
    source.addEventListener('error', () => {
      source.close();
      setConnected(false);
    });
    return () => {
      source.close();
      setConnected(false);
    };
  }, [enabled, padId, voiceNoteId, queryClient]);

  return connected;
}
