import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { act, cleanup, fireEvent, render, screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { apiClient, HttpError } from '../../../lib/api-client.ts';
import { VocabularySection } from './vocabulary-section.tsx';

afterEach(() => {
  cleanup();
  vi.restoreAllMocks();
});

const VARROA = {
  id: 'w1',
  word: 'Varroa',
  pronunciations: ['V AE R OW AH'],
  source: 'generated',
  sounds_like: null,
  pad_id: 'p1',
  created_at: '2026-11-27T10:00:00.000Z',
  updated_at: '2026-11-27T10:00:00.000Z',
};

function renderSection() {
  render(
    <QueryClientProvider client={new QueryClient({ defaultOptions: { queries: { retry: false } } })}>
      <VocabularySection pads={[{ id: 'p1', name: 'Bees' }]} />
    </QueryClientProvider>,
  );
}

describe('your vocabulary', () => {
  it('lists words with their source, pad and phones, and proposals to accept or dismiss', async () => {
    const api = vi.spyOn(apiClient, 'api').mockImplementation((method, path) => {
      if (path === 'vocabulary/') {
        return Promise.resolve(method === 'GET' ? { words: [VARROA], limit: 500 } : { ...VARROA, id: 'w2' });
      }
      return Promise.resolve({ proposals: [{ word: 'Langstroth', count: 3, notes: 2 }] });
    });
    const apiVoid = vi.spyOn(apiClient, 'apiVoid').mockResolvedValue(undefined);
    renderSection();
    const words = await screen.findByRole('list', { name: 'Your words' });
    expect(within(words).getByText('V AE R OW AH')).toBeTruthy();
    expect(within(words).getByText('Guessed from the spelling')).toBeTruthy();
    expect(within(words).getByText('Only in Bees')).toBeTruthy();
    expect(screen.getByText('1 of 500 words')).toBeTruthy();

    expect(await screen.findByText('typed 3 times in 2 notes')).toBeTruthy();
    await act(async () => {
      fireEvent.click(screen.getByRole('button', { name: 'Accept Langstroth' }));
    });
    expect(api).toHaveBeenCalledWith('POST', 'vocabulary/', expect.anything(), {
      body: { word: 'Langstroth' },
    });
    await act(async () => {
      fireEvent.click(screen.getByRole('button', { name: 'Dismiss Langstroth' }));
    });
    expect(apiVoid).toHaveBeenCalledWith('POST', 'vocabulary/proposals/dismiss/', {
      body: { word: 'Langstroth' },
    });
  });

  it("puts the server's errors on the fields they name, the rest above the form", async () => {
    vi.spyOn(apiClient, 'api').mockImplementation((method, path) => {
      if (path === 'vocabulary/proposals/') return Promise.resolve({ proposals: [] });
      if (method === 'GET') return Promise.resolve({ words: [], limit: 500 });
      return Promise.reject(
        new HttpError(400, {
          status: 400,
          errors: [
            {
              code: 'invalid',
              param: 'sounds_like',
              message: 'Spell how it sounds with English letters only.',
            },
            { code: 'invalid', message: 'Something about the whole form.' },
          ],
        }),
      );
    });
    renderSection();
    await screen.findByText('You have not added any words yet.');
    fireEvent.change(screen.getByLabelText('Word or phrase'), { target: { value: 'Zürich' } });
    fireEvent.change(screen.getByLabelText('Sounds like'), { target: { value: 'zü rick' } });
    await act(async () => {
      fireEvent.click(screen.getByRole('button', { name: 'Add word' }));
    });
    const soundsLike = screen.getByLabelText('Sounds like');
    expect(soundsLike.getAttribute('aria-invalid')).toBe('true');
    expect(screen.getByText('Spell how it sounds with English letters only.')).toBeTruthy();
    expect(screen.getByRole('alert').textContent).toContain('Something about the whole form.');
  });
});
