import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { act, cleanup, fireEvent, render, screen, within } from '@testing-library/react';
import { toast } from '../../../lib/toast.ts';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { apiClient, HttpError } from '../../../lib/api-client.ts';
import { withModalDialogs } from '../../../testing/dialog.ts';
import {
  type BulkActionEffects,
  taggedSentence,
  untaggedSentence,
  useBulkActions,
} from '../hooks/use-bulk-actions.ts';
import { BulkBar } from './bulk-bar.tsx';

withModalDialogs();

afterEach(() => {
  cleanup();
  vi.restoreAllMocks();
});

const IDS = ['n1', 'n2'];
const TITLES: Record<string, string> = { n1: 'First', n2: 'Second' };
const noop = () => undefined;

/** The bar as the pad page wires it: the real hook, with the server answered by `api`. */
function Harness({ effects }: { effects: BulkActionEffects }) {
  const bulk = useBulkActions('p1', effects);
  return (
    <BulkBar
      count={IDS.length}
      shown={IDS.length}
      shownSelected={IDS.length}
      total={IDS.length}
      hasMore={false}
      maxIds={500}
      moveTargets={[]}
      tagSuggestions={['Work', 'Ideas']}
      busy={bulk.busy}
      selectingAll={false}
      errors={bulk.errors}
      exportHref="/export"
      onSelectShown={noop}
      onSelectAll={noop}
      onClear={noop}
      onMove={noop}
      onTag={(action, name) => bulk[action](IDS, name, (id) => TITLES[id])}
      onRetranscribe={noop}
      onDelete={noop}
    />
  );
}

function renderBar() {
  const effects = { onNotesChanged: vi.fn(), onQueued: vi.fn(), onTagsChanged: vi.fn() };
  render(
    <QueryClientProvider client={new QueryClient({ defaultOptions: { queries: { retry: false } } })}>
      <Harness effects={effects} />
    </QueryClientProvider>,
  );
  return effects;
}

const openDialog = (button: string, title: string) => {
  const opener = screen.getByRole('button', { name: button });
  expect(opener.getAttribute('aria-haspopup')).toBe('dialog');
  fireEvent.click(opener);
  return screen.getByRole('dialog', { name: title });
};

describe('tagging the selected notes from the bulk bar', () => {
  it('asks for the tag, offers the person’s tags, sends an existing one in its casing, and says what it did', async () => {
    const success = vi.spyOn(toast, 'success').mockImplementation(() => 1);
    const api = vi.spyOn(apiClient, 'api').mockResolvedValue({ action: 'tag', tagged: 1 });
    const effects = renderBar();

    const dialog = openDialog('Tag…', 'Tag 2 voice notes');
    expect(dialog.hasAttribute('open')).toBe(true);
    const input = within(dialog).getByRole('combobox', { name: 'Tag to add' });
    // The field has the focus when the dialog opens (showModal honours `autofocus`).
    expect(input.hasAttribute('autofocus')).toBe(true);
    const offered = document.getElementById(input.getAttribute('list') ?? '');
    expect([...(offered?.querySelectorAll('option') ?? [])].map((o) => o.value)).toEqual(['Work', 'Ideas']);

    await act(async () => {
      fireEvent.click(within(dialog).getByRole('button', { name: 'Add tag' }));
    });
    expect(input.getAttribute('aria-invalid')).toBe('true');
    expect(dialog.textContent).toContain('Type the tag to add.');
    expect(api).not.toHaveBeenCalled();

    fireEvent.change(input, { target: { value: '  work ' } });
    await act(async () => {
      fireEvent.click(within(dialog).getByRole('button', { name: 'Add tag' }));
    });
    expect(api).toHaveBeenCalledWith('POST', 'voicenote/bulk/', expect.anything(), {
      body: { action: 'tag', ids: IDS, tags: ['Work'] },
    });
    expect(success).toHaveBeenCalledWith('Tagged 1 voice note with “Work”. 1 voice note had it already.');
    expect(dialog.hasAttribute('open')).toBe(false);
    expect(effects.onNotesChanged).toHaveBeenCalledWith(['p1']);
    expect(effects.onTagsChanged).toHaveBeenCalledOnce();
  });

  it('keeps the dialog open with the refusal in words, naming the note by its title', async () => {
    const success = vi.spyOn(toast, 'success').mockImplementation(() => 1);
    vi.spyOn(apiClient, 'api').mockRejectedValue(
      new HttpError(404, {
        status: 404,
        errors: [{ code: 'not_found', param: 'ids[1]', message: 'This voice note was not found.' }],
      }),
    );
    const effects = renderBar();

    const dialog = openDialog('Remove tag…', 'Remove a tag from 2 voice notes');
    fireEvent.change(within(dialog).getByRole('combobox', { name: 'Tag to remove' }), {
      target: { value: 'ideas' },
    });
    await act(async () => {
      fireEvent.click(within(dialog).getByRole('button', { name: 'Remove tag' }));
    });
    expect(dialog.hasAttribute('open')).toBe(true);
    expect(within(dialog).getByRole('alert').textContent).toBe('“Second”: This voice note was not found.');
    expect(success).not.toHaveBeenCalled();
    expect(effects.onTagsChanged).not.toHaveBeenCalled();

    // Cancel closes it; the bar then shows the refusal.
    fireEvent.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    expect(dialog.hasAttribute('open')).toBe(false);
    expect(screen.getByRole('region', { name: 'Selected voice notes' }).textContent).toContain(
      'This voice note was not found.',
    );
  });
});

describe('what the toast says', () => {
  it('counts the notes that changed and those left as they were', () => {
    expect(taggedSentence('work', 3, 3)).toBe('Tagged 3 voice notes with “work”.');
    expect(taggedSentence('work', 0, 2)).toBe('All 2 voice notes have the tag “work” already.');
    expect(taggedSentence('work', 0, 1)).toBe('This voice note has the tag “work” already.');
    expect(untaggedSentence('work', 1, 3)).toBe(
      'Removed “work” from 1 voice note. 2 voice notes did not have it.',
    );
    expect(untaggedSentence('work', 0, 2)).toBe('None of the 2 voice notes has the tag “work”.');
  });
});
