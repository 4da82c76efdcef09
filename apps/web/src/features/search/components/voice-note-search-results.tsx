import { Link } from '@tanstack/react-router';
import type { VoiceNoteSearchHit } from '@voxpad/shared/search';
import { focusRing } from '../../../components/ui/button.tsx';
import { TagChips } from '../../../components/ui/tag-chips.tsx';
import { formatDateTime } from '../../../lib/format-date.ts';
import { formatClock } from '../../../lib/format-duration.ts';
import { HighlightedText } from './highlighted-text.tsx';

/** Voice-note matches for the search page: title and excerpt with their matches, who says it, pad, tags. */
export function VoiceNoteSearchResults({ hits }: { hits: readonly VoiceNoteSearchHit[] }) {
  return (
    <ul className="divide-y divide-slate-200 overflow-hidden rounded-lg border border-slate-200 bg-white dark:divide-slate-800 dark:border-slate-800 dark:bg-slate-900">
      {hits.map((hit) => {
        const note = hit.voice_note;
        return (
          <li key={note.id} data-note-id={note.id} className="px-4 py-3">
            <Link
              to="/pad/$id/voicenotes/$vid"
              params={{ id: note.pad_id, vid: note.id }}
              search={hit.time === null ? {} : { t: hit.time }}
              className={`block rounded-sm font-medium break-words text-indigo-700 hover:underline dark:text-indigo-300 ${focusRing}`}
            >
              <HighlightedText value={hit.title} />
            </Link>
            <p className="mt-0.5 text-xs text-slate-500 dark:text-slate-400">
              {note.pad_name} · <time dateTime={note.created_at}>{formatDateTime(note.created_at)}</time>
              {hit.time === null ? '' : ` · heard at ${formatClock(hit.time)}`}
              {hit.speaker ? ` · said by ${hit.speaker}` : ''}
            </p>
            {hit.snippet ? (
              <p className="mt-1 line-clamp-2 text-sm break-words text-slate-700 dark:text-slate-300">
                <HighlightedText value={hit.snippet} />
              </p>
            ) : null}
            <TagChips tags={note.tags} />
          </li>
        );
      })}
    </ul>
  );
}
