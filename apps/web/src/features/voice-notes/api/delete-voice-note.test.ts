import { QueryClient, type InfiniteData } from '@tanstack/react-query';
import type { Page } from '@voxpad/shared/pagination';
import type { VoiceNote } from '@voxpad/shared/voice-notes';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { apiClient, HttpError } from '../../../lib/api-client.ts';
import { UNDO_DELAY_MS } from '../../../lib/undoable.ts';
import { deleteVoiceNoteWithUndo, isPendingDeletion } from './delete-voice-note.ts';
import { voiceNotesQueryKey } from './get-voice-notes.ts';

type NotePages = InfiniteData<Page<VoiceNote>, string | null>;

function note(id: string): VoiceNote {
  return {
    id,
    pad_id: 'pad1',
    title: `Note ${id}`,
    status: 'done',
    failure_reason: null,
    content_type: 'audio/wav',
    size_bytes: 100,
    duration_seconds: 1,
    transcript: null,
    segments: [],
    audio_url: `/audio/${id}`,
    created_at: '2025-01-01T00:00:00.000Z',
    updated_at: '2025-01-01T00:00:00.000Z',
    tags: [],
  };
}

const listKey = voiceNotesQueryKey('pad1');
let queryClient: QueryClient;

function listed(): string[][] {
  return (queryClient.getQueryData<NotePages>(listKey)?.pages ?? []).map((page) =>
    page.results.map((item) => item.id),
  );
}

beforeEach(() => {
  vi.useFakeTimers();
  queryClient = new QueryClient({ defaultOptions: { queries: { retry: false, staleTime: Infinity } } });
  // With nothing observing the list, invalidating it marks it stale without refetching.
  queryClient.setQueryData<NotePages>(listKey, {
    pageParams: [null, 'c2'],
    pages: [
      { next: 'c2', previous: null, results: [note('a'), note('b'), note('c')] },
      { next: null, previous: 'c1', results: [note('d'), note('e')] },
    ],
  });
});
afterEach(() => {
  vi.useRealTimers();
  queryClient.clear();
});

describe('deleteVoiceNoteWithUndo', () => {
  it('takes the note off the list at once and deletes it on the server only after the undo delay', async () => {
    const apiVoid = vi.spyOn(apiClient, 'apiVoid').mockResolvedValue(undefined);
    const onDeleted = vi.fn();
    deleteVoiceNoteWithUndo(queryClient, { id: 'b', pad_id: 'pad1' }, { onDeleted });
    expect(listed()).toEqual([
      ['a', 'c'],
      ['d', 'e'],
    ]);
    expect(isPendingDeletion('b')).toBe(true);
    expect(apiVoid).not.toHaveBeenCalled();

    await vi.advanceTimersByTimeAsync(UNDO_DELAY_MS);
    expect(apiVoid).toHaveBeenCalledWith('DELETE', 'pad/pad1/voicenote/b/');
    expect(onDeleted).toHaveBeenCalledTimes(1);
    expect(isPendingDeletion('b')).toBe(false);
  });

  it('puts a refused note back in its place, keeping another deletion made meanwhile', async () => {
    const refused = new HttpError(500, {});
    vi.spyOn(apiClient, 'apiVoid').mockImplementation((_method, path) =>
      path.endsWith('/d/') ? Promise.reject(refused) : Promise.resolve(),
    );
    const onFailed = vi.fn();
    deleteVoiceNoteWithUndo(queryClient, { id: 'd', pad_id: 'pad1' }, { onFailed });
    deleteVoiceNoteWithUndo(queryClient, { id: 'a', pad_id: 'pad1' });
    expect(listed()).toEqual([['b', 'c'], ['e']]);

    // The first deletion fails while the second still waits out its delay.
    await vi.advanceTimersByTimeAsync(UNDO_DELAY_MS);
    expect(onFailed).toHaveBeenCalledWith(refused);
    expect(isPendingDeletion('d')).toBe(false);
    expect(listed()[1]).toEqual(['d', 'e']);
    expect(listed()[0]).not.toContain('a');
  });

  it('undo within the delay brings the note back and never calls the server', async () => {
    const apiVoid = vi.spyOn(apiClient, 'apiVoid').mockResolvedValue(undefined);
    const pending = deleteVoiceNoteWithUndo(queryClient, { id: 'c', pad_id: 'pad1' });
    deleteVoiceNoteWithUndo(queryClient, { id: 'e', pad_id: 'pad1' }).flush();
    expect(pending.undo()).toBe(true);
    expect(listed()).toEqual([['a', 'b', 'c'], ['d']]);
    expect(isPendingDeletion('c')).toBe(false);
    await vi.advanceTimersByTimeAsync(UNDO_DELAY_MS);
    expect(apiVoid).toHaveBeenCalledTimes(1);
    expect(apiVoid).toHaveBeenCalledWith('DELETE', 'pad/pad1/voicenote/e/');
  });
});
