import {
  WEBHOOK_EVENT_LABELS,
  WEBHOOK_EVENTS,
  WEBHOOK_LIMITS,
  type CreatedWebhook,
  type WebhookEventType,
} from '@voxpad/shared/webhooks';
import { useId, useState, type FormEvent } from 'react';
import { Button, focusRing } from '../../../components/ui/button.tsx';
import { FormAlert } from '../../../components/ui/form-alert.tsx';
import { TextField } from '../../../components/ui/text-field.tsx';
import { isHttpError } from '../../../lib/api-client.ts';
import { toastHttpError } from '../../../lib/toast-http-error.ts';
import { useCreateWebhook } from '../api/create-webhook.ts';

type FieldErrors = Partial<Record<'url' | 'events' | 'description' | 'form', string>>;

/** Adds a webhook: its URL and the events to send; the new secret goes to `onCreated`. */
export function AddWebhookForm({ onCreated }: { onCreated: (created: CreatedWebhook) => void }) {
  const create = useCreateWebhook();
  const [url, setUrl] = useState('');
  const [events, setEvents] = useState<WebhookEventType[]>([...WEBHOOK_EVENTS]);
  const [errors, setErrors] = useState<FieldErrors>({});
  const eventsErrorId = useId();

  function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const found: FieldErrors = {};
    if (!/^https?:\/\/\S+$/i.test(url.trim())) {
      found.url = 'Enter a full http:// or https:// URL, e.g. https://example.org/hooks/voxpad.';
    }
    if (events.length === 0) found.events = 'Choose at least one event to send.';
    setErrors(found);
    if (Object.keys(found).length > 0) return;
    create.mutate(
      { url: url.trim(), events },
      {
        onSuccess: (created) => {
          setUrl('');
          onCreated(created);
        },
        onError: (cause) => {
          if (!isHttpError(cause) || cause.errors.length === 0) {
            toastHttpError(cause);
            return;
          }
          const next: FieldErrors = {};
          for (const error of cause.errors) {
            const field = error.param?.split('.')[0];
            if (field === 'url' || field === 'events' || field === 'description')
              next[field] ??= error.message;
            else next.form ??= error.message;
          }
          setErrors(next);
        },
      },
    );
  }

  const toggle = (type: WebhookEventType, on: boolean) =>
    setEvents((current) => WEBHOOK_EVENTS.filter((e) => (e === type ? on : current.includes(e))));

  return (
    <form
      onSubmit={submit}
      noValidate
      aria-busy={create.isPending}
      aria-label="Add a webhook"
      className="space-y-3"
    >
      {errors.form ? <FormAlert>{errors.form}</FormAlert> : null}
      <TextField
        label="Endpoint URL"
        type="url"
        inputMode="url"
        placeholder="https://example.org/hooks/voxpad"
        value={url}
        maxLength={WEBHOOK_LIMITS.urlMax}
        onChange={(event) => setUrl(event.target.value)}
        error={errors.url}
      />
      <fieldset aria-describedby={errors.events ? eventsErrorId : undefined}>
        <legend className="mb-1 text-sm font-medium text-slate-800 dark:text-slate-200">
          Events to send
        </legend>
        <div className="grid gap-1 sm:grid-cols-2">
          {WEBHOOK_EVENTS.map((type) => (
            <label
              key={type}
              className="flex min-h-9 items-center gap-2 text-sm text-slate-700 dark:text-slate-200"
            >
              <input
                type="checkbox"
                className={`size-4 rounded ${focusRing}`}
                checked={events.includes(type)}
                onChange={(event) => toggle(type, event.target.checked)}
              />
              <span>
                {WEBHOOK_EVENT_LABELS[type]}{' '}
                <code className="text-xs text-slate-500 dark:text-slate-400">{type}</code>
              </span>
            </label>
          ))}
        </div>
        {errors.events ? (
          <p id={eventsErrorId} className="mt-1 text-sm text-red-600 dark:text-red-400">
            {errors.events}
          </p>
        ) : null}
      </fieldset>
      <Button type="submit" disabled={create.isPending}>
        {create.isPending ? 'Adding…' : 'Add webhook'}
      </Button>
    </form>
  );
}
