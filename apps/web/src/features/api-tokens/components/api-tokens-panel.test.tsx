import type { ApiToken } from '@voxpad/shared/api-tokens';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { act, cleanup, fireEvent, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { apiClient, HttpError } from '../../../lib/api-client.ts';
import { ApiTokensPanel } from './api-tokens-panel.tsx';

afterEach(cleanup);

const DAY_MS = 24 * 60 * 60 * 1000;
const iso = (offsetDays: number) => new Date(Date.now() + offsetDays * DAY_MS).toISOString();

const tokens: ApiToken[] = [
  { id: 'a', name: 'Nightly backup', created_at: iso(-3), last_used_at: iso(-1), expires_at: iso(30.5) },
  { id: 'b', name: 'Old laptop', created_at: iso(-100), last_used_at: null, expires_at: iso(-10) },
  { id: 'c', name: 'Home server', created_at: iso(-2), last_used_at: null, expires_at: null },
];

function renderPanel(confirmIdentity?: () => Promise<boolean>) {
  const client = new QueryClient({
    defaultOptions: { queries: { retry: false }, mutations: { retry: false } },
  });
  render(
    <QueryClientProvider client={client}>
      <ApiTokensPanel origin="https://notes.example.org" confirmIdentity={confirmIdentity} />
    </QueryClientProvider>,
  );
}

const reauthenticationRequired = () =>
  new HttpError(403, {
    status: 403,
    errors: [{ code: 'reauthentication_required', message: 'For your security, confirm it’s you.' }],
  });

describe('API tokens panel', () => {
  it('lists when each token was made, last used and expires, and marks expired ones in words', async () => {
    vi.spyOn(apiClient, 'api').mockResolvedValue({ results: tokens });
    renderPanel();
    const backup = await screen.findByText('Nightly backup');
    expect(backup.closest('li')!.textContent).toContain(
      'Created 3 days ago · last used 1 day ago · expires in 30 days',
    );
    const laptop = screen.getByText('Old laptop').closest('li')!;
    expect(laptop.textContent).toContain('Expired');
    expect(laptop.textContent).toContain('never used · expired 10 days ago');
    expect(screen.getByText('Home server').closest('li')!.textContent).toContain('never expires');
    expect([...laptop.querySelectorAll('time')].at(-1)!.getAttribute('datetime')).toBe(tokens[1]!.expires_at);
  });

  it('offers a labelled choice of lifetimes, 90 days by default, and sends it', async () => {
    const api = vi
      .spyOn(apiClient, 'api')
      .mockImplementation((method) =>
        Promise.resolve(
          method === 'GET' ? { results: [] } : { ...tokens[2]!, token: `vxp_${'x'.repeat(43)}` },
        ),
      );
    renderPanel();
    const expiry = await screen.findByLabelText('Expires after');
    expect((expiry as HTMLSelectElement).value).toBe('90');
    expect([...(expiry as HTMLSelectElement).options].map((o) => o.textContent)).toEqual([
      '7 days',
      '30 days',
      '90 days',
      '1 year',
      'Never',
    ]);

    fireEvent.change(screen.getByLabelText('Token name'), { target: { value: 'Home server' } });
    fireEvent.change(expiry, { target: { value: 'never' } });
    await act(async () => {
      fireEvent.click(screen.getByRole('button', { name: 'Create token' }));
    });
    expect(api).toHaveBeenCalledWith('POST', 'tokens/', expect.anything(), {
      body: { name: 'Home server', expires_in_days: null },
    });

    fireEvent.change(screen.getByLabelText('Token name'), { target: { value: 'Weekly job' } });
    fireEvent.change(expiry, { target: { value: '7' } });
    await act(async () => {
      fireEvent.click(screen.getByRole('button', { name: 'Create token' }));
    });
    expect(api).toHaveBeenCalledWith('POST', 'tokens/', expect.anything(), {
      body: { name: 'Weekly job', expires_in_days: 7 },
    });
  });

  it('shows the limit as an alert over the form, not as a fault of the name', async () => {
    const api = vi.spyOn(apiClient, 'api').mockResolvedValue({ results: [] });
    renderPanel();
    await screen.findByText('You have no API tokens.');
    const message = 'You already have 20 API tokens, the most one account can hold.';
    api.mockRejectedValue(
      new HttpError(409, { status: 409, errors: [{ code: 'too_many_api_tokens', message }] }),
    );
    const name = screen.getByLabelText('Token name');
    fireEvent.change(name, { target: { value: 'One more' } });
    await act(async () => {
      fireEvent.click(screen.getByRole('button', { name: 'Create token' }));
    });
    expect(screen.getByRole('alert').textContent).toBe(message);
    expect(name.hasAttribute('aria-invalid')).toBe(false);
  });

  it('asks the person to confirm it is them when the server wants a recent login, then creates the token', async () => {
    const created = { ...tokens[2]!, token: `vxp_${'y'.repeat(43)}` };
    let posts = 0;
    vi.spyOn(apiClient, 'api').mockImplementation((method) => {
      if (method === 'GET') return Promise.resolve({ results: [] });
      posts += 1;
      return posts === 1 ? Promise.reject(reauthenticationRequired()) : Promise.resolve(created);
    });
    const confirmIdentity = vi.fn(() => Promise.resolve(true));
    renderPanel(confirmIdentity);
    await screen.findByText('You have no API tokens.');
    fireEvent.change(screen.getByLabelText('Token name'), { target: { value: 'Home server' } });
    await act(async () => {
      fireEvent.click(screen.getByRole('button', { name: 'Create token' }));
    });
    expect(confirmIdentity).toHaveBeenCalledTimes(1);
    expect(posts).toBe(2);
    expect(screen.getByLabelText('New API token').textContent).toBe(created.token);
  });

  it('leaves the form as it was, without an error, when the person closes the prompt', async () => {
    vi.spyOn(apiClient, 'api').mockImplementation((method) =>
      method === 'GET' ? Promise.resolve({ results: [] }) : Promise.reject(reauthenticationRequired()),
    );
    renderPanel(() => Promise.resolve(false));
    await screen.findByText('You have no API tokens.');
    const name = screen.getByLabelText('Token name');
    fireEvent.change(name, { target: { value: 'Home server' } });
    await act(async () => {
      fireEvent.click(screen.getByRole('button', { name: 'Create token' }));
    });
    expect((name as HTMLInputElement).value).toBe('Home server');
    expect(screen.queryByRole('alert')).toBeNull();
    expect(screen.queryByLabelText('New API token')).toBeNull();
  });
});
