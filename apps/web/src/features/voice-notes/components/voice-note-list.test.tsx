import { createMemoryHistory, createRootRoute, createRouter, RouterProvider } from '@tanstack/react-router';
import { act, cleanup, fireEvent, render, screen } from '@testing-library/react';
import type { VoiceNote } from '@voxpad/shared/voice-notes';
import { useState } from 'react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { useNoteSelection } from '../hooks/use-note-selection.ts';
import { VoiceNoteList } from './voice-note-list.tsx';

function note(id: string, title: string): VoiceNote {
  return {
    id,
    pad_id: 'pad1',
    title,
    status: 'done',
    failure_reason: null,
    content_type: 'audio/wav',
    size_bytes: 100,
    duration_seconds: 12,
    transcript: null,
    segments: [],
    audio_url: `/audio/${id}`,
    created_at: '2025-01-01T09:30:00.000Z',
    updated_at: '2025-01-01T09:30:00.000Z',
    tags: [],
  };
}

/** The list as the pad page uses it: a deleted note leaves `notes` at once. */
function Harness({ onDelete }: { onDelete: (note: VoiceNote) => void }) {
  const [notes, setNotes] = useState([note('a', 'Shopping list'), note('b', ''), note('c', 'Ideas')]);
  return (
    <VoiceNoteList
      padId="pad1"
      notes={notes}
      hasMore={false}
      isLoadingMore={false}
      onLoadMore={() => {}}
      onDelete={(deleted) => {
        onDelete(deleted);
        setNotes((current) => current.filter((item) => item.id !== deleted.id));
      }}
    />
  );
}

async function renderList(onDelete: (note: VoiceNote) => void) {
  const rootRoute = createRootRoute({ component: () => <Harness onDelete={onDelete} /> });
  const router = createRouter({
    routeTree: rootRoute,
    history: createMemoryHistory({ initialEntries: ['/pad/pad1'] }),
  });
  render(<RouterProvider router={router} />);
  await screen.findByRole('link', { name: /Shopping list/ });
}

afterEach(cleanup);

describe('VoiceNoteList delete', () => {
  it('names the note on each Delete button and asks before deleting', async () => {
    const onDelete = vi.fn();
    await renderList(onDelete);
    const buttons = screen.getAllByRole('button', { name: /^Delete / });
    expect(buttons).toHaveLength(3);
    expect(buttons[0]!.getAttribute('aria-label')).toMatch(/^Delete Shopping list, /);
    expect(buttons[1]!.getAttribute('aria-label')).toMatch(/^Delete Voice note, /);

    fireEvent.click(buttons[0]!);
    const dialog = screen.getByRole('alertdialog', {
      name: 'Delete “Shopping list” and its transcript? You can undo for a few seconds.',
    });
    // The safe choice has the focus; Keep it closes and returns to the Delete button.
    expect(document.activeElement?.textContent).toBe('Keep it');
    fireEvent.click(screen.getByRole('button', { name: 'Keep it' }));
    expect(dialog.isConnected).toBe(false);
    expect(document.activeElement).toBe(buttons[0]);
    expect(onDelete).not.toHaveBeenCalled();

    // Escape cancels too.
    fireEvent.click(buttons[0]!);
    fireEvent.keyDown(screen.getByRole('button', { name: 'Keep it' }), { key: 'Escape' });
    expect(screen.queryByRole('alertdialog')).toBeNull();
    expect(onDelete).not.toHaveBeenCalled();
  });

  it('deletes on confirmation and moves the focus to the next note', async () => {
    const onDelete = vi.fn();
    await renderList(onDelete);
    fireEvent.click(screen.getByRole('button', { name: /^Delete Shopping list/ }));
    await act(async () => {
      fireEvent.click(screen.getByRole('button', { name: 'Yes, delete it' }));
    });
    expect(onDelete).toHaveBeenCalledWith(expect.objectContaining({ id: 'a' }));
    expect(screen.queryByRole('link', { name: /Shopping list/ })).toBeNull();
    expect(document.activeElement?.closest('[data-note-id]')?.getAttribute('data-note-id')).toBe('b');
  });
});

const FIVE = ['a', 'b', 'c', 'd', 'e'].map((id) => note(id, `Note ${id.toUpperCase()}`));
const FIVE_IDS = FIVE.map((item) => item.id);

/** The list with a checkbox per row, selected through the pad page's own hook. */
function SelectingHarness() {
  const selection = useNoteSelection(FIVE_IDS);
  return (
    <>
      <p data-testid="selected">{[...selection.selected].sort().join(',')}</p>
      <VoiceNoteList
        padId="pad1"
        notes={FIVE}
        hasMore={false}
        isLoadingMore={false}
        onLoadMore={() => {}}
        selection={selection}
      />
    </>
  );
}

describe('VoiceNoteList selection', () => {
  it('selects one note per click and a range with a shift-click, named for screen readers', async () => {
    const rootRoute = createRootRoute({ component: SelectingHarness });
    const router = createRouter({
      routeTree: rootRoute,
      history: createMemoryHistory({ initialEntries: ['/pad/pad1'] }),
    });
    render(<RouterProvider router={router} />);
    const box = async (title: string) =>
      screen.findByRole('checkbox', { name: new RegExp(`^Select ${title},`) });
    const selected = () => screen.getByTestId('selected').textContent;

    fireEvent.click(await box('Note B'));
    expect(selected()).toBe('b');
    fireEvent.click(await box('Note D'), { shiftKey: true });
    expect(selected()).toBe('b,c,d');
    expect((await box('Note C')) as HTMLInputElement).toHaveProperty('checked', true);
    // A plain click on another note toggles it alone and becomes the new anchor.
    fireEvent.click(await box('Note A'));
    expect(selected()).toBe('a,b,c,d');
    fireEvent.click(await box('Note C'), { shiftKey: true });
    expect(selected()).toBe('d');
  });
});
