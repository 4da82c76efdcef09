import { useId } from 'react';
import type { StorageStats } from '@voxpad/shared/stats';
import { formatBytes } from '../../../lib/format-bytes.ts';

/** From here on the bar turns amber and says how to make room. */
const NEARLY_FULL = 0.9;

function usageNote(fraction: number): string | null {
  if (fraction >= 1)
    return 'Your storage is full: new recordings are refused. Delete voice notes you no longer need.';
  if (fraction >= NEARLY_FULL)
    return 'Your storage is nearly full. Delete voice notes you no longer need to make room.';
  return null;
}

/** The account's stored audio against its storage quota, as a labelled progress bar. */
export function StorageUsage({ storage }: { storage: StorageStats }) {
  const labelId = useId();
  const { used_bytes: used, limit_bytes: limit } = storage;
  const fraction = limit > 0 ? Math.min(1, used / limit) : 1;
  const percent = Math.floor(fraction * 100);
  const amount = `${formatBytes(used)} of ${formatBytes(limit)}`;
  const note = usageNote(fraction);
  return (
    <div className="rounded-lg border border-slate-200 bg-white p-4 text-sm dark:border-slate-800 dark:bg-slate-900">
      <div className="flex items-baseline justify-between gap-3">
        <h3 id={labelId} className="font-medium text-slate-900 dark:text-slate-50">
          Storage
        </h3>
        <p className="text-slate-600 tabular-nums dark:text-slate-300">{amount}</p>
      </div>
      <div
        role="progressbar"
        aria-labelledby={labelId}
        aria-valuemin={0}
        aria-valuemax={100}
        aria-valuenow={percent}
        aria-valuetext={`${amount} used (${percent}%)`}
        className="mt-2 h-2 overflow-hidden rounded-full bg-slate-200 dark:bg-slate-800"
      >
        <div
          className={`h-full rounded-full ${fraction >= NEARLY_FULL ? 'bg-amber-500' : 'bg-sky-600'}`}
          style={{ width: `${fraction * 100}%` }}
        />
      </div>
      {note ? <p className="mt-2 text-slate-600 dark:text-slate-300">{note}</p> : null}
    </div>
  );
}
