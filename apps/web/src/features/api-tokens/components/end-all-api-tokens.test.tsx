import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { act, cleanup, fireEvent, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { apiClient } from '../../../lib/api-client.ts';
import { EndAllApiTokens } from './end-all-api-tokens.tsx';

afterEach(cleanup);

const token = (id: string) => ({
  id,
  name: `Script ${id}`,
  created_at: new Date().toISOString(),
  last_used_at: null,
  expires_at: null,
});

describe('ending every API token from the sessions page', () => {
  it('asks first, then ends them all with one call and says so', async () => {
    vi.spyOn(apiClient, 'api').mockResolvedValue({ results: [token('a'), token('b')] });
    const revoke = vi.spyOn(apiClient, 'apiVoid').mockResolvedValue(undefined);
    render(
      <QueryClientProvider client={new QueryClient({ defaultOptions: { queries: { retry: false } } })}>
        <EndAllApiTokens />
      </QueryClientProvider>,
    );
    fireEvent.click(await screen.findByRole('button', { name: 'Also end API tokens (2)' }));
    expect(revoke).not.toHaveBeenCalled();
    await act(async () => {
      fireEvent.click(screen.getByRole('button', { name: 'End all tokens' }));
    });
    expect(revoke).toHaveBeenCalledWith('DELETE', 'tokens/');
    expect(screen.getByRole('status').textContent).toContain('Every API token was ended');
  });
});
