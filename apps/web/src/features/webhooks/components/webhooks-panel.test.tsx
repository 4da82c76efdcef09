import type { Webhook, WebhookDelivery } from '@voxpad/shared/webhooks';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { cleanup, fireEvent, render, screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { apiClient, HttpError } from '../../../lib/api-client.ts';
import { WebhooksPanel } from './webhooks-panel.tsx';

afterEach(() => {
  cleanup();
  vi.restoreAllMocks();
});

const webhook: Webhook = {
  id: 'w1',
  url: 'https://example.org/hooks',
  events: ['note.created', 'note.deleted'],
  description: '',
  enabled: true,
  disabled_reason: null,
  created_at: '2026-01-01T00:00:00.000Z',
  updated_at: '2026-01-01T00:00:00.000Z',
};
const delivery: WebhookDelivery = {
  id: 'd1',
  message_id: 'msg_d1',
  event: 'webhook.test',
  status: 'failed',
  attempts: 1,
  response_status: 500,
  response_excerpt: 'oops',
  error: 'The endpoint answered 500, not 2xx.',
  duration_ms: 12,
  created_at: '2026-01-01T00:00:00.000Z',
  last_attempt_at: '2026-01-01T00:00:00.000Z',
  next_attempt_at: null,
};

function renderPanel() {
  const client = new QueryClient({
    defaultOptions: { queries: { retry: false }, mutations: { retry: false } },
  });
  render(
    <QueryClientProvider client={client}>
      <WebhooksPanel />
    </QueryClientProvider>,
  );
}

describe('webhooks panel', () => {
  it('adds a webhook with the chosen events and shows its secret once', async () => {
    const api = vi
      .spyOn(apiClient, 'api')
      .mockImplementation((method) =>
        Promise.resolve(
          method === 'GET'
            ? { results: [], limit: 10 }
            : { ...webhook, secret: 'whsec_c2VjcmV0c2VjcmV0c2VjcmV0c2VjcmV0' },
        ),
      );
    renderPanel();
    await screen.findByText('You have no webhooks.');
    fireEvent.change(screen.getByLabelText('Endpoint URL'), {
      target: { value: ' https://example.org/hooks ' },
    });
    fireEvent.click(screen.getByRole('checkbox', { name: /A transcription finishes/ }));
    fireEvent.click(screen.getByRole('checkbox', { name: /renamed, moved/ }));
    fireEvent.click(screen.getByRole('button', { name: 'Add webhook' }));
    expect((await screen.findByLabelText('Signing secret')).textContent).toBe(
      'whsec_c2VjcmV0c2VjcmV0c2VjcmV0c2VjcmV0',
    );
    expect(api).toHaveBeenCalledWith('POST', 'webhooks/', expect.anything(), {
      body: { url: 'https://example.org/hooks', events: ['note.created', 'note.deleted'] },
    });
  });

  it('puts the server’s refusal of a URL under the field', async () => {
    vi.spyOn(apiClient, 'api').mockImplementation((method) =>
      method === 'GET'
        ? Promise.resolve({ results: [], limit: 10 })
        : Promise.reject(
            new HttpError(400, {
              status: 400,
              errors: [
                { code: 'webhook_target_refused', param: 'url', message: 'Webhooks cannot be sent here.' },
              ],
            }),
          ),
    );
    renderPanel();
    await screen.findByText('You have no webhooks.');
    const field = screen.getByLabelText('Endpoint URL');
    fireEvent.change(field, { target: { value: 'http://10.0.0.1/' } });
    fireEvent.click(screen.getByRole('button', { name: 'Add webhook' }));
    expect(await screen.findByText('Webhooks cannot be sent here.')).toBeTruthy();
    expect(field.getAttribute('aria-invalid')).toBe('true');
  });

  it('sends a test and says how it went; the switch turns the webhook off', async () => {
    const api = vi.spyOn(apiClient, 'api').mockImplementation((method, path) => {
      if (method === 'GET') return Promise.resolve({ results: [webhook], limit: 10 });
      if (path.endsWith('test/')) return Promise.resolve(delivery);
      return Promise.resolve({ ...webhook, enabled: false });
    });
    renderPanel();
    const item = (await screen.findByText(webhook.url)).closest('li');
    if (!item) throw new Error('no list item');
    fireEvent.click(within(item).getByRole('button', { name: 'Send test' }));
    expect((await within(item).findByText(/^Test: Failed/)).textContent).toContain('HTTP 500');
    const toggle = within(item).getByRole('switch', { name: `Send events to ${webhook.url}` });
    expect(toggle.getAttribute('aria-checked')).toBe('true');
    fireEvent.click(toggle);
    await vi.waitFor(() =>
      expect(api).toHaveBeenCalledWith('PATCH', 'webhooks/w1/', expect.anything(), {
        body: { enabled: false },
      }),
    );
  });
});
