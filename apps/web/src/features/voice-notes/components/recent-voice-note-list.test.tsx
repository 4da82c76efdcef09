import { createMemoryHistory, createRootRoute, createRouter, RouterProvider } from '@tanstack/react-router';
import { cleanup, render, screen, within } from '@testing-library/react';
import type { RecentVoiceNote } from '@voxpad/shared/recent-voice-notes';
import { afterEach, describe, expect, it } from 'vitest';
import { formatDateTime } from '../../../lib/format-date.ts';
import { RecentVoiceNoteList } from './recent-voice-note-list.tsx';

const NOTES: RecentVoiceNote[] = [
  {
    id: 'n2',
    pad_id: 'work',
    pad_name: 'Work',
    title: 'Standup',
    status: 'done',
    duration_seconds: 75.4,
    snippet: 'We shipped the export and start on phones…',
    created_at: new Date().toISOString(),
    tags: ['ideas', 'Work'],
  },
  {
    id: 'n1',
    pad_id: 'inbox',
    pad_name: 'Inbox',
    title: 'Voice note',
    status: 'processing',
    duration_seconds: null,
    snippet: null,
    created_at: new Date().toISOString(),
    tags: [],
  },
];

async function renderList() {
  const rootRoute = createRootRoute({ component: () => <RecentVoiceNoteList notes={NOTES} /> });
  const router = createRouter({
    routeTree: rootRoute,
    history: createMemoryHistory({ initialEntries: ['/'] }),
  });
  render(<RouterProvider router={router} />);
  await screen.findByRole('link', { name: /Standup/ });
}

afterEach(cleanup);

describe('RecentVoiceNoteList', () => {
  it('shows title, pad, length, status and snippet, linking each note to its page', async () => {
    await renderList();
    const [first, second] = screen.getAllByRole('listitem');
    const standup = within(first!);
    expect(standup.getByRole('link', { name: /^Voice note:\s*Standup$/ }).getAttribute('href')).toBe(
      '/pad/work/voicenotes/n2',
    );
    expect(first!.textContent).toContain(`Work · ${formatDateTime(NOTES[0]!.created_at)} · 1 min 15 s`);
    expect(standup.getByText('Done')).toBeTruthy();
    expect(standup.getByText('We shipped the export and start on phones…')).toBeTruthy();
    expect(first!.textContent).toContain('Tags: #ideas,#Work');

    const untitled = within(second!);
    expect(untitled.getByRole('link', { name: 'Voice note' }).getAttribute('href')).toBe(
      '/pad/inbox/voicenotes/n1',
    );
    expect(second!.textContent).toContain(`Inbox · ${formatDateTime(NOTES[1]!.created_at)} · length unknown`);
    expect(untitled.getByText(/Transcribing/)).toBeTruthy();
    // No transcript yet: no empty snippet line.
    expect(second!.querySelectorAll('p')).toHaveLength(1);
  });
});
