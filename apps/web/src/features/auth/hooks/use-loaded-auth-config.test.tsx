import { focusManager, QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { act, cleanup, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { apiClient } from '../../../lib/api-client.ts';
import { authConfigQueryKey, type AuthConfig } from '../api/get-auth-config.ts';
import { useLoadedAuthConfig } from './use-loaded-auth-config.ts';

function config(isOpenForSignup: boolean): AuthConfig {
  return {
    account: {
      authentication_method: 'email',
      login_methods: ['email'],
      is_open_for_signup: isOpenForSignup,
      email_verification_by_code_enabled: false,
      login_by_code_enabled: false,
      password_reset_by_code_enabled: false,
    },
  };
}

function Signup({ loaded }: { loaded: AuthConfig }) {
  const current = useLoadedAuthConfig(loaded);
  return <p>{current.account.is_open_for_signup ? 'Sign-ups open' : 'Sign-ups closed'}</p>;
}

function renderWith(client: QueryClient, loaded: AuthConfig) {
  return render(
    <QueryClientProvider client={client}>
      <Signup loaded={loaded} />
    </QueryClientProvider>,
  );
}

afterEach(() => {
  cleanup();
  focusManager.setFocused(undefined);
});

describe('useLoadedAuthConfig (the login page’s auth config, without a QueryObserver)', () => {
  it('shows what the cache holds and follows it when it changes', () => {
    const client = new QueryClient();
    client.setQueryData(authConfigQueryKey, config(true));
    renderWith(client, config(true));
    expect(screen.getByText('Sign-ups open')).toBeTruthy();

    act(() => {
      client.setQueryData(authConfigQueryKey, config(false));
    });
    expect(screen.getByText('Sign-ups closed')).toBeTruthy();
  });

  it('shows the loader’s config when the cache no longer holds it', () => {
    renderWith(new QueryClient(), config(false));
    expect(screen.getByText('Sign-ups closed')).toBeTruthy();
  });

  it('fetches the config again when the window regains focus (spec §4), and shows the answer', async () => {
    const client = new QueryClient();
    client.setQueryData(authConfigQueryKey, config(true));
    const auth = vi.spyOn(apiClient, 'auth').mockResolvedValue({ status: 200, data: config(false) });
    renderWith(client, config(true));
    expect(auth).not.toHaveBeenCalled();

    await act(async () => {
      focusManager.setFocused(false);
      focusManager.setFocused(true);
    });
    expect(auth).toHaveBeenCalledWith('GET', 'config');
    expect(await screen.findByText('Sign-ups closed')).toBeTruthy();
  });

  it('keeps the config shown when the refetch fails', async () => {
    const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
    client.setQueryData(authConfigQueryKey, config(true));
    const auth = vi.spyOn(apiClient, 'auth').mockRejectedValue(new Error('offline'));
    renderWith(client, config(true));

    await act(async () => {
      focusManager.setFocused(false);
      focusManager.setFocused(true);
    });
    expect(auth).toHaveBeenCalledTimes(1);
    expect(screen.getByText('Sign-ups open')).toBeTruthy();
  });
});
