import type { Webhook, WebhookDelivery } from '@voxpad/shared/webhooks';
import { useState } from 'react';
import { Button, focusRing } from '../../../components/ui/button.tsx';
import { toastHttpError } from '../../../lib/toast-http-error.ts';
import { useDeleteWebhook } from '../api/delete-webhook.ts';
import { useRotateWebhookSecret } from '../api/rotate-webhook-secret.ts';
import { useSendTestWebhook } from '../api/send-test-webhook.ts';
import { useUpdateWebhook } from '../api/update-webhook.ts';
import { DeliveryLog, deliveryOutcome } from './delivery-log.tsx';
import { ShownSecret } from './shown-secret.tsx';

type Confirming = 'delete' | 'rotate' | null;

/** One webhook: its switch, "Send test" with the result, its log, a new secret, and delete. */
export function WebhookItem({ webhook }: { webhook: Webhook }) {
  const update = useUpdateWebhook({ onError: toastHttpError });
  const remove = useDeleteWebhook({ onError: toastHttpError });
  const rotate = useRotateWebhookSecret({ onError: toastHttpError });
  const test = useSendTestWebhook({ onError: toastHttpError });
  const [result, setResult] = useState<WebhookDelivery | null>(null);
  const [secret, setSecret] = useState<string | null>(null);
  const [showLog, setShowLog] = useState(false);
  const [confirming, setConfirming] = useState<Confirming>(null);
  const label = webhook.url;

  return (
    <li className="space-y-2 px-3 py-3 text-sm">
      <div className="flex flex-wrap items-start justify-between gap-2">
        <div className="min-w-0">
          <p className="font-medium break-all text-slate-900 dark:text-slate-50">{webhook.url}</p>
          <p className="text-xs text-slate-500 dark:text-slate-400">{webhook.events.join(', ')}</p>
          {webhook.disabled_reason ? (
            <p className="text-xs text-red-700 dark:text-red-300">{webhook.disabled_reason}</p>
          ) : null}
        </div>
        <button
          type="button"
          role="switch"
          aria-checked={webhook.enabled}
          aria-label={`Send events to ${label}`}
          disabled={update.isPending}
          onClick={() => update.mutate({ id: webhook.id, change: { enabled: !webhook.enabled } })}
          className={`inline-flex min-h-9 items-center gap-2 rounded-md px-2 text-sm ${focusRing}`}
        >
          <span
            aria-hidden="true"
            className={`relative inline-block h-5 w-9 rounded-full transition-colors ${webhook.enabled ? 'bg-indigo-600 dark:bg-indigo-500' : 'bg-slate-300 dark:bg-slate-600'}`}
          >
            <span
              className={`absolute top-0.5 size-4 rounded-full bg-white transition-all ${webhook.enabled ? 'left-4.5' : 'left-0.5'}`}
            />
          </span>
          {webhook.enabled ? 'On' : 'Off'}
        </button>
      </div>

      <div className="flex flex-wrap gap-2">
        <Button
          variant="secondary"
          disabled={test.isPending}
          onClick={() => test.mutate(webhook.id, { onSuccess: setResult })}
        >
          {test.isPending ? 'Sending…' : 'Send test'}
        </Button>
        <Button variant="ghost" aria-expanded={showLog} onClick={() => setShowLog((shown) => !shown)}>
          {showLog ? 'Hide deliveries' : 'Show deliveries'}
        </Button>
        <Button variant="ghost" onClick={() => setConfirming('rotate')}>
          Rotate secret
        </Button>
        <Button variant="ghost" onClick={() => setConfirming('delete')}>
          Delete
        </Button>
      </div>

      <p
        role="status"
        className={
          result?.status === 'failed'
            ? 'text-red-700 dark:text-red-300'
            : 'text-slate-700 dark:text-slate-200'
        }
      >
        {result ? `Test: ${deliveryOutcome(result)}` : ''}
      </p>

      {confirming ? (
        <div
          role="alertdialog"
          aria-label={confirming === 'delete' ? 'Delete this webhook?' : 'Rotate the secret?'}
          className="flex flex-wrap items-center gap-2"
        >
          <span className="text-red-800 dark:text-red-200">
            {confirming === 'delete'
              ? 'Delete this webhook and its log?'
              : 'Make a new secret? The current one stops working at once.'}
          </span>
          <Button
            variant="danger"
            onClick={() => {
              setConfirming(null);
              if (confirming === 'delete') remove.mutate(webhook.id);
              else rotate.mutate(webhook.id, { onSuccess: ({ secret: next }) => setSecret(next) });
            }}
          >
            {confirming === 'delete' ? 'Delete' : 'Rotate'}
          </Button>
          <Button variant="secondary" autoFocus onClick={() => setConfirming(null)}>
            Keep
          </Button>
        </div>
      ) : null}

      {secret ? (
        <ShownSecret heading="New secret made." secret={secret} onDismiss={() => setSecret(null)} />
      ) : null}
      {showLog ? <DeliveryLog webhookId={webhook.id} /> : null}
    </li>
  );
}
