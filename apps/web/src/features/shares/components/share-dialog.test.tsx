import type { CreatedShare, Share } from '@voxpad/shared/shares';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { cleanup, fireEvent, render, screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { apiClient, HttpError } from '../../../lib/api-client.ts';
import { withModalDialogs } from '../../../testing/dialog.ts';
import { ShareDialog, shareRequest, type ShareTarget } from './share-dialog.tsx';

withModalDialogs();
afterEach(() => {
  cleanup();
  vi.restoreAllMocks();
});

const NOTE: ShareTarget = { kind: 'note', noteId: 'n1', durationSeconds: 90 };
const FORM = { whole: true, from: '0:00', to: '1:30', expiry: 'never', password: '', allowDownload: false };

const share: Share = {
  id: 's1',
  kind: 'range',
  note_id: 'n1',
  pad_id: 'p1',
  title: 'Hive inspection',
  start: 42,
  end: 75,
  expires_at: null,
  has_password: true,
  allow_download: false,
  view_count: 3,
  last_viewed_at: new Date().toISOString(),
  created_at: new Date().toISOString(),
};

function renderDialog(target: ShareTarget = NOTE) {
  const client = new QueryClient({
    defaultOptions: { queries: { retry: false }, mutations: { retry: false } },
  });
  render(
    <QueryClientProvider client={client}>
      <ShareDialog open title="Share “Hive inspection”" onRequestClose={() => undefined} target={target} />
    </QueryClientProvider>,
  );
}

describe('the share request', () => {
  it('sends a whole note, a range in seconds, an expiry, a password and downloads', () => {
    const now = Date.parse('2030-01-01T00:00:00Z');
    expect(shareRequest(NOTE, FORM, now)).toEqual({ request: { note_id: 'n1' } });
    expect(
      shareRequest(
        NOTE,
        {
          ...FORM,
          whole: false,
          from: '0:42',
          to: '1:15',
          expiry: '7',
          password: 'secret!',
          allowDownload: true,
        },
        now,
      ),
    ).toEqual({
      request: {
        note_id: 'n1',
        start: 42,
        end: 75,
        expires_at: '2030-01-08T00:00:00.000Z',
        password: 'secret!',
        allow_download: true,
      },
    });
    expect(shareRequest({ kind: 'pad', padId: 'p1' }, { ...FORM, whole: false }, now)).toEqual({
      request: { pad_id: 'p1' },
    });
  });

  it('says what is wrong with a range or a password before asking the server', () => {
    expect(shareRequest(NOTE, { ...FORM, whole: false, from: 'soon', to: '1:15' })).toEqual({
      errors: { start: 'Type where the part starts, e.g. 0:42.' },
    });
    expect(shareRequest(NOTE, { ...FORM, whole: false, from: '1:15', to: '0:42' })).toEqual({
      errors: { end: 'The end must come after the start.' },
    });
    expect(shareRequest(NOTE, { ...FORM, whole: false, from: '0:10', to: '2:00' })).toEqual({
      errors: { end: 'The note is 1:30 long.' },
    });
    expect(shareRequest(NOTE, { ...FORM, password: 'abc' })).toEqual({
      errors: { password: 'A link password needs at least 6 characters.' },
    });
  });
});

describe('the share dialog', () => {
  it('makes a link for a part of the note, shows it with Copy, and lists the note’s links', async () => {
    const created: CreatedShare = { ...share, url: 'https://notes.example.org/s/abc' };
    const api = vi
      .spyOn(apiClient, 'api')
      .mockImplementation((method) =>
        Promise.resolve(method === 'GET' ? { results: [share], limit: 200 } : created),
      );
    renderDialog();
    const list = await screen.findByRole('list', { name: 'Share links' });
    expect(list.textContent).toContain('0:42 to 1:15 · 3 views · last viewed today · password');
    expect(api).toHaveBeenCalledWith('GET', 'shares/', expect.anything(), {
      query: { note_id: 'n1', pad_id: undefined },
    });

    fireEvent.click(screen.getByLabelText('A part of it'));
    fireEvent.change(screen.getByLabelText('From'), { target: { value: '0:42' } });
    fireEvent.change(screen.getByLabelText('To'), { target: { value: '1:15' } });
    fireEvent.change(screen.getByLabelText('Link expires'), { target: { value: '30' } });
    fireEvent.change(screen.getByLabelText('Password'), { target: { value: 'open sesame' } });
    fireEvent.click(screen.getByLabelText('Allow downloading the audio'));
    fireEvent.click(screen.getByRole('button', { name: 'Create link' }));

    const link = await screen.findByDisplayValue('https://notes.example.org/s/abc');
    expect(link).toHaveProperty('readOnly', true);
    const sent = api.mock.calls.find(([method]) => method === 'POST');
    expect(sent?.[1]).toBe('shares/');
    expect(sent?.[3]?.body).toMatchObject({
      note_id: 'n1',
      start: 42,
      end: 75,
      password: 'open sesame',
      allow_download: true,
    });
    expect(screen.getByRole('button', { name: 'Copy' })).toBeTruthy();
  });

  it('puts the server’s refusal on the field it names', async () => {
    vi.spyOn(apiClient, 'api').mockImplementation((method) =>
      method === 'GET'
        ? Promise.resolve({ results: [], limit: 200 })
        : Promise.reject(
            new HttpError(400, {
              status: 400,
              errors: [
                {
                  code: 'invalid',
                  param: 'end',
                  message: 'The note is 1:30 long: choose a range within it.',
                },
              ],
            }),
          ),
    );
    renderDialog({ kind: 'note', noteId: 'n1', durationSeconds: null });
    expect(await screen.findByText('Nothing shared yet.')).toBeTruthy();
    fireEvent.click(screen.getByLabelText('A part of it'));
    fireEvent.change(screen.getByLabelText('To'), { target: { value: '9:00' } });
    fireEvent.click(screen.getByRole('button', { name: 'Create link' }));
    const to = screen.getByLabelText('To');
    expect(await screen.findByText('The note is 1:30 long: choose a range within it.')).toBeTruthy();
    expect(to.getAttribute('aria-invalid')).toBe('true');
  });

  it('revokes a link from the list', async () => {
    const api = vi.spyOn(apiClient, 'api').mockResolvedValue({ results: [share], limit: 200 });
    const revoke = vi.spyOn(apiClient, 'apiVoid').mockResolvedValue(undefined);
    renderDialog();
    const list = await screen.findByRole('list', { name: 'Share links' });
    fireEvent.click(within(list).getByRole('button', { name: 'Revoke the link to 0:42 to 1:15' }));
    await vi.waitFor(() => expect(revoke).toHaveBeenCalledWith('DELETE', 'shares/s1/'));
    await vi.waitFor(() => expect(api.mock.calls.filter(([method]) => method === 'GET').length).toBe(2));
  });
});
