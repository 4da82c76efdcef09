import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { act, cleanup, fireEvent, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { apiClient, type HttpMethod, type RequestOptions } from '../../../lib/api-client.ts';
import { sessionQueryKey } from '../api/get-session.ts';
import { SecondFactorForm } from './second-factor-form.tsx';

afterEach(cleanup);

const user = { id: 1, display: 'ann', has_usable_password: true, email: 'ann@example.org' };
const signedIn = { status: 200, data: { user, methods: [] }, meta: { is_authenticated: true } };

/** allauth with MFA_TRUST_ENABLED: a right code leads to the mfa_trust stage, then a session. */
function fakeServer(code: string) {
  const calls: Array<{ path: string; body: unknown }> = [];
  vi.spyOn(apiClient, 'auth').mockImplementation(
    (method: HttpMethod, path: string, options: RequestOptions = {}) => {
      calls.push({ path: `${method} ${path}`, body: options.body });
      const body = options.body as { code?: string } | undefined;
      if (path === 'auth/2fa/authenticate') {
        return Promise.resolve(
          body?.code === code
            ? {
                status: 401,
                data: { flows: [{ id: 'mfa_trust', is_pending: true }] },
                meta: { is_authenticated: false },
              }
            : {
                status: 400,
                errors: [{ param: 'code', code: 'incorrect_code', message: 'That code is not right.' }],
              },
        );
      }
      if (path === 'auth/2fa/trust') return Promise.resolve(signedIn);
      return Promise.reject(new Error(`unexpected ${method} ${path}`));
    },
  );
  return calls;
}

function renderForm(types: Array<'totp' | 'recovery_codes' | 'webauthn'>) {
  const client = new QueryClient({ defaultOptions: { mutations: { retry: false } } });
  const onAuthenticated = vi.fn();
  const onPendingFlow = vi.fn(() => false);
  render(
    <QueryClientProvider client={client}>
      <SecondFactorForm types={types} onAuthenticated={onAuthenticated} onPendingFlow={onPendingFlow} />
    </QueryClientProvider>,
  );
  return { client, onAuthenticated, onPendingFlow };
}

describe('the login’s second step', () => {
  it('takes a recovery code, answers the trust stage as ticked, and signs in', async () => {
    const calls = fakeServer('abcd-efgh');
    const { client, onAuthenticated } = renderForm(['totp', 'recovery_codes']);
    expect(screen.getByLabelText('Authentication code')).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Use a passkey' })).toBeNull();

    fireEvent.click(screen.getByRole('button', { name: 'Use a recovery code instead' }));
    fireEvent.change(screen.getByLabelText('Recovery code'), { target: { value: 'wrong' } });
    await act(async () => {
      fireEvent.click(screen.getByRole('button', { name: 'Continue' }));
    });
    expect(await screen.findByText('That code is not right.')).toBeTruthy();
    expect(onAuthenticated).not.toHaveBeenCalled();

    fireEvent.change(screen.getByLabelText('Recovery code'), { target: { value: ' abcd-efgh ' } });
    fireEvent.click(screen.getByLabelText('Trust this browser for 14 days'));
    await act(async () => {
      fireEvent.click(screen.getByRole('button', { name: 'Continue' }));
    });
    expect(onAuthenticated).toHaveBeenCalledOnce();
    expect(calls.map((call) => call.path)).toEqual([
      'POST auth/2fa/authenticate',
      'POST auth/2fa/authenticate',
      'POST auth/2fa/trust',
    ]);
    expect(calls[1]?.body).toEqual({ code: 'abcd-efgh' });
    expect(calls[2]?.body).toEqual({ trust: true });
    expect(client.getQueryData(sessionQueryKey)).toEqual({ isAuthenticated: true, user });
  });

  it('tells the server not to trust the browser when the box is left empty', async () => {
    const calls = fakeServer('123456');
    const { onAuthenticated } = renderForm(['totp']);
    expect(screen.queryByRole('button', { name: 'Use a recovery code instead' })).toBeNull();
    fireEvent.change(screen.getByLabelText('Authentication code'), { target: { value: '123 456' } });
    await act(async () => {
      fireEvent.click(screen.getByRole('button', { name: 'Continue' }));
    });
    expect(onAuthenticated).toHaveBeenCalledOnce();
    expect(calls.at(-1)).toEqual({ path: 'POST auth/2fa/trust', body: { trust: false } });
  });

  it('offers only the passkey when that is the account’s one second factor', () => {
    renderForm(['webauthn']);
    expect(screen.queryByLabelText('Authentication code')).toBeNull();
    expect(screen.getByRole('button', { name: 'Use a passkey' })).toBeTruthy();
  });
});
