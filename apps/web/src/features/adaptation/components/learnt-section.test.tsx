import type { AdaptationState } from '@voxpad/shared/adaptation';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { act, cleanup, fireEvent, render, screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { apiClient } from '../../../lib/api-client.ts';
import { LearntSection } from './learnt-section.tsx';
import { withModalDialogs } from '../../../testing/dialog.ts';

withModalDialogs();

afterEach(() => {
  cleanup();
  vi.restoreAllMocks();
  vi.useRealTimers();
});

const NONE: AdaptationState = {
  status: 'none',
  corrected_seconds: 0,
  notes_used: 0,
  vocabulary_words: 0,
  language_model: { ready: false, built_at: null },
  acoustic_model: { ready: false, built_at: null, seconds: 0 },
  updated_at: null,
  error: null,
  gain: null,
  gain_min_notes: 3,
  voice_profile: null,
};

const READY: AdaptationState = {
  ...NONE,
  status: 'ready',
  corrected_seconds: 312,
  notes_used: 14,
  vocabulary_words: 3,
  language_model: { ready: true, built_at: '2026-11-27T10:00:00.000Z' },
  acoustic_model: { ready: true, built_at: '2026-11-27T10:00:00.000Z', seconds: 240 },
  updated_at: '2026-11-27T10:00:00.000Z',
  gain: { wer_before: 0.2143, wer_after: 0.1186, notes: 2, seconds: 41.3 },
};

function renderSection() {
  render(
    <QueryClientProvider client={new QueryClient({ defaultOptions: { queries: { retry: false } } })}>
      <LearntSection />
    </QueryClientProvider>,
  );
}

describe('what Voxpad has learnt', () => {
  it('says nothing is learnt yet for a new person, and shows no figures', async () => {
    vi.spyOn(apiClient, 'api').mockResolvedValue(NONE);
    renderSection();
    expect(await screen.findByText(/Nothing learnt yet/)).toBeTruthy();
    expect(screen.queryByText('Notes used')).toBeNull();
    expect(screen.queryByRole('progressbar')).toBeNull();
    expect((screen.getByRole('button', { name: 'Rebuild now' }) as HTMLButtonElement).disabled).toBe(false);
  });

  it('shows the figures of a ready build in words', async () => {
    vi.spyOn(apiClient, 'api').mockResolvedValue(READY);
    renderSection();
    expect(await screen.findByText(/uses what it has learnt/)).toBeTruthy();
    expect(screen.getByText('5 min 12 s')).toBeTruthy();
    expect(screen.getByText('14')).toBeTruthy();
    expect(screen.getByText(/from 4 min of your voice/)).toBeTruthy();
  });

  it('says how much it helps, measured on notes it had not learnt from', async () => {
    vi.spyOn(apiClient, 'api').mockResolvedValue(READY);
    renderSection();
    expect(
      await screen.findByText(
        'On 2 of your own notes it had not learnt from (41 s), 21 words in 100 were wrong before and 12 after.',
      ),
    ).toBeTruthy();
    // Not in the live region: a poll reads nothing out unless the status changes.
    expect(within(screen.getByRole('status')).queryByText(/words in 100/)).toBeNull();
  });

  it('says how many more notes to confirm or correct before the gain can be measured', async () => {
    vi.spyOn(apiClient, 'api').mockResolvedValue({ ...READY, notes_used: 1, gain: null });
    renderSection();
    expect(await screen.findByText('Confirm or correct 2 more notes to see how much it helps.')).toBeTruthy();
    cleanup();
    vi.spyOn(apiClient, 'api').mockResolvedValue({
      ...READY,
      notes_used: 0,
      corrected_seconds: 0,
      gain: null,
    });
    renderSection();
    expect(await screen.findByText('Confirm or correct 3 notes to see how much it helps.')).toBeTruthy();
  });

  it('says the gain was not measured when there were enough notes', async () => {
    vi.spyOn(apiClient, 'api').mockResolvedValue({ ...READY, gain: null });
    renderSection();
    expect(await screen.findByText(/was not measured for this build/)).toBeTruthy();
  });

  it('says why the last build failed', async () => {
    vi.spyOn(apiClient, 'api').mockResolvedValue({
      ...READY,
      status: 'failed',
      error: 'None of your corrected notes could be read.',
    });
    renderSection();
    await screen.findByText(/failed/);
    const status = screen.getByRole('status');
    expect(within(status).getByText('The last attempt to learn from your notes failed.')).toBeTruthy();
    expect(within(status).getByText('None of your corrected notes could be read.')).toBeTruthy();
  });

  it('Rebuild now queues a build, then polls every 2 s until it is ready', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    const answers: AdaptationState[] = [NONE, { ...NONE, status: 'running' }, READY];
    const api = vi
      .spyOn(apiClient, 'api')
      .mockImplementation((method) =>
        Promise.resolve(method === 'POST' ? { ...NONE, status: 'queued' } : (answers.shift() ?? READY)),
      );
    renderSection();
    const rebuild = await screen.findByRole('button', { name: 'Rebuild now' });
    await act(async () => {
      fireEvent.click(rebuild);
    });
    expect(api).toHaveBeenCalledWith('POST', 'adaptation/', expect.anything());
    expect(await screen.findByText('Waiting to learn from your notes…')).toBeTruthy();
    expect(screen.getByRole('progressbar', { name: 'Waiting to start' })).toBeTruthy();
    expect((screen.getByRole('button', { name: 'Rebuilding…' }) as HTMLButtonElement).disabled).toBe(true);

    await act(async () => {
      await vi.advanceTimersByTimeAsync(2000);
    });
    expect(await screen.findByText('Learning from your notes…')).toBeTruthy();
    await act(async () => {
      await vi.advanceTimersByTimeAsync(2000);
    });
    expect(await screen.findByText(/uses what it has learnt/)).toBeTruthy();
    expect(screen.queryByRole('progressbar')).toBeNull();
    const gets = api.mock.calls.filter(([method]) => method === 'GET').length;
    await act(async () => {
      await vi.advanceTimersByTimeAsync(6000);
    });
    // Ready: no more polling.
    expect(api.mock.calls.filter(([method]) => method === 'GET').length).toBe(gets);
  });

  it('Forget asks first in a dialog that says what is lost; Keep it forgets nothing', async () => {
    let state: AdaptationState = READY;
    vi.spyOn(apiClient, 'api').mockImplementation(() => Promise.resolve(state));
    const apiVoid = vi.spyOn(apiClient, 'apiVoid').mockImplementation(() => {
      state = NONE;
      return Promise.resolve();
    });
    renderSection();
    fireEvent.click(await screen.findByRole('button', { name: 'Forget everything learnt' }));
    const dialog = screen.getByRole('dialog', { name: 'Forget everything learnt?' });
    expect(within(dialog).getByText(/deletes the language and voice models/)).toBeTruthy();
    expect(within(dialog).getByText(/Your notes, their transcripts and your vocabulary stay/)).toBeTruthy();
    fireEvent.click(within(dialog).getByRole('button', { name: 'Keep it' }));
    expect(apiVoid).not.toHaveBeenCalled();

    fireEvent.click(screen.getByRole('button', { name: 'Forget everything learnt' }));
    await act(async () => {
      fireEvent.click(
        within(screen.getByRole('dialog', { name: 'Forget everything learnt?' })).getByRole('button', {
          name: 'Forget everything',
        }),
      );
    });
    expect(apiVoid).toHaveBeenCalledWith('DELETE', 'adaptation/');
    expect(await screen.findByText(/Nothing learnt yet/)).toBeTruthy();
  });

  it('says from how many notes your voice was learnt, and Forget my voice forgets only it', async () => {
    let state: AdaptationState = {
      ...READY,
      voice_profile: { notes: 3, seconds: 31.2, recognises: true, updated_at: '2026-11-27T10:00:00.000Z' },
    };
    vi.spyOn(apiClient, 'api').mockImplementation(() => Promise.resolve(state));
    const apiVoid = vi.spyOn(apiClient, 'apiVoid').mockImplementation(() => {
      state = { ...state, voice_profile: null };
      return Promise.resolve();
    });
    renderSection();
    expect(await screen.findByText('Your voice: learnt from 3 notes.')).toBeTruthy();
    await act(async () => {
      fireEvent.click(screen.getByRole('button', { name: 'Forget my voice' }));
    });
    expect(apiVoid).toHaveBeenCalledWith('DELETE', 'adaptation/voice/');
    expect(await screen.findByText(/Your voice: not learnt yet/)).toBeTruthy();
    expect(screen.getByText(/uses what it has learnt/)).toBeTruthy();
  });
});
