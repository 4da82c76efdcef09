import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { act, cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { apiClient, type HttpMethod, type RequestOptions } from '../../../lib/api-client.ts';
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
const reauthenticationRequired = {
  status: 401,
  data: { user, methods: [], flows: [{ id: 'reauthenticate' }] },
  meta: { is_authenticated: true },
};
const primary = { email: 'ann@example.org', primary: true, verified: true };
const added = { email: 'work@example.org', primary: false, verified: false };

/** The allauth server as the account area sees it: adding needs a fresh password once. */
function fakeServer(password: string) {
  let recentlyAuthenticated = false;
  const calls: string[] = [];
  vi.spyOn(apiClient, 'auth').mockImplementation(
    (method: HttpMethod, path: string, options: RequestOptions = {}) => {
      calls.push(`${method} ${path}`);
      const body = options.body as Record<string, string> | undefined;
      if (method === 'GET' && path === 'account/email') {
        return Promise.resolve({ status: 200, data: [primary] });
      }
      if (method === 'POST' && path === 'account/email') {
        return Promise.resolve(
          recentlyAuthenticated ? { status: 200, data: [primary, added] } : reauthenticationRequired,
        );
      }
      if (method === 'POST' && path === 'auth/reauthenticate') {
        if (body?.password !== password) {
          return Promise.resolve({
            status: 400,
            errors: [{ param: 'password', code: 'incorrect_password', message: 'Incorrect password.' }],
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

function renderEmails() {
  const client = new QueryClient({
    defaultOptions: { queries: { retry: false }, mutations: { retry: false } },
  });
  render(
    <QueryClientProvider client={client}>
      <ReauthenticationProvider>
        <EmailAddressesSection />
      </ReauthenticationProvider>
    </QueryClientProvider>,
  );
}

async function addWorkAddress() {
  await screen.findByText('ann@example.org');
  fireEvent.change(screen.getByLabelText('Add an email address'), { target: { value: added.email } });
  await act(async () => {
    fireEvent.click(screen.getByRole('button', { name: 'Add email' }));
  });
  return screen.findByRole('dialog', { name: 'Confirm it’s you' });
}

describe('reauthentication in place', () => {
  it('asks for the password, shows a wrong one on the field, then finishes the add by itself', async () => {
    const calls = fakeServer('the right password');
    renderEmails();
    const dialog = await addWorkAddress();
    // The add waits for the password instead of failing.
    expect(screen.getByRole('button', { name: 'Adding…' })).toHaveProperty('disabled', true);
    expect(document.activeElement).toBe(screen.getByLabelText('Your password'));

    fireEvent.change(screen.getByLabelText('Your password'), { target: { value: 'a wrong guess' } });
    await act(async () => {
      fireEvent.click(screen.getByRole('button', { name: 'Confirm' }));
    });
    expect(await screen.findByText('Incorrect password.')).toBeTruthy();
    expect(screen.getByLabelText('Your password').getAttribute('aria-invalid')).toBe('true');

    fireEvent.change(screen.getByLabelText('Your password'), { target: { value: 'the right password' } });
    await act(async () => {
      fireEvent.click(screen.getByRole('button', { name: 'Confirm' }));
    });
    await screen.findByText(
      'We sent a verification link to work@example.org. Open it to confirm the address.',
    );
    expect(dialog.hasAttribute('open')).toBe(false);
    expect(screen.getByText('work@example.org')).toBeTruthy();
    expect(calls.filter((call) => call === 'POST account/email')).toHaveLength(2);
    expect(calls.filter((call) => call === 'POST auth/reauthenticate')).toHaveLength(2);
  });

  it('drops the change quietly when the person cancels', async () => {
    const calls = fakeServer('the right password');
    renderEmails();
    const dialog = await addWorkAddress();
    await act(async () => {
      fireEvent.click(screen.getByRole('button', { name: 'Cancel' }));
    });
    await waitFor(() =>
      expect(screen.getByRole('button', { name: 'Add email' })).toHaveProperty('disabled', false),
    );
    expect(dialog.hasAttribute('open')).toBe(false);
    expect(screen.queryByRole('alert')).toBeNull();
    expect(calls.filter((call) => call === 'POST account/email')).toHaveLength(1);
    expect(calls).not.toContain('POST auth/reauthenticate');
  });

  it('puts the server’s refusal of the address next to the field', async () => {
    vi.spyOn(apiClient, 'auth').mockImplementation((method: HttpMethod) =>
      Promise.resolve(
        method === 'GET'
          ? { status: 200, data: [primary] }
          : {
              status: 400,
              errors: [
                {
                  param: 'email',
                  code: 'email_taken',
                  message: 'A user is already registered with this email address.',
                },
              ],
            },
      ),
    );
    renderEmails();
    await screen.findByText('ann@example.org');
    fireEvent.change(screen.getByLabelText('Add an email address'), {
      target: { value: 'taken@example.org' },
    });
    await act(async () => {
      fireEvent.click(screen.getByRole('button', { name: 'Add email' }));
    });
    const field = screen.getByLabelText('Add an email address');
    await waitFor(() => expect(field.getAttribute('aria-invalid')).toBe('true'));
    const errorId = field.getAttribute('aria-describedby')!;
    expect(document.getElementById(errorId)!.textContent).toBe(
      'A user is already registered with this email address.',
    );
  });
});
