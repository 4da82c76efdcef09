import type { WebhookDelivery } from '@voxpad/shared/webhooks';
import { useState } from 'react';
import { Button } from '../../../components/ui/button.tsx';
import { FormAlert } from '../../../components/ui/form-alert.tsx';
import { Spinner } from '../../../components/ui/spinner.tsx';
import { formatDateTime } from '../../../lib/format-date.ts';
import { useWebhookDeliveries } from '../api/get-webhook-deliveries.ts';

const STATUS_WORDS: Record<WebhookDelivery['status'], string> = {
  pending: 'Waiting',
  succeeded: 'Delivered',
  failed: 'Failed',
};

/** What became of one delivery, in words: the answer, or what went wrong, and when it is tried next. */
export function deliveryOutcome(delivery: WebhookDelivery): string {
  const answer = delivery.response_status === null ? null : `HTTP ${delivery.response_status}`;
  const parts = [
    STATUS_WORDS[delivery.status],
    answer,
    delivery.status === 'succeeded' ? null : delivery.error,
    delivery.duration_ms === null ? null : `${delivery.duration_ms} ms`,
    `${delivery.attempts} ${delivery.attempts === 1 ? 'attempt' : 'attempts'}`,
    delivery.next_attempt_at ? `next try ${formatDateTime(delivery.next_attempt_at)}` : null,
  ];
  return parts.filter(Boolean).join(' · ');
}

/** A webhook's log, newest first, a page at a time. */
export function DeliveryLog({ webhookId }: { webhookId: string }) {
  const [cursors, setCursors] = useState<(string | null)[]>([null]);
  const cursor = cursors.at(-1) ?? null;
  const page = useWebhookDeliveries(webhookId, cursor);
  if (page.isPending) return <Spinner label="Loading deliveries…" />;
  if (page.isError)
    return <FormAlert>The delivery log could not be loaded. Try again in a moment.</FormAlert>;
  const { results, next } = page.data;
  return (
    <div className="space-y-2">
      {results.length === 0 ? (
        <p className="text-sm text-slate-600 dark:text-slate-300">Nothing was sent yet.</p>
      ) : (
        <ol aria-label="Deliveries" className="divide-y divide-slate-200 text-sm dark:divide-slate-800">
          {results.map((delivery) => (
            <li key={delivery.id} className="py-1.5">
              <p className="font-medium text-slate-900 dark:text-slate-50">
                <code>{delivery.event}</code>{' '}
                <time
                  dateTime={delivery.created_at}
                  className="font-normal text-slate-500 dark:text-slate-400"
                >
                  {formatDateTime(delivery.created_at)}
                </time>
              </p>
              <p
                className={
                  delivery.status === 'failed'
                    ? 'text-red-700 dark:text-red-300'
                    : 'text-slate-600 dark:text-slate-300'
                }
              >
                {deliveryOutcome(delivery)}
              </p>
            </li>
          ))}
        </ol>
      )}
      <div className="flex gap-2">
        {cursors.length > 1 ? (
          <Button variant="ghost" onClick={() => setCursors((list) => list.slice(0, -1))}>
            Newer
          </Button>
        ) : null}
        {next ? (
          <Button variant="ghost" onClick={() => setCursors((list) => [...list, next])}>
            Older
          </Button>
        ) : null}
      </div>
    </div>
  );
}
