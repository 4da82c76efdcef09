import type { VoiceNote } from '@voxpad/shared/voice-notes';
import type { InfiniteData, QueryClient } from '@tanstack/react-query';
import type { Page } from '@voxpad/shared/pagination';
import { voiceNotesQueryKey } from './get-voice-notes.ts';

/** A pad's cached list of notes, page by page. */
export type NotePages = InfiniteData<Page<VoiceNote>, string | null>;

/** Where a note stood in a cached list, to put it back there. */
export interface Removed {
  note: VoiceNote;
  page: number;
  index: number;
}

export function withoutNote(pages: NotePages, id: string): { pages: NotePages; removed: Removed | null } {
  let removed: Removed | null = null;
  const next = pages.pages.map((page, pageIndex) => {
    const index = page.results.findIndex((item) => item.id === id);
    const note = page.results[index];
    if (note === undefined) return page;
    removed = { note, page: pageIndex, index };
    return { ...page, results: page.results.filter((item) => item.id !== id) };
  });
  return { pages: removed ? { ...pages, pages: next } : pages, removed };
}

/** Puts a removed note back in its place, leaving whatever else changed since (other deletions). */
export function withNoteBack(pages: NotePages, removed: Removed): NotePages {
  if (pages.pages.some((page) => page.results.some((item) => item.id === removed.note.id))) return pages;
  const target = Math.min(removed.page, pages.pages.length - 1);
  if (target < 0) return pages;
  return {
    ...pages,
    pages: pages.pages.map((page, pageIndex) =>
      pageIndex === target
        ? { ...page, results: page.results.toSpliced(removed.index, 0, removed.note) }
        : page,
    ),
  };
}

/**
 * Takes a note out of every cached list of its pad (filtered ones too), e.g. once it moved to
 * another pad: going back there never shows it for the moment the list takes to be read again.
 */
export function removeNoteFromPadLists(queryClient: QueryClient, padId: string, noteId: string): void {
  queryClient.setQueriesData<NotePages>({ queryKey: voiceNotesQueryKey(padId) }, (cached) =>
    cached ? withoutNote(cached, noteId).pages : cached,
  );
}
