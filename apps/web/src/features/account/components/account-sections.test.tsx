import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { act, cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import type { ReactNode } from 'react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { apiClient, type HttpMethod, type RequestOptions } from '../../../lib/api-client.ts';
import { EmailAddressesSection } from './email-addresses-section.tsx';
import { PasswordSection } from './password-section.tsx';
import { ReauthenticationProvider } from './reauthentication-provider.tsx';
import { SessionsSection } from './sessions-section.tsx';

afterEach(cleanup);

function renderInAccountArea(children: ReactNode) {
  const client = new QueryClient({
    defaultOptions: { queries: { retry: false }, mutations: { retry: false } },
  });
  render(
    <QueryClientProvider client={client}>
      <ReauthenticationProvider>{children}</ReauthenticationProvider>
    </QueryClientProvider>,
  );
}

type Answer = (body: Record<string, unknown> | undefined) => unknown;

function serve(routes: Record<string, Answer>) {
  return vi
    .spyOn(apiClient, 'auth')
    .mockImplementation((method: HttpMethod, path: string, options: RequestOptions = {}) => {
      const answer = routes[`${method} ${path}`];
      if (!answer) return Promise.reject(new Error(`unexpected ${method} ${path}`));
      return Promise.resolve(answer(options.body as Record<string, unknown> | undefined));
    });
}

const addresses = [
  { email: 'ann@example.org', primary: true, verified: true },
  { email: 'new@example.org', primary: false, verified: false },
  { email: 'work@example.org', primary: false, verified: true },
];

describe('email addresses', () => {
  it('marks primary and verified, and explains the actions that are off', async () => {
    serve({ 'GET account/email': () => ({ status: 200, data: addresses }) });
    renderInAccountArea(<EmailAddressesSection />);
    const [primary, unverified, verified] = (await screen.findAllByRole('listitem')).map((row) =>
      within(row),
    );

    expect(primary!.getByText('Primary')).toBeTruthy();
    expect(primary!.getByText('Verified')).toBeTruthy();
    const removePrimary = primary!.getByRole('button', { name: 'Remove ann@example.org' });
    expect(removePrimary).toHaveProperty('disabled', true);
    expect(document.getElementById(removePrimary.getAttribute('aria-describedby')!)!.textContent).toContain(
      'Your primary address cannot be removed',
    );
    expect(primary!.queryByRole('button', { name: 'Make primary' })).toBeNull();

    expect(unverified!.getByText('Unverified')).toBeTruthy();
    const makeUnverifiedPrimary = unverified!.getByRole('button', { name: 'Make primary' });
    expect(makeUnverifiedPrimary).toHaveProperty('disabled', true);
    expect(
      document.getElementById(makeUnverifiedPrimary.getAttribute('aria-describedby')!)!.textContent,
    ).toContain('Confirm this address');
    expect(unverified!.getByRole('button', { name: 'Resend confirmation' })).toBeTruthy();

    expect(verified!.getByRole('button', { name: 'Make primary' })).toHaveProperty('disabled', false);
    expect(verified!.getByRole('button', { name: 'Remove work@example.org' })).toHaveProperty(
      'disabled',
      false,
    );
    expect(verified!.queryByRole('button', { name: 'Resend confirmation' })).toBeNull();
  });

  it('makes a verified address primary and tells the owner of the change', async () => {
    const onPrimaryChanged = vi.fn();
    const server = serve({
      'GET account/email': () => ({ status: 200, data: addresses }),
      'PATCH account/email': (body) => ({
        status: 200,
        data: addresses.map((a) => ({ ...a, primary: a.email === body?.email })),
      }),
    });
    renderInAccountArea(<EmailAddressesSection onPrimaryChanged={onPrimaryChanged} />);
    const work = within((await screen.findAllByRole('listitem'))[2]!);
    await act(async () => {
      fireEvent.click(work.getByRole('button', { name: 'Make primary' }));
    });
    expect(server).toHaveBeenCalledWith('PATCH', 'account/email', {
      body: { email: 'work@example.org', primary: true },
    });
    expect(onPrimaryChanged).toHaveBeenCalledOnce();
    // The list shows the change once its answer is rendered, which a busy machine may not have done yet.
    await waitFor(() => {
      expect(within(screen.getAllByRole('listitem')[2]!).getByText('Primary')).toBeTruthy();
    });
  });

  it('resends the confirmation and says where it went', async () => {
    const server = serve({
      'GET account/email': () => ({ status: 200, data: addresses }),
      'PUT account/email': () => ({ status: 200 }),
    });
    renderInAccountArea(<EmailAddressesSection />);
    const unverified = within((await screen.findAllByRole('listitem'))[1]!);
    await act(async () => {
      fireEvent.click(unverified.getByRole('button', { name: 'Resend confirmation' }));
    });
    expect(server).toHaveBeenCalledWith('PUT', 'account/email', { body: { email: 'new@example.org' } });
    expect(await screen.findByText('A new confirmation link was sent to new@example.org.')).toBeTruthy();
  });
});

describe('password', () => {
  it('changes the password and says what else happened', async () => {
    const onChanged = vi.fn();
    const server = serve({ 'POST account/password/change': () => ({ status: 200, data: {} }) });
    renderInAccountArea(<PasswordSection hasUsablePassword onChanged={onChanged} />);
    fireEvent.change(screen.getByLabelText('Current password'), { target: { value: 'old one' } });
    fireEvent.change(screen.getByLabelText('New password'), { target: { value: 'a much better one' } });
    expect(screen.getAllByRole('button', { name: 'Show password' })).toHaveLength(2);
    await act(async () => {
      fireEvent.click(screen.getByRole('button', { name: 'Change password' }));
    });
    expect(server).toHaveBeenCalledWith('POST', 'account/password/change', {
      body: { current_password: 'old one', new_password: 'a much better one' },
      // The new session's cookies must survive leaving the page while it is saved.
      rotatesSession: true,
    });
    expect(onChanged).toHaveBeenCalledOnce();
    expect((await screen.findByRole('status')).textContent).toMatch(
      /password was changed\. Your other sessions were logged out and your API tokens revoked/,
    );
  });

  it('shows the server’s errors on their fields', async () => {
    serve({
      'POST account/password/change': () => ({
        status: 400,
        errors: [
          {
            param: 'current_password',
            code: 'enter_current_password',
            message: 'Please type your current password.',
          },
          { param: 'new_password', code: 'password_too_short', message: 'This password is too short.' },
        ],
      }),
    });
    renderInAccountArea(<PasswordSection hasUsablePassword />);
    fireEvent.change(screen.getByLabelText('Current password'), { target: { value: 'wrong' } });
    fireEvent.change(screen.getByLabelText('New password'), { target: { value: 'short' } });
    await act(async () => {
      fireEvent.click(screen.getByRole('button', { name: 'Change password' }));
    });
    expect(screen.getByLabelText('Current password').getAttribute('aria-invalid')).toBe('true');
    expect(screen.getByText('Please type your current password.')).toBeTruthy();
    expect(screen.getByText('This password is too short.')).toBeTruthy();
  });

  it('sets a first password without asking for a current one', async () => {
    const server = serve({ 'POST account/password/change': () => ({ status: 200, data: {} }) });
    renderInAccountArea(<PasswordSection hasUsablePassword={false} />);
    expect(screen.getByRole('heading', { name: 'Set a password' })).toBeTruthy();
    expect(screen.queryByLabelText('Current password')).toBeNull();
    fireEvent.change(screen.getByLabelText('New password'), { target: { value: 'a much better one' } });
    await act(async () => {
      fireEvent.click(screen.getByRole('button', { name: 'Set password' }));
    });
    expect(server).toHaveBeenCalledWith('POST', 'account/password/change', {
      body: { new_password: 'a much better one' },
      rotatesSession: true,
    });
  });
});

describe('sessions', () => {
  const chrome =
    'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36';
  const firefox = 'Mozilla/5.0 (Windows NT 10.0; Win64; x64; rv:133.0) Gecko/20100101 Firefox/133.0';
  const now = Math.floor(Date.now() / 1000);
  const sessions = [
    {
      id: 7,
      user_agent: firefox,
      ip: '192.0.2.7',
      created_at: now - 86_400 * 3,
      is_current: false,
      last_seen_at: now - 86_400,
    },
    { id: 3, user_agent: chrome, ip: '127.0.0.1', created_at: now - 60, is_current: true, last_seen_at: now },
    {
      id: 9,
      user_agent: 'curl/8.5.0',
      ip: '192.0.2.9',
      created_at: now - 60,
      is_current: false,
      last_seen_at: now,
    },
  ];

  it('lists this device first, each as a readable browser and system, and signs others out', async () => {
    let live = sessions;
    const server = serve({
      'GET auth/sessions': () => ({ status: 200, data: live }),
      'DELETE auth/sessions': (body) => {
        live = live.filter((s) => !(body?.sessions as number[]).includes(s.id));
        return { status: 200, data: live };
      },
    });
    renderInAccountArea(<SessionsSection />);
    const rows = await screen.findAllByRole('listitem');
    expect(rows.map((row) => row.textContent)).toEqual([
      expect.stringMatching(/^Chrome on LinuxThis device127\.0\.0\.1 · logged in .* · last active today$/),
      expect.stringMatching(
        /^Firefox on Windows192\.0\.2\.7 · logged in .* · last active 1 day agoLog out this session$/,
      ),
      expect.stringMatching(/^curl192\.0\.2\.9/),
    ]);
    expect(within(rows[0]!).queryByRole('button')).toBeNull();
    expect(within(rows[1]!).getByText('Firefox on Windows').getAttribute('title')).toBe(firefox);

    await act(async () => {
      fireEvent.click(within(rows[1]!).getByRole('button', { name: 'Log out this session' }));
    });
    expect(server).toHaveBeenCalledWith('DELETE', 'auth/sessions', { body: { sessions: [7] } });
    await waitFor(() => expect(screen.queryByText('Firefox on Windows')).toBeNull());

    await act(async () => {
      fireEvent.click(screen.getByRole('button', { name: 'Log out all other sessions' }));
    });
    expect(server).toHaveBeenLastCalledWith('DELETE', 'auth/sessions', { body: { sessions: [9] } });
    expect(await screen.findByText('You are not logged in anywhere else.')).toBeTruthy();
  });
});
