import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { act, cleanup, fireEvent, render, screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { apiClient, HttpError } from '../../../lib/api-client.ts';
import { withModalDialogs } from '../../../testing/dialog.ts';
import { SpeakerActionsDialog, type SpeakerLabelTarget } from './speaker-actions-dialog.tsx';

withModalDialogs();

afterEach(() => {
  cleanup();
  vi.restoreAllMocks();
});

const speakers = [
  { id: 'S1', name: 'Ana' },
  { id: 'S2', name: 'Speaker 2' },
  { id: 'S3', name: 'Speaker 3' },
];
const target: SpeakerLabelTarget = { speaker: speakers[2]!, at: { segment: 4, word: 1 }, seconds: 12 };

function renderDialog(onClose = vi.fn(), onRename = vi.fn()) {
  render(
    <QueryClientProvider client={new QueryClient({ defaultOptions: { mutations: { retry: false } } })}>
      <SpeakerActionsDialog
        padId="p1"
        voiceNoteId="n1"
        speakers={speakers}
        target={target}
        onRename={onRename}
        onClose={onClose}
      />
    </QueryClientProvider>,
  );
  return { dialog: screen.getByRole('dialog', { name: 'Speaker 3' }), onClose, onRename };
}

describe('a speaker label’s actions', () => {
  it('splits from the turn’s word by its place in the segments', async () => {
    const api = vi.spyOn(apiClient, 'api').mockResolvedValue({});
    const { dialog, onClose } = renderDialog();
    await act(async () => {
      fireEvent.click(within(dialog).getByRole('button', { name: 'Split from here' }));
    });
    expect(api).toHaveBeenCalledWith('POST', 'pad/p1/voicenote/n1/speakers/reassign/', expect.anything(), {
      body: { split_from: { segment: 4, word: 1 } },
    });
    expect(onClose).toHaveBeenCalled();
  });

  it('merges into the speaker chosen, offering only the others', async () => {
    const api = vi.spyOn(apiClient, 'api').mockResolvedValue({});
    const { dialog } = renderDialog();
    const into = within(dialog).getByLabelText('Merge Speaker 3 into');
    expect(
      within(into)
        .getAllByRole('option')
        .map((option) => option.textContent),
    ).toEqual(['Ana', 'Speaker 2']);
    fireEvent.change(into, { target: { value: 'S2' } });
    await act(async () => {
      fireEvent.click(within(dialog).getByRole('button', { name: 'Merge' }));
    });
    expect(api).toHaveBeenCalledWith('POST', 'pad/p1/voicenote/n1/speakers/merge/', expect.anything(), {
      body: { from: 'S3', into: 'S2' },
    });
  });

  it('shows the server’s reason and stays open when the edit is refused', async () => {
    vi.spyOn(apiClient, 'api').mockRejectedValue(
      new HttpError(409, {
        status: 409,
        errors: [
          {
            code: 'conflict',
            message: 'This note is being transcribed. Change its speakers once it is done.',
          },
        ],
      }),
    );
    const { dialog, onClose } = renderDialog();
    await act(async () => {
      fireEvent.click(within(dialog).getByRole('button', { name: 'Split from here' }));
    });
    expect(within(dialog).getByRole('alert').textContent).toContain('This note is being transcribed.');
    expect(onClose).not.toHaveBeenCalled();
  });

  it('hands Rename to the rename dialog', () => {
    const { dialog, onRename } = renderDialog();
    fireEvent.click(within(dialog).getByRole('button', { name: 'Rename…' }));
    expect(onRename).toHaveBeenCalledWith(speakers[2]);
  });
});
