import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { act, cleanup, fireEvent, render, screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { apiClient, HttpError } from '../../../lib/api-client.ts';
import { DeleteAccountSection } from './delete-account-section.tsx';
import { withModalDialogs } from '../../../testing/dialog.ts';

withModalDialogs();

afterEach(() => {
  cleanup();
  vi.restoreAllMocks();
});

const ACCOUNT = { username: 'ann', email: 'Ann@example.org' };

const reauthenticationRequired = () =>
  new HttpError(403, {
    status: 403,
    errors: [{ code: 'reauthentication_required', message: 'For your security, confirm it’s you.' }],
  });

function renderSection(confirmIdentity = vi.fn(() => Promise.resolve(true))) {
  const onDeleted = vi.fn();
  render(
    <QueryClientProvider client={new QueryClient({ defaultOptions: { mutations: { retry: false } } })}>
      <DeleteAccountSection account={ACCOUNT} confirmIdentity={confirmIdentity} onDeleted={onDeleted} />
    </QueryClientProvider>,
  );
  return { onDeleted, confirmIdentity };
}

function openDialog() {
  fireEvent.click(screen.getByRole('button', { name: 'Delete account…' }));
  return screen.getByRole('dialog', { name: 'Delete your account?' });
}

async function confirmWith(dialog: HTMLElement, typed: string) {
  fireEvent.change(within(dialog).getByLabelText('To confirm, type your username or email address'), {
    target: { value: typed },
  });
  await act(async () => {
    fireEvent.click(within(dialog).getByRole('button', { name: 'Delete my account' }));
  });
}

describe('deleting the account from the profile', () => {
  it('says what goes, and asks for the username or address before deleting anything', async () => {
    const remove = vi.spyOn(apiClient, 'apiVoid').mockResolvedValue(undefined);
    const { onDeleted } = renderSection();
    const dialog = openDialog();
    expect(within(dialog).getByText(/Every pad and voice note/)).toBeTruthy();
    expect(within(dialog).getByText(/cannot be undone/)).toBeTruthy();
    // The safe choice has the focus when the dialog opens.
    expect(within(dialog).getByRole('button', { name: 'Keep my account' }).hasAttribute('autofocus')).toBe(
      true,
    );

    await confirmWith(dialog, 'someone else');
    const field = within(dialog).getByLabelText('To confirm, type your username or email address');
    expect(field.getAttribute('aria-invalid')).toBe('true');
    expect(
      within(dialog).getByText('Type “ann” or “Ann@example.org” exactly as shown, to confirm.'),
    ).toBeTruthy();
    expect(remove).not.toHaveBeenCalled();

    await confirmWith(dialog, '  ann@EXAMPLE.org ');
    expect(remove).toHaveBeenCalledWith('DELETE', 'account/');
    expect(onDeleted).toHaveBeenCalledTimes(1);
  });

  it('asks the person to confirm it is them when the server wants a recent login, then deletes', async () => {
    const remove = vi
      .spyOn(apiClient, 'apiVoid')
      .mockRejectedValueOnce(reauthenticationRequired())
      .mockResolvedValueOnce(undefined);
    const { onDeleted, confirmIdentity } = renderSection();
    await confirmWith(openDialog(), 'ann');
    expect(confirmIdentity).toHaveBeenCalledTimes(1);
    expect(remove).toHaveBeenCalledTimes(2);
    expect(onDeleted).toHaveBeenCalledTimes(1);
  });

  it('deletes nothing when the person closes the "confirm it’s you" prompt, and says so', async () => {
    const remove = vi.spyOn(apiClient, 'apiVoid').mockRejectedValue(reauthenticationRequired());
    const { onDeleted } = renderSection(vi.fn(() => Promise.resolve(false)));
    const dialog = openDialog();
    await confirmWith(dialog, 'ann');
    expect(remove).toHaveBeenCalledTimes(1);
    expect(onDeleted).not.toHaveBeenCalled();
    expect(within(dialog).getByRole('status').textContent).toContain('Nothing was deleted');
  });

  it('says why when the server could not delete it, and keeps the dialog open', async () => {
    vi.spyOn(apiClient, 'apiVoid').mockRejectedValue(
      new HttpError(503, {
        status: 503,
        errors: [{ code: 'storage_unavailable', message: 'Storage is unavailable, try again in a moment.' }],
      }),
    );
    const { onDeleted } = renderSection();
    const dialog = openDialog();
    await confirmWith(dialog, 'ann');
    expect(within(dialog).getByRole('alert').textContent).toBe(
      'Your account was not deleted: storage is unavailable, try again in a moment.',
    );
    expect(onDeleted).not.toHaveBeenCalled();
  });

  it('closes with "Keep my account" and forgets what was typed', () => {
    renderSection();
    const dialog = openDialog();
    fireEvent.change(within(dialog).getByLabelText('To confirm, type your username or email address'), {
      target: { value: 'ann' },
    });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Keep my account' }));
    expect(screen.queryByLabelText('To confirm, type your username or email address')).toBeNull();
    const reopened = openDialog();
    expect(
      (within(reopened).getByLabelText('To confirm, type your username or email address') as HTMLInputElement)
        .value,
    ).toBe('');
  });
});
