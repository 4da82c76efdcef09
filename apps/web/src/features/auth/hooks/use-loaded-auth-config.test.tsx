import { act, cleanup, render, screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { apiClient } from '../../../lib/api-client.ts';
import type { AuthConfig } from '../api/get-auth-config.ts';
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

let visibility: DocumentVisibilityState = 'visible';
beforeEach(() => {
  vi.spyOn(document, 'visibilityState', 'get').mockImplementation(() => visibility);
});

async function showPage(state: DocumentVisibilityState) {
  visibility = state;
  await act(async () => {
    document.dispatchEvent(new Event('visibilitychange'));
  });
}

afterEach(() => {
  cleanup();
  visibility = 'visible';
});

describe('useLoadedAuthConfig (the login page’s auth config, without React Query)', () => {
  it('shows the config the loader fetched, and a newer one the loader brings', () => {
    const { rerender } = render(<Signup loaded={config(true)} />);
    expect(screen.getByText('Sign-ups open')).toBeTruthy();
    rerender(<Signup loaded={config(false)} />);
    expect(screen.getByText('Sign-ups closed')).toBeTruthy();
  });

  it('fetches the config again when the page is shown again (spec §4), and shows the answer', async () => {
    const auth = vi.spyOn(apiClient, 'auth').mockResolvedValue({ status: 200, data: config(false) });
    render(<Signup loaded={config(true)} />);

    await showPage('hidden');
    expect(auth).not.toHaveBeenCalled();
    await showPage('visible');
    expect(auth).toHaveBeenCalledWith('GET', 'config');
    expect(screen.getByText('Sign-ups closed')).toBeTruthy();
  });

  it('keeps the config shown when the refetch fails', async () => {
    const auth = vi.spyOn(apiClient, 'auth').mockRejectedValue(new Error('offline'));
    render(<Signup loaded={config(true)} />);

    await showPage('visible');
    expect(auth).toHaveBeenCalledTimes(1);
    expect(screen.getByText('Sign-ups open')).toBeTruthy();
  });
});
