import type { CreatedWebhook } from '@voxpad/shared/webhooks';
import { useState } from 'react';
import { FormAlert } from '../../../components/ui/form-alert.tsx';
import { Spinner } from '../../../components/ui/spinner.tsx';
import { useWebhooks } from '../api/get-webhooks.ts';
import { AddWebhookForm } from './add-webhook-form.tsx';
import { ShownSecret } from './shown-secret.tsx';
import { WebhookItem } from './webhook-item.tsx';

/** The account's webhooks: add one, see each with its switch, test, log, secret and delete. */
export function WebhooksPanel() {
  const webhooks = useWebhooks();
  const [created, setCreated] = useState<CreatedWebhook | null>(null);
  return (
    <section
      aria-labelledby="webhooks-heading"
      className="space-y-4 rounded-xl border border-slate-200 bg-white p-4 dark:border-slate-800 dark:bg-slate-900"
    >
      <div>
        <h2 id="webhooks-heading" className="font-semibold text-slate-900 dark:text-slate-50">
          Webhooks
        </h2>
        <p className="mt-1 text-sm text-slate-600 dark:text-slate-300">
          Voxpad sends a signed JSON request to your URL when a note is filed, transcribed, changed or
          deleted. Check each request with the signing secret, as the{' '}
          <a className="underline" href="https://www.standardwebhooks.com/" rel="noreferrer" target="_blank">
            Standard Webhooks
          </a>{' '}
          libraries do.
        </p>
      </div>

      {created ? (
        <ShownSecret heading="Webhook added." secret={created.secret} onDismiss={() => setCreated(null)} />
      ) : null}
      <AddWebhookForm onCreated={setCreated} />

      {webhooks.isPending ? (
        <Spinner label="Loading webhooks…" />
      ) : webhooks.isError ? (
        <FormAlert>Your webhooks could not be loaded. Reload the page to try again.</FormAlert>
      ) : webhooks.data.results.length === 0 ? (
        <p className="text-sm text-slate-600 dark:text-slate-300">You have no webhooks.</p>
      ) : (
        <>
          <p className="text-xs text-slate-500 dark:text-slate-400">
            {webhooks.data.results.length} of {webhooks.data.limit} webhooks
          </p>
          <ul
            aria-label="Your webhooks"
            className="divide-y divide-slate-200 rounded-lg border border-slate-200 dark:divide-slate-800 dark:border-slate-800"
          >
            {webhooks.data.results.map((webhook) => (
              <WebhookItem key={webhook.id} webhook={webhook} />
            ))}
          </ul>
        </>
      )}
    </section>
  );
}
