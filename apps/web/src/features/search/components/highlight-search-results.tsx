import { Link } from '@tanstack/react-router';
import type { HighlightSearchHit } from '@voxpad/shared/highlights';
import { focusRing } from '../../../components/ui/button.tsx';
import { formatClock } from '../../../lib/format-duration.ts';
import { HighlightedText } from './highlighted-text.tsx';

/**
 * Highlights found by their label or comment: each a link that opens its note at the
 * highlight's time, with the note's title and pad.
 */
export function HighlightSearchResults({ hits }: { hits: readonly HighlightSearchHit[] }) {
  return (
    <ul
      aria-label="Highlights found"
      className="divide-y divide-slate-200 overflow-hidden rounded-lg border border-slate-200 bg-white dark:divide-slate-800 dark:border-slate-800 dark:bg-slate-900"
    >
      {hits.map((hit) => {
        const note = hit.voice_note;
        return (
          <li key={hit.highlight.id} data-highlight-id={hit.highlight.id} className="px-4 py-3">
            <Link
              to="/pad/$id/voicenotes/$vid"
              params={{ id: note.pad_id, vid: note.id }}
              search={{ t: hit.time }}
              className={`block rounded-sm font-medium break-words text-indigo-700 hover:underline dark:text-indigo-300 ${focusRing}`}
            >
              <span className="mr-2 font-mono text-sm tabular-nums">{formatClock(hit.time)}</span>
              <HighlightedText value={hit.label} />
            </Link>
            <p className="mt-0.5 text-xs text-slate-500 dark:text-slate-400">
              In “{note.title}” · {note.pad_name}
            </p>
            {hit.comment ? (
              <p className="mt-1 line-clamp-2 text-sm break-words text-slate-700 dark:text-slate-300">
                <HighlightedText value={hit.comment} />
              </p>
            ) : null}
          </li>
        );
      })}
    </ul>
  );
}
