import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { act, cleanup, fireEvent, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { apiClient } from '../../../lib/api-client.ts';
import { TranscriptFormatSection } from './transcript-format-section.tsx';

afterEach(cleanup);

function renderSection() {
  render(
    <QueryClientProvider client={new QueryClient({ defaultOptions: { queries: { retry: false } } })}>
      <TranscriptFormatSection />
    </QueryClientProvider>,
  );
}

describe('the "format transcripts" setting', () => {
  it('shows the saved setting and turns it off with one PATCH, saying it applies from now on', async () => {
    const api = vi
      .spyOn(apiClient, 'api')
      .mockImplementation((method) => Promise.resolve({ format_transcripts: method === 'GET' }));
    renderSection();
    const box = await screen.findByRole('switch', { name: 'Format transcripts' });
    await vi.waitFor(() => expect((box as HTMLButtonElement).disabled).toBe(false));
    expect(box.getAttribute('aria-checked')).toBe('true');
    expect(box.getAttribute('aria-describedby')).toBeTruthy();
    expect(screen.getByText(/Applies to notes transcribed from now on/)).toBeTruthy();

    await act(async () => {
      fireEvent.click(box);
    });
    expect(api).toHaveBeenCalledWith('PATCH', 'settings/', expect.anything(), {
      body: { format_transcripts: false },
    });
    await vi.waitFor(() => expect(box.getAttribute('aria-checked')).toBe('false'));
    expect(screen.getByRole('status').textContent).toBe('Transcripts will not be formatted.');
  });

  it('says so when the setting cannot be saved, and shows it as it was', async () => {
    vi.spyOn(apiClient, 'api').mockImplementation((method) =>
      method === 'GET' ? Promise.resolve({ format_transcripts: true }) : Promise.reject(new Error('offline')),
    );
    renderSection();
    const box = await screen.findByRole('switch', { name: 'Format transcripts' });
    await vi.waitFor(() => expect((box as HTMLButtonElement).disabled).toBe(false));
    await act(async () => {
      fireEvent.click(box);
    });
    expect(await screen.findByText(/could not be saved/)).toBeTruthy();
    expect(box.getAttribute('aria-checked')).toBe('true');
  });
});
