import { createMemoryHistory, createRootRoute, createRouter, RouterProvider } from '@tanstack/react-router';
import { cleanup, render, screen, within } from '@testing-library/react';
import type { HighlightSearchHit } from '@voxpad/shared/highlights';
import type { VoiceNoteSearchHit } from '@voxpad/shared/search';
import type { ReactNode } from 'react';
import { afterEach, describe, expect, it } from 'vitest';
import { HighlightSearchResults } from './highlight-search-results.tsx';
import { VoiceNoteSearchResults } from './voice-note-search-results.tsx';

afterEach(cleanup);

const note = {
  id: 'n1',
  pad_id: 'p1',
  pad_name: 'Work',
  title: 'Planning',
  status: 'done' as const,
  duration_seconds: 90,
  audio_url: '/a',
  created_at: '2026-01-01T10:00:00.000Z',
  tags: [],
};

async function renderIn(children: ReactNode, link: RegExp) {
  const rootRoute = createRootRoute({ component: () => children });
  const router = createRouter({
    routeTree: rootRoute,
    history: createMemoryHistory({ initialEntries: ['/'] }),
  });
  render(<RouterProvider router={router} />);
  return screen.findByRole('link', { name: link });
}

describe('search results', () => {
  it('say who says the match', async () => {
    const hit: VoiceNoteSearchHit = {
      voice_note: note,
      title: { text: 'Planning', highlights: [] },
      snippet: { text: 'the budget is set', highlights: [[4, 10]] },
      time: 12,
      speaker: 'Ana',
      score: 1,
    };
    const link = await renderIn(<VoiceNoteSearchResults hits={[hit]} />, /Planning/);
    expect(link.closest('li')?.textContent).toContain('heard at 0:12 · said by Ana');
  });

  it('list highlights as links to their note at their time, with label, comment and note title', async () => {
    const hit: HighlightSearchHit = {
      highlight: {
        id: 'h1',
        note_id: 'n1',
        start: 42,
        end: null,
        label: 'Budget decision',
        comment: 'Agreed with the budget',
        created_at: '2026-01-01T10:00:00.000Z',
        updated_at: '2026-01-01T10:00:00.000Z',
      },
      voice_note: note,
      label: { text: 'Budget decision', highlights: [[0, 6]] },
      comment: { text: 'Agreed with the budget', highlights: [[16, 22]] },
      time: 42,
    };
    const link = await renderIn(<HighlightSearchResults hits={[hit]} />, /Budget/);
    expect(link.getAttribute('href')).toBe('/pad/p1/voicenotes/n1?t=42');
    expect(link.textContent).toContain('0:42');
    const item = within(screen.getByRole('list', { name: 'Highlights found' })).getByRole('listitem');
    expect(item.textContent).toContain('In “Planning” · Work');
    expect(item.querySelectorAll('mark')).toHaveLength(2);
  });
});
