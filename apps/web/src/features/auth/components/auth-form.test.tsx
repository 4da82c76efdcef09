import { LIMITS } from '@voxpad/shared/limits';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { act, cleanup, fireEvent, render, screen } from '@testing-library/react';
import type { ReactNode } from 'react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { apiClient } from '../../../lib/api-client.ts';
import { LoginForm } from './login-form.tsx';
import { ResetPasswordForm } from './reset-password-form.tsx';

afterEach(cleanup);

function withClient(children: ReactNode) {
  const client = new QueryClient({ defaultOptions: { mutations: { retry: false } } });
  return <QueryClientProvider client={client}>{children}</QueryClientProvider>;
}

function describedBy(input: HTMLElement): string[] {
  return (input.getAttribute('aria-describedby') ?? '')
    .split(' ')
    .filter(Boolean)
    .map((id) => document.getElementById(id)?.textContent ?? `missing #${id}`);
}

async function submit(name: string) {
  await act(async () => {
    fireEvent.click(screen.getByRole('button', { name }));
  });
}

describe('auth forms (shared field and error handling)', () => {
  it('ties client-side errors to their fields and clears them once fixed', async () => {
    vi.spyOn(apiClient, 'auth').mockResolvedValue({ status: 400 });
    render(
      withClient(<LoginForm loginMethods={['username']} onAuthenticated={vi.fn()} onPendingFlow={vi.fn()} />),
    );
    const login = screen.getByLabelText('Username or email');
    const password = screen.getByLabelText('Password');
    expect(login.getAttribute('autocomplete')).toBe('username');
    expect(password.getAttribute('autocomplete')).toBe('current-password');
    expect(login.hasAttribute('aria-invalid')).toBe(false);

    await submit('Log in');
    expect(login.getAttribute('aria-invalid')).toBe('true');
    expect(describedBy(login)).toEqual(['Enter your username or email.']);
    expect(describedBy(password)).toEqual(['Enter your password.']);
    expect(apiClient.auth).not.toHaveBeenCalled();

    fireEvent.change(login, { target: { value: 'ada' } });
    fireEvent.change(password, { target: { value: 'secret' } });
    await submit('Log in');
    expect(apiClient.auth).toHaveBeenCalledWith('POST', 'auth/login', {
      body: { username: 'ada', password: 'secret' },
    });
    expect(login.hasAttribute('aria-invalid')).toBe(false);
    // The server said nothing usable: the form's own fallback shows above the fields.
    expect(screen.getByRole('alert').textContent).toBe('Logging in did not work. Please try again.');
  });

  it("puts the server's errors on their fields by param and the rest above the form", async () => {
    vi.spyOn(apiClient, 'auth').mockResolvedValue({
      status: 400,
      errors: [
        { message: 'The username and/or password you specified are not correct.', code: 'x' },
        { message: 'No such user.', code: 'y', param: 'username' },
      ],
    });
    render(
      withClient(<LoginForm loginMethods={['username']} onAuthenticated={vi.fn()} onPendingFlow={vi.fn()} />),
    );
    fireEvent.change(screen.getByLabelText('Username or email'), { target: { value: 'ada' } });
    fireEvent.change(screen.getByLabelText('Password'), { target: { value: 'secret' } });
    await submit('Log in');
    expect(screen.getByRole('alert').textContent).toBe(
      'The username and/or password you specified are not correct.',
    );
    expect(describedBy(screen.getByLabelText('Username or email'))).toEqual(['No such user.']);
  });

  it('says one thing at a time: the rule as a hint, then the error in its place; a failed call shows its message', async () => {
    vi.spyOn(apiClient, 'auth').mockRejectedValue(new Error('You are offline.'));
    render(
      withClient(
        <ResetPasswordForm
          resetKey="k"
          user={undefined}
          onAuthenticated={vi.fn()}
          onLoginRequired={vi.fn()}
          onInvalidKey={vi.fn()}
        />,
      ),
    );
    const password = screen.getByLabelText('New password');
    expect(password.getAttribute('autocomplete')).toBe('new-password');
    expect(describedBy(password)).toEqual([`At least ${LIMITS.passwordMin} characters.`]);

    await submit('Set new password');
    expect(password.getAttribute('aria-invalid')).toBe('true');
    expect(describedBy(password)).toEqual([`Use at least ${LIMITS.passwordMin} characters.`]);
    expect(screen.queryByText(`At least ${LIMITS.passwordMin} characters.`)).toBeNull();

    fireEvent.change(password, { target: { value: 'a long enough password' } });
    await submit('Set new password');
    expect(screen.getByRole('alert').textContent).toBe('You are offline.');
  });

  it('focuses the first field on arrival', () => {
    render(
      withClient(<LoginForm loginMethods={['username']} onAuthenticated={vi.fn()} onPendingFlow={vi.fn()} />),
    );
    expect(document.activeElement).toBe(screen.getByLabelText('Username or email'));
  });

  it('shows and hides the password with a labelled toggle button', async () => {
    render(
      withClient(<LoginForm loginMethods={['username']} onAuthenticated={vi.fn()} onPendingFlow={vi.fn()} />),
    );
    const auth = vi.spyOn(apiClient, 'auth').mockResolvedValue({ status: 400 });
    const password = screen.getByLabelText('Password');
    const toggle = screen.getByRole('button', { name: 'Show password' });
    expect(toggle.getAttribute('type')).toBe('button');
    expect(password.getAttribute('type')).toBe('password');
    expect(toggle.getAttribute('aria-pressed')).toBe('false');

    fireEvent.change(password, { target: { value: 'secret' } });
    fireEvent.click(toggle);
    expect(password.getAttribute('type')).toBe('text');
    expect(toggle.getAttribute('aria-pressed')).toBe('true');
    expect((password as HTMLInputElement).value).toBe('secret');

    fireEvent.click(toggle);
    expect(password.getAttribute('type')).toBe('password');
    // Toggling never submits the form.
    expect(auth).not.toHaveBeenCalled();
  });
});
