import { useRef, useState } from 'react';
import { toast } from '../../../lib/toast.ts';
import { Button } from '../../../components/ui/button.tsx';
import { ConfirmPanel } from '../../../components/ui/confirm-panel.tsx';
import { useOnline } from '../../../hooks/use-online.ts';
import { formatBytes } from '../../../lib/format-bytes.ts';
import { formatDuration } from '../../../lib/format-duration.ts';
import { cancelOutboxItem, pauseOutboxItem, retryOutboxItem } from '../outbox-actions.ts';
import { usePadOutbox } from '../hooks/use-outbox.ts';
import { outboxStatusLabel, uploadPercent, type OutboxItem } from '../utils/outbox-item.ts';

const TONES: Record<OutboxItem['status'], string> = {
  waiting:
    'bg-slate-100 text-slate-700 ring-slate-300 dark:bg-slate-800 dark:text-slate-200 dark:ring-slate-600',
  uploading: 'bg-sky-50 text-sky-800 ring-sky-300 dark:bg-sky-950 dark:text-sky-200 dark:ring-sky-800',
  paused:
    'bg-slate-100 text-slate-700 ring-slate-300 dark:bg-slate-800 dark:text-slate-200 dark:ring-slate-600',
  failed: 'bg-red-50 text-red-800 ring-red-300 dark:bg-red-950 dark:text-red-200 dark:ring-red-800',
  done: 'bg-emerald-50 text-emerald-800 ring-emerald-300 dark:bg-emerald-950 dark:text-emerald-200 dark:ring-emerald-800',
};

const small = '!px-2.5 !py-1.5 text-xs';

function itemTitle(item: OutboxItem): string {
  return item.durationSeconds === undefined
    ? item.fileName
    : `Recording (${formatDuration(item.durationSeconds)})`;
}

function act(action: Promise<void>) {
  action.catch(() => toast.error('The outbox could not be changed. Reload the page and try again.'));
}

/**
 * Recordings and files of this pad that are still in this browser, shown as notes on their
 * way: waiting, uploading with progress, paused or failed, each with Pause, Retry and Cancel.
 */
export function OutboxList({
  padId,
  onChooseAnotherFile,
}: {
  padId: string;
  /** Offered when the server refused a picked file itself: sending it again cannot help. */
  onChooseAnotherFile?: () => void;
}) {
  const items = usePadOutbox(padId);
  const online = useOnline();
  if (items.length === 0) return null;
  // A failed item waits for the person (Retry or Remove), not for the network.
  const waitingForNetwork = items.filter((item) => item.status !== 'failed').length;
  return (
    <section aria-labelledby="outbox-heading" className="space-y-2">
      <h3 id="outbox-heading" className="text-sm font-medium text-slate-700 dark:text-slate-300">
        Not uploaded yet
      </h3>
      {online || waitingForNetwork === 0 ? null : (
        <p role="status" className="text-sm text-slate-600 dark:text-slate-300">
          You are offline.{' '}
          {waitingForNetwork === 1 ? 'This recording is' : `These ${waitingForNetwork} recordings are`} kept
          in this browser and will be uploaded when you are back online, even after a reload.
        </p>
      )}
      <ul
        aria-live="polite"
        className="divide-y divide-slate-200 overflow-hidden rounded-lg border border-dashed border-slate-300 bg-white dark:divide-slate-800 dark:border-slate-700 dark:bg-slate-900"
      >
        {items.map((item) => (
          <OutboxRow key={item.id} item={item} online={online} onChooseAnotherFile={onChooseAnotherFile} />
        ))}
      </ul>
    </section>
  );
}

function OutboxRow({
  item,
  online,
  onChooseAnotherFile,
}: {
  item: OutboxItem;
  online: boolean;
  onChooseAnotherFile: (() => void) | undefined;
}) {
  const [confirming, setConfirming] = useState(false);
  const cancelRef = useRef<HTMLButtonElement>(null);
  const title = itemTitle(item);
  const label = outboxStatusLabel(item, online);
  const percent = uploadPercent(item);
  const canPause = item.status === 'waiting' || item.status === 'uploading';
  const canRetry = item.status === 'paused' || (item.status === 'failed' && item.retryable);
  // A failed item is removed, not cancelled: nothing is under way any more.
  const failed = item.status === 'failed';
  return (
    <li data-outbox-id={item.id} className="px-4 py-3">
      <div className="flex flex-col gap-2 sm:flex-row sm:items-center sm:justify-between">
        <div className="min-w-0">
          <p className="truncate font-medium text-slate-900 dark:text-slate-100">{title}</p>
          <p className="mt-0.5 text-xs text-slate-500 dark:text-slate-400">
            {formatBytes(item.size)} · kept in this browser until it is uploaded
          </p>
          {item.status === 'failed' && item.error ? (
            <div
              role="alert"
              className="mt-1 flex flex-wrap items-center gap-2 text-sm text-red-700 dark:text-red-300"
            >
              <span>
                “{title}” could not be uploaded: {item.error}
              </span>
              {!item.retryable && item.durationSeconds === undefined && onChooseAnotherFile ? (
                <Button
                  variant="secondary"
                  className={small}
                  onClick={() => {
                    act(cancelOutboxItem(item.id));
                    onChooseAnotherFile();
                  }}
                >
                  Choose another file
                </Button>
              ) : null}
            </div>
          ) : null}
        </div>
        <div className="flex flex-wrap items-center gap-2">
          <span
            className={`inline-flex items-center rounded-full px-2 py-0.5 text-xs font-medium ring-1 ring-inset ${TONES[item.status]}`}
          >
            {label}
          </span>
          {item.status === 'uploading' ? (
            <progress
              max={100}
              value={percent}
              aria-label={`Upload of ${title}`}
              className="h-1.5 w-20 accent-sky-600"
            />
          ) : null}
          {canPause ? (
            <Button
              variant="ghost"
              className={small}
              aria-label={`Pause upload of ${title}`}
              onClick={() => act(pauseOutboxItem(item.id))}
            >
              Pause
            </Button>
          ) : null}
          {canRetry ? (
            <Button
              variant="secondary"
              className={small}
              aria-label={`${item.status === 'paused' ? 'Resume' : 'Retry'} upload of ${title}`}
              onClick={() => act(retryOutboxItem(item.id))}
            >
              {item.status === 'paused' ? 'Resume' : 'Retry'}
            </Button>
          ) : null}
          <Button
            ref={cancelRef}
            variant="ghost"
            className={`${small} text-red-700 dark:text-red-300`}
            aria-label={failed ? `Remove ${title}` : `Cancel upload of ${title}`}
            aria-expanded={confirming}
            onClick={() => setConfirming(true)}
          >
            {failed ? 'Remove' : 'Cancel'}
          </Button>
        </div>
      </div>
      {confirming ? (
        <ConfirmPanel
          className="mt-3"
          message={
            failed
              ? `Remove “${title}” from this browser? It was not uploaded, so it will be gone.`
              : `Discard “${title}”? It has not been uploaded, so it will be gone.`
          }
          confirmLabel={failed ? 'Yes, remove it' : 'Yes, discard it'}
          cancelLabel="Keep it"
          onConfirm={() => {
            setConfirming(false);
            act(cancelOutboxItem(item.id));
          }}
          onCancel={() => {
            setConfirming(false);
            cancelRef.current?.focus();
          }}
        />
      ) : null}
    </li>
  );
}
