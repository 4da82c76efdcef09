import { useInfiniteQuery } from '@tanstack/react-query';
import { createFileRoute } from '@tanstack/react-router';
import { useEffect, useId, useState } from 'react';
import { SEARCH_LIMITS } from '@voxpad/shared/limits';
import { focusRing } from '../../components/ui/button.tsx';
import { FormAlert } from '../../components/ui/form-alert.tsx';
import { FilterBar } from '../../features/note-filters/components/filter-bar.tsx';
import {
  cleanFilterSearch,
  countFilters,
  parseNoteFilterSearch,
  toNoteFilterQuery,
} from '../../features/note-filters/utils/filter-search.ts';
import { padsInfiniteQueryOptions } from '../../features/pads/api/get-pads.ts';
import { useSearchHighlights } from '../../features/search/api/search-highlights.ts';
import { useSearchVoiceNotes } from '../../features/search/api/search-voice-notes.ts';
import { HighlightSearchResults } from '../../features/search/components/highlight-search-results.tsx';
import { VoiceNoteSearchResults } from '../../features/search/components/voice-note-search-results.tsx';
import { useTags } from '../../features/tags/api/get-tags.ts';
import { useFilteredRecentVoiceNotes } from '../../features/voice-notes/api/get-recent-voice-notes.ts';
import { RecentVoiceNoteList } from '../../features/voice-notes/components/recent-voice-note-list.tsx';
import { useDebouncedValue } from '../../hooks/use-debounced-value.ts';
import { useDocumentTitle } from '../../hooks/use-document-title.ts';
import { PageHeading } from '../-components/page-heading.tsx';
import { textParam } from '../../lib/search-params.ts';

/** Words to search for and the note filters, all in the URL so a search can be bookmarked (ADR 0045). */

export const Route = createFileRoute('/_authenticated/search')({
  validateSearch: (search) => {
    const filters = parseNoteFilterSearch(search);
    const q = textParam(search.q, { max: SEARCH_LIMITS.queryMax });
    return { ...(q?.trim() ? { q } : {}), ...cleanFilterSearch(filters) };
  },
  component: SearchPage,
});

const RESULTS = SEARCH_LIMITS.pageSizeMax;
/** Highlights beside the notes: a short list, the notes stay the main answer. */
const HIGHLIGHT_RESULTS = 10;

function SearchPage() {
  useDocumentTitle('Search');
  const id = useId();
  const { q = '', ...filters } = Route.useSearch();
  const navigate = Route.useNavigate();
  const [text, setText] = useState(q);
  const typed = useDebouncedValue(text.trim(), 300);
  useEffect(() => {
    if (typed !== q.trim())
      void navigate({ search: (prev) => ({ ...prev, q: typed || undefined }), replace: true });
  }, [typed, q, navigate]);

  const query = toNoteFilterQuery(filters);
  const words = q.trim();
  const found = useSearchVoiceNotes(words, RESULTS, query);
  const highlights = useSearchHighlights(words, HIGHLIGHT_RESULTS);
  const highlightHits = words ? (highlights.data?.results ?? []) : [];
  const listed = useFilteredRecentVoiceNotes(query, words === '');
  const tags = useTags().data?.tags.map((tag) => tag.name) ?? [];
  const pads = useInfiniteQuery(padsInfiniteQueryOptions());
  const padChoices = (pads.data?.pages ?? []).flatMap((page) =>
    page.results.map((p) => ({ id: p.id, name: p.name })),
  );
  const filtered = countFilters(filters) > 0;

  const active = words ? found : listed;
  const count = words ? found.data?.results.length : listed.data?.results.length;
  const status = active.isPending
    ? 'Searching…'
    : active.isError
      ? ''
      : count === 0
        ? filtered || words
          ? 'No voice notes match.'
          : 'No voice notes yet.'
        : `${count} ${count === 1 ? 'voice note' : 'voice notes'}${count === RESULTS ? ' (the first ' + RESULTS + ')' : ''}.`;

  return (
    <div className="space-y-4">
      <PageHeading
        title="Search"
        description="Find voice notes by what was said, and narrow them down with filters."
      />
      <div>
        <label
          htmlFor={`${id}-q`}
          className="mb-1 block text-sm font-medium text-slate-800 dark:text-slate-200"
        >
          Words
        </label>
        <input
          id={`${id}-q`}
          type="search"
          value={text}
          maxLength={SEARCH_LIMITS.queryMax}
          placeholder="What was said, or a title…"
          onChange={(event) => setText(event.target.value)}
          className={`block w-full max-w-xl rounded-md border border-slate-300 bg-white px-3 py-2 text-sm text-slate-900 shadow-sm max-sm:min-h-11 dark:border-slate-600 dark:bg-slate-900 dark:text-slate-100 ${focusRing}`}
        />
      </div>
      <FilterBar
        value={filters}
        tags={tags}
        pads={padChoices}
        onChange={(next) =>
          void navigate({ search: { ...(q ? { q } : {}), ...cleanFilterSearch(next) }, replace: true })
        }
      />
      <p aria-live="polite" className="text-sm text-slate-600 dark:text-slate-300">
        {status}
      </p>
      {active.isError ? (
        <FormAlert>The search failed. Check the filters, or try again in a moment.</FormAlert>
      ) : null}
      {words && found.data && found.data.results.length > 0 ? (
        <VoiceNoteSearchResults hits={found.data.results} />
      ) : null}
      {highlightHits.length > 0 ? (
        <section aria-labelledby={`${id}-highlights`} className="space-y-2">
          <h2 id={`${id}-highlights`} className="text-lg font-semibold text-slate-900 dark:text-slate-50">
            Highlights
          </h2>
          <p className="text-sm text-slate-600 dark:text-slate-300">
            Highlights whose label or comment has these words (the filters above apply to notes only).
          </p>
          <HighlightSearchResults hits={highlightHits} />
        </section>
      ) : null}
      {!words && listed.data && listed.data.results.length > 0 ? (
        <RecentVoiceNoteList notes={listed.data.results} />
      ) : null}
    </div>
  );
}
