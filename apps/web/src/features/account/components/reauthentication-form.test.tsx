import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { act, cleanup, fireEvent, render, screen } from '@testing-library/react';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { apiClient, type HttpMethod, type RequestOptions } from '../../../lib/api-client.ts';
import type { PasskeyReach } from '../../../lib/passkey-reach.ts';
import { EmailAddressesSection } from './email-addresses-section.tsx';
import { ReauthenticationProvider } from './reauthentication-provider.tsx';

afterEach(cleanup);

beforeAll(() => {
  // jsdom has <dialog> without its modal methods; these do what the browser does to `open`.
  HTMLDialogElement.prototype.showModal = function showModal(this: HTMLDialogElement) {
    this.setAttribute('open', '');
  };
  HTMLDialogElement.prototype.close = function close(this: HTMLDialogElement) {
    this.removeAttribute('open');
  };
});

const user = { id: 1, display: 'ann', has_usable_password: true, email: 'ann@example.org' };
const primary = { email: 'ann@example.org', primary: true, verified: true };
const added = { email: 'work@example.org', primary: false, verified: false };

/** An allauth server whose account has two-factor on: it offers these flows to reauthenticate. */
function fakeServer(flows: Array<{ id: string; types?: string[] }>, code: string) {
  let recentlyAuthenticated = false;
  const calls: string[] = [];
  vi.spyOn(apiClient, 'auth').mockImplementation(
    (method: HttpMethod, path: string, options: RequestOptions = {}) => {
      calls.push(`${method} ${path}`);
      const body = options.body as Record<string, string> | undefined;
      if (method === 'GET' && path === 'account/email')
        return Promise.resolve({ status: 200, data: [primary] });
      if (method === 'POST' && path === 'account/email') {
        return Promise.resolve(
          recentlyAuthenticated
            ? { status: 200, data: [primary, added] }
            : { status: 401, data: { user, methods: [], flows }, meta: { is_authenticated: true } },
        );
      }
      if (method === 'POST' && path === 'auth/2fa/reauthenticate') {
        if (body?.code !== code) {
          return Promise.resolve({
            status: 400,
            errors: [{ param: 'code', code: 'incorrect_code', message: 'That code is not right.' }],
          });
        }
        recentlyAuthenticated = true;
        return Promise.resolve({
          status: 200,
          data: { user, methods: [] },
          meta: { is_authenticated: true },
        });
      }
      return Promise.reject(new Error(`unexpected ${method} ${path}`));
    },
  );
  return calls;
}

async function addWorkAddress(passkeys: PasskeyReach = { kind: 'here' }) {
  const client = new QueryClient({
    defaultOptions: { queries: { retry: false }, mutations: { retry: false } },
  });
  render(
    <QueryClientProvider client={client}>
      <ReauthenticationProvider passkeys={passkeys}>
        <EmailAddressesSection />
      </ReauthenticationProvider>
    </QueryClientProvider>,
  );
  await screen.findByText('ann@example.org');
  fireEvent.change(screen.getByLabelText('Add an email address'), { target: { value: added.email } });
  await act(async () => {
    fireEvent.click(screen.getByRole('button', { name: 'Add email' }));
  });
  return screen.findByRole('dialog', { name: 'Confirm it’s you' });
}

describe('reauthentication with a second factor', { timeout: 15_000 }, () => {
  it('offers the authenticator app’s code, shows a wrong one on its field, then finishes the change', async () => {
    const calls = fakeServer(
      [{ id: 'reauthenticate' }, { id: 'mfa_reauthenticate', types: ['totp', 'recovery_codes'] }],
      '123456',
    );
    const dialog = await addWorkAddress();
    expect(screen.getByRole('radio', { name: 'Password' })).toHaveProperty('checked', true);
    expect(screen.getByRole('radio', { name: 'Recovery code' })).toBeTruthy();
    expect(screen.queryByRole('radio', { name: 'Passkey' })).toBeNull();

    fireEvent.click(screen.getByRole('radio', { name: 'Authenticator app' }));
    const field = screen.getByLabelText('Authentication code');
    fireEvent.change(field, { target: { value: '000000' } });
    await act(async () => {
      fireEvent.click(screen.getByRole('button', { name: 'Confirm' }));
    });
    expect(await screen.findByText('That code is not right.')).toBeTruthy();
    expect(screen.getByLabelText('Authentication code').getAttribute('aria-invalid')).toBe('true');

    fireEvent.change(screen.getByLabelText('Authentication code'), { target: { value: '123456' } });
    await act(async () => {
      fireEvent.click(screen.getByRole('button', { name: 'Confirm' }));
    });
    await screen.findByText(
      'We sent a verification link to work@example.org. Open it to confirm the address.',
    );
    expect(dialog.hasAttribute('open')).toBe(false);
    expect(calls.filter((call) => call === 'POST account/email')).toHaveLength(2);
    expect(calls.filter((call) => call === 'POST auth/2fa/reauthenticate')).toHaveLength(2);
  });

  it('asks an account without a password for its passkey only', async () => {
    fakeServer([{ id: 'mfa_reauthenticate', types: ['webauthn'] }], 'unused');
    await addWorkAddress();
    expect(screen.queryByLabelText('Your password')).toBeNull();
    expect(screen.queryByRole('radio')).toBeNull();
    const passkey = screen.getByRole('button', { name: 'Use a passkey' });
    expect(document.activeElement).toBe(passkey);
  });

  // npm start's site is http://localhost:PORT; the same server opened at 127.0.0.1 cannot use passkeys.
  const elsewhere: PasskeyReach = { kind: 'elsewhere', origin: 'http://localhost:8080' };

  it('leaves the passkey out where this page cannot use one, when another way is offered', async () => {
    fakeServer([{ id: 'reauthenticate' }, { id: 'mfa_reauthenticate', types: ['totp', 'webauthn'] }], '1');
    await addWorkAddress(elsewhere);
    expect(screen.getByRole('radio', { name: 'Password' })).toBeTruthy();
    expect(screen.getByRole('radio', { name: 'Authenticator app' })).toBeTruthy();
    expect(screen.queryByRole('radio', { name: 'Passkey' })).toBeNull();
  });

  it('tells a passkey-only account where its passkey works instead of offering one that fails', async () => {
    fakeServer([{ id: 'mfa_reauthenticate', types: ['webauthn'] }], 'unused');
    await addWorkAddress(elsewhere);
    expect(screen.queryByRole('button', { name: 'Use a passkey' })).toBeNull();
    expect(screen.getByText(/Passkeys work at http:\/\/localhost:8080/)).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Open Voxpad at http://localhost:8080' })).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Cancel' })).toBeTruthy();
  });
});
