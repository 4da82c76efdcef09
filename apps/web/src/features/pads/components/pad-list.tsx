import type { Pad } from '@voxpad/shared/pads';
import { Link } from '@tanstack/react-router';
import type { ReactNode } from 'react';
import { Button, focusRing } from '../../../components/ui/button.tsx';
import { daysAgo } from '../../../lib/days-ago.ts';
import { formatDuration } from '../../../lib/format-duration.ts';
import { PadMark } from './pad-mark.tsx';

export interface PadListProps {
  pads: Pad[];
  hasMore: boolean;
  isLoadingMore: boolean;
  onLoadMore: () => void;
  emptyText?: string;
  /** Controls shown beside each pad (rename, delete …). */
  renderActions?: (pad: Pad) => ReactNode;
}

export function PadList({
  pads,
  hasMore,
  isLoadingMore,
  onLoadMore,
  emptyText,
  renderActions,
}: PadListProps) {
  if (pads.length === 0) {
    return (
      <p className="rounded-lg border border-dashed border-slate-300 p-6 text-center text-sm text-slate-600 dark:border-slate-700 dark:text-slate-300">
        {emptyText ?? 'No pads yet. Create one to start recording.'}
      </p>
    );
  }
  return (
    <div className="space-y-3">
      <ul className="divide-y divide-slate-200 overflow-hidden rounded-lg border border-slate-200 bg-white dark:divide-slate-800 dark:border-slate-800 dark:bg-slate-900">
        {pads.map((pad) => (
          <li key={pad.id} className="flex flex-wrap items-center justify-between">
            <Link
              to="/pad/$id"
              params={{ id: pad.id }}
              className={`block min-w-0 flex-1 px-4 py-3 hover:bg-slate-50 dark:hover:bg-slate-800/60 ${focusRing} focus-visible:-outline-offset-2`}
            >
              <span className="flex items-center gap-2 font-medium text-slate-900 dark:text-slate-50">
                <PadMark pad={pad} />
                {pad.name}
              </span>
              {pad.description ? (
                <span className="mt-0.5 block truncate text-sm text-slate-600 dark:text-slate-300">
                  {pad.description}
                </span>
              ) : null}
              <span className="mt-1 block text-xs text-slate-500 dark:text-slate-400">
                {pad.voice_note_count} {pad.voice_note_count === 1 ? 'voice note' : 'voice notes'} ·{' '}
                {formatDuration(pad.total_duration_seconds)} · created {daysAgo(pad.created_at)}
              </span>
            </Link>
            {renderActions ? renderActions(pad) : null}
          </li>
        ))}
      </ul>
      {hasMore ? (
        <Button variant="secondary" onClick={onLoadMore} disabled={isLoadingMore}>
          {isLoadingMore ? 'Loading more…' : 'Load more'}
        </Button>
      ) : null}
    </div>
  );
}
