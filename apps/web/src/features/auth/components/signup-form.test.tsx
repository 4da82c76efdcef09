import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { act, cleanup, fireEvent, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { apiClient } from '../../../lib/api-client.ts';
import { SignupForm } from './signup-form.tsx';

afterEach(() => {
  cleanup();
  vi.restoreAllMocks();
});

function renderForm() {
  const client = new QueryClient({ defaultOptions: { mutations: { retry: false } } });
  render(
    <QueryClientProvider client={client}>
      <SignupForm onAuthenticated={vi.fn()} onPendingFlow={() => true} />
    </QueryClientProvider>,
  );
}

/** By accessible name, as a screen reader announces the field ("(optional)" is not part of it). */
function field(name: string): HTMLElement {
  return screen.getByRole('textbox', { name });
}

function fill(name: string, value: string) {
  fireEvent.change(name === 'Password' ? screen.getByLabelText(name) : field(name), { target: { value } });
}

async function signUp() {
  await act(async () => {
    fireEvent.click(screen.getByRole('button', { name: 'Sign up' }));
  });
}

describe('the sign-up form', () => {
  it('marks the username optional and signs up with an email and a password alone', async () => {
    const call = vi.spyOn(apiClient, 'auth').mockResolvedValue({
      status: 401,
      data: { flows: [{ id: 'verify_email', is_pending: true }] },
      meta: { is_authenticated: false },
    });
    renderForm();
    const username = field('Username');
    // Marked beside the label and said in the hint, which screen readers read after the name.
    expect(screen.getByText('(optional)').getAttribute('aria-hidden')).toBe('true');
    expect(username.getAttribute('aria-describedby')).toBeTruthy();
    expect(screen.getByText(/^Optional: leave it empty/)).toBeDefined();
    fill('Email', 'ada@example.org');
    fill('Password', 'a perfectly fine password');
    await signUp();
    expect(call).toHaveBeenCalledWith('POST', 'auth/signup', {
      body: { email: 'ada@example.org', password: 'a perfectly fine password' },
    });
  });

  it('sends a username when one is given', async () => {
    const call = vi.spyOn(apiClient, 'auth').mockResolvedValue({ status: 401, data: { flows: [] } });
    renderForm();
    fill('Email', 'ada@example.org');
    fill('Username', '  ada  ');
    fill('Password', 'a perfectly fine password');
    await signUp();
    expect(call).toHaveBeenCalledWith('POST', 'auth/signup', {
      body: { email: 'ada@example.org', username: 'ada', password: 'a perfectly fine password' },
    });
  });

  it('asks for a username once a server that requires one says so', async () => {
    vi.spyOn(apiClient, 'auth').mockResolvedValue({
      status: 400,
      errors: [{ param: 'username', code: 'required', message: 'This field is required.' }],
    });
    renderForm();
    fill('Email', 'ada@example.org');
    fill('Password', 'a perfectly fine password');
    await signUp();
    const username = field('Username');
    expect(username.getAttribute('aria-invalid')).toBe('true');
    expect(screen.queryByText('(optional)')).toBeNull();
    expect(screen.getByText('This server asks everyone to choose one.')).toBeDefined();
    expect(screen.getByText('This field is required.')).toBeDefined();
  });
});
