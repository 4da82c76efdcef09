import type { Highlight } from '@voxpad/shared/highlights';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { cleanup, fireEvent, render, screen, within } from '@testing-library/react';
import { createRef } from 'react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { apiClient } from '../../../lib/api-client.ts';
import { withModalDialogs } from '../../../testing/dialog.ts';
import { HighlightsPanel } from './highlights-panel.tsx';

withModalDialogs();
afterEach(() => {
  cleanup();
  vi.restoreAllMocks();
});

const at = new Date().toISOString();
const highlight = (id: string, start: number, end: number | null, label: string): Highlight => ({
  id,
  note_id: 'n1',
  start,
  end,
  label,
  comment: '',
  created_at: at,
  updated_at: at,
});

function renderPanel(list: Highlight[]) {
  const api = vi
    .spyOn(apiClient, 'api')
    .mockImplementation((method) => Promise.resolve(method === 'GET' ? { results: list } : list[0]));
  const onJump = vi.fn();
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  render(
    <QueryClientProvider client={client}>
      <HighlightsPanel
        padId="p1"
        noteId="n1"
        onJump={onJump}
        currentTime={() => 12.34}
        transcript={createRef<HTMLDivElement>()}
        shareRange={(h) => <span>share {h.label}</span>}
      />
    </QueryClientProvider>,
  );
  return { api, onJump };
}

describe('HighlightsPanel', () => {
  it('lists highlights as jump buttons that play from their start; only ranges offer sharing', async () => {
    const { onJump, api } = renderPanel([
      highlight('h1', 3, null, 'Highlight 1'),
      highlight('h2', 65, 80, 'The decision'),
    ]);
    const list = await screen.findByRole('list', { name: 'Highlights' });
    expect(api).toHaveBeenCalledWith('GET', 'pad/p1/voicenote/n1/highlights/', expect.anything());
    fireEvent.click(within(list).getByRole('button', { name: 'Jump to 1:05–1:20: The decision' }));
    expect(onJump).toHaveBeenCalledWith(65);
    fireEvent.click(within(list).getByRole('button', { name: 'Jump to 0:03: Highlight 1' }));
    expect(onJump).toHaveBeenCalledWith(3);
    expect(screen.getByText('share The decision')).toBeTruthy();
    expect(screen.queryByText('share Highlight 1')).toBeNull();
  });

  it('adds one at the player’s position with the next default label', async () => {
    const { api } = renderPanel([highlight('h1', 3, null, 'Highlight 1')]);
    await screen.findByRole('list', { name: 'Highlights' });
    fireEvent.click(screen.getByRole('button', { name: 'Add highlight at the current time' }));
    const dialog = await screen.findByRole('dialog', { name: 'New highlight' });
    expect((within(dialog).getByLabelText('Label') as HTMLInputElement).value).toBe('Highlight 2');
    expect((within(dialog).getByLabelText('Starts at') as HTMLInputElement).value).toBe('0:12');
    fireEvent.click(within(dialog).getByRole('button', { name: 'Add highlight' }));
    await vi.waitFor(() =>
      expect(api).toHaveBeenCalledWith('POST', 'pad/p1/voicenote/n1/highlights/', expect.anything(), {
        body: { start: 12, end: null, label: 'Highlight 2', comment: '' },
      }),
    );
  });

  it('says when there are none yet, and how to make one', async () => {
    renderPanel([]);
    expect(await screen.findByText(/No highlights yet/)).toBeTruthy();
  });
});
