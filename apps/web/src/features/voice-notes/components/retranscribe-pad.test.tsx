import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { act, cleanup, fireEvent, render, screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { apiClient, HttpError } from '../../../lib/api-client.ts';
import { queuedSentence, RetranscribePadWithLearnt } from './retranscribe-pad.tsx';
import { withModalDialogs } from '../../../testing/dialog.ts';

withModalDialogs();

afterEach(() => {
  cleanup();
  vi.restoreAllMocks();
});

const BUTTON = 'Re-transcribe with what Voxpad learned';

function renderButton(onQueued = vi.fn()) {
  render(
    <QueryClientProvider client={new QueryClient({ defaultOptions: { queries: { retry: false } } })}>
      <RetranscribePadWithLearnt padId="p1" noteCount={12} onQueued={onQueued} />
    </QueryClientProvider>,
  );
  return onQueued;
}

const openDialog = () => {
  fireEvent.click(screen.getByRole('button', { name: BUTTON }));
  return screen.getByRole('dialog', { name: 'Re-transcribe this pad?' });
};

describe('re-transcribe a pad with what Voxpad learned', () => {
  it('asks first, naming how many notes and that current texts stay as versions', () => {
    const api = vi.spyOn(apiClient, 'api');
    renderButton();
    const button = screen.getByRole('button', { name: BUTTON });
    expect(button.getAttribute('aria-haspopup')).toBe('dialog');
    expect(document.getElementById(button.getAttribute('aria-describedby') ?? '')?.textContent).toMatch(
      /current texts stay as versions/,
    );
    const dialog = openDialog();
    expect(dialog.hasAttribute('open')).toBe(true);
    expect(dialog.textContent).toMatch(/the 12 voice notes of this pad again/);
    expect(dialog.textContent).toMatch(/current text of each note stays as a version you can restore/);
    // The safe choice has the focus when the dialog opens (showModal honours `autofocus`).
    expect(within(dialog).getByRole('button', { name: 'Not now' }).hasAttribute('autofocus')).toBe(true);
    expect(api).not.toHaveBeenCalled();
  });

  it('closes on Escape or "Not now" without asking the server', () => {
    const api = vi.spyOn(apiClient, 'api');
    renderButton();
    let dialog = openDialog();
    fireEvent(dialog, new Event('cancel', { cancelable: true }));
    expect(dialog.hasAttribute('open')).toBe(false);
    dialog = openDialog();
    fireEvent.click(within(dialog).getByRole('button', { name: 'Not now' }));
    expect(dialog.hasAttribute('open')).toBe(false);
    expect(api).not.toHaveBeenCalled();
  });

  it('queues the pad on confirmation and says what was queued in a live region', async () => {
    const api = vi
      .spyOn(apiClient, 'api')
      .mockResolvedValue({ queued: 11, skipped: 1, already_transcribing: 1, without_audio: 0 });
    const onQueued = renderButton();
    const dialog = openDialog();
    await act(async () => {
      fireEvent.click(within(dialog).getByRole('button', { name: 'Re-transcribe 12 voice notes' }));
    });
    expect(api).toHaveBeenCalledWith('POST', 'pad/p1/retranscribe/', expect.anything(), { body: {} });
    expect(dialog.hasAttribute('open')).toBe(false);
    expect(screen.getByRole('status').textContent).toBe(
      '11 voice notes are queued to be transcribed again. 1 voice note is left as it is (1 being transcribed already).',
    );
    expect(onQueued).toHaveBeenCalledOnce();
  });

  it('keeps the dialog open with the server’s reason when nothing could be queued', async () => {
    vi.spyOn(apiClient, 'api').mockRejectedValue(
      new HttpError(409, {
        status: 409,
        errors: [
          {
            code: 'nothing_to_retranscribe',
            message: 'Every voice note of this pad is being transcribed already. Wait for them to finish.',
          },
        ],
      }),
    );
    const onQueued = renderButton();
    const dialog = openDialog();
    await act(async () => {
      fireEvent.click(within(dialog).getByRole('button', { name: 'Re-transcribe 12 voice notes' }));
    });
    expect(dialog.hasAttribute('open')).toBe(true);
    expect(within(dialog).getByRole('alert').textContent).toBe(
      'Every voice note of this pad is being transcribed already. Wait for them to finish.',
    );
    expect(screen.getByRole('status').textContent).toBe('');
    expect(onQueued).not.toHaveBeenCalled();
  });
});

describe('what the live region says', () => {
  it('counts one note in the singular and names both reasons to skip', () => {
    expect(queuedSentence({ queued: 1, skipped: 0, already_transcribing: 0, without_audio: 0 })).toBe(
      '1 voice note is queued to be transcribed again.',
    );
    expect(queuedSentence({ queued: 3, skipped: 3, already_transcribing: 2, without_audio: 1 })).toBe(
      '3 voice notes are queued to be transcribed again. 3 voice notes are left as they are (2 being transcribed already, 1 without a recording).',
    );
  });
});
