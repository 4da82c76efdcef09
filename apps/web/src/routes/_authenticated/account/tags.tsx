import { useQueryClient } from '@tanstack/react-query';
import { createFileRoute } from '@tanstack/react-router';
import { tagsQueryOptions } from '../../../features/tags/api/get-tags.ts';
import { TagsManager } from '../../../features/tags/components/tags-manager.tsx';
import { voiceNoteSearchesQueryKey } from '../../../features/search/api/search-voice-notes.ts';
import { allVoiceNotesQueryKey } from '../../../features/voice-notes/api/get-voice-notes.ts';
import { useDocumentTitle } from '../../../hooks/use-document-title.ts';

export const Route = createFileRoute('/_authenticated/account/tags')({
  loader: ({ context: { queryClient } }) => queryClient.prefetchQuery(tagsQueryOptions()),
  component: TagsPage,
});

/** The person's tags: how many notes carry each, and rename, merge or delete them (ADR 0045). */
function TagsPage() {
  useDocumentTitle('Tags');
  const queryClient = useQueryClient();
  // Notes show their tags by name: every list of notes is read again after a change.
  const refreshNotes = () => {
    void queryClient.invalidateQueries({ queryKey: allVoiceNotesQueryKey });
    void queryClient.invalidateQueries({ queryKey: voiceNoteSearchesQueryKey });
  };
  return (
    <section aria-labelledby="tags-heading" className="space-y-3">
      <h2 id="tags-heading" className="text-lg font-semibold text-slate-900 dark:text-slate-50">
        Tags
      </h2>
      <p className="text-sm text-slate-600 dark:text-slate-300">
        Tag voice notes on their pages. Here you can rename a tag, merge two into one, or delete one (its
        notes stay).
      </p>
      <TagsManager onChanged={refreshNotes} />
    </section>
  );
}
