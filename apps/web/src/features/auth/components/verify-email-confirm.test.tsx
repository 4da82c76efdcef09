import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { act, cleanup, fireEvent, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { apiClient } from '../../../lib/api-client.ts';
import { sessionQueryKey } from '../api/get-session.ts';
import { VerifyEmailConfirm } from './verify-email-confirm.tsx';

afterEach(() => {
  cleanup();
  vi.restoreAllMocks();
});

/** The server's answer to POST auth/email/verify, as allauth gives it. */
function answerVerify(response: unknown) {
  vi.spyOn(apiClient, 'auth').mockImplementation((method, path) =>
    method === 'POST' && path === 'auth/email/verify'
      ? Promise.resolve(response)
      : Promise.reject(new Error(`unexpected ${method} ${path}`)),
  );
}

function renderConfirm(onPendingFlow: (flow: string) => boolean) {
  const client = new QueryClient({ defaultOptions: { mutations: { retry: false } } });
  const props = {
    onAuthenticated: vi.fn(),
    onLoginRequired: vi.fn(),
    onInvalidKey: vi.fn(),
    onPendingFlow: vi.fn(onPendingFlow),
  };
  render(
    <QueryClientProvider client={client}>
      <VerifyEmailConfirm verificationKey="key-1" email="ann@example.org" {...props} />
    </QueryClientProvider>,
  );
  return { client, ...props };
}

async function confirm() {
  await act(async () => {
    fireEvent.click(screen.getByRole('button', { name: 'Confirm' }));
  });
}

describe('confirming an address', () => {
  it('goes on to the passkey step of a passkey signup confirmed in the same browser', async () => {
    answerVerify({
      status: 401,
      data: {
        flows: [{ id: 'verify_email' }, { id: 'mfa_signup_webauthn', is_pending: true }],
      },
      meta: { is_authenticated: false },
    });
    const { client, onPendingFlow, onLoginRequired } = renderConfirm(() => true);
    await confirm();
    expect(onPendingFlow).toHaveBeenCalledWith('mfa_signup_webauthn');
    expect(onLoginRequired).not.toHaveBeenCalled();
    // The passkey step reads the pending flow from the session kept here.
    expect(client.getQueryData(sessionQueryKey)).toMatchObject({
      isAuthenticated: false,
      flows: expect.arrayContaining([{ id: 'mfa_signup_webauthn', is_pending: true }]),
    });
  });

  it('asks for a login when no further step waits in this browser', async () => {
    answerVerify({ status: 401, data: { flows: [{ id: 'login' }] }, meta: { is_authenticated: false } });
    const { onPendingFlow, onLoginRequired } = renderConfirm(() => true);
    await confirm();
    expect(onPendingFlow).not.toHaveBeenCalled();
    expect(onLoginRequired).toHaveBeenCalledOnce();
  });

  it('asks for a login when the route has no screen for the pending step', async () => {
    answerVerify({
      status: 401,
      data: { flows: [{ id: 'provider_signup', is_pending: true }] },
      meta: { is_authenticated: false },
    });
    const { onPendingFlow, onLoginRequired } = renderConfirm(() => false);
    await confirm();
    expect(onPendingFlow).toHaveBeenCalledWith('provider_signup');
    expect(onLoginRequired).toHaveBeenCalledOnce();
  });
});
