import { DEFAULT_PAD_COLOR, type Pad } from '@voxpad/shared/pads';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { act, cleanup, fireEvent, render, screen } from '@testing-library/react';
import type { ReactNode } from 'react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { apiClient, HttpError } from '../../../lib/api-client.ts';
import { CreatePadForm } from './create-pad-form.tsx';
import { EditPadForm } from './edit-pad-form.tsx';

afterEach(() => {
  cleanup();
  vi.restoreAllMocks();
});

const PAD: Pad = {
  id: 'p1',
  name: 'Bees',
  description: 'Hive notes',
  color: 'amber',
  icon: null,
  voice_note_count: 0,
  total_duration_seconds: 0,
  created_at: '2026-11-27T10:00:00.000Z',
  updated_at: '2026-11-27T10:00:00.000Z',
};

function renderWithQueries(ui: ReactNode) {
  render(<QueryClientProvider client={new QueryClient()}>{ui}</QueryClientProvider>);
}

const field = (label: string) => screen.getByLabelText<HTMLInputElement>(label, { exact: false });
const type = (label: string, value: string) => fireEvent.change(field(label), { target: { value } });
const submit = (name: string) =>
  act(async () => {
    fireEvent.click(screen.getByRole('button', { name }));
  });

describe('the new pad form', () => {
  it('says on the field that a name is needed, and sends nothing', async () => {
    const api = vi.spyOn(apiClient, 'api');
    renderWithQueries(<CreatePadForm />);
    type('Pad name', '   ');
    await submit('New pad');
    expect(screen.getByText('Give the pad a name.')).toBeTruthy();
    expect(api).not.toHaveBeenCalled();
  });

  it("puts the server's refusal on its field", async () => {
    vi.spyOn(apiClient, 'api').mockRejectedValue(
      new HttpError(400, { errors: [{ code: 'invalid', param: 'description', message: 'Not that.' }] }),
    );
    renderWithQueries(<CreatePadForm />);
    type('Pad name', 'Bees');
    await submit('New pad');
    expect(await screen.findByText('Not that.')).toBeTruthy();
    expect(field('Description').getAttribute('aria-invalid')).toBe('true');
  });

  it('sends the trimmed fields, then empties the form and hands on the new pad', async () => {
    const api = vi.spyOn(apiClient, 'api').mockResolvedValue(PAD);
    const onCreated = vi.fn();
    renderWithQueries(<CreatePadForm onCreated={onCreated} />);
    type('Pad name', '  Bees ');
    type('Description', 'Hive notes');
    await submit('New pad');
    expect(api).toHaveBeenCalledWith('POST', 'pad/', expect.anything(), {
      body: { name: 'Bees', description: 'Hive notes', color: DEFAULT_PAD_COLOR, icon: null },
    });
    await vi.waitFor(() => expect(onCreated).toHaveBeenCalledWith(PAD));
    expect(field('Pad name').value).toBe('');
    expect(field('Description').value).toBe('');
  });
});

describe('the edit pad form', () => {
  it('starts from the pad and sends its changes', async () => {
    const api = vi.spyOn(apiClient, 'api').mockResolvedValue({ ...PAD, name: 'Wasps' });
    const onDone = vi.fn();
    renderWithQueries(<EditPadForm pad={PAD} onDone={onDone} />);
    expect(field('Pad name').value).toBe('Bees');
    expect(field('Description').value).toBe('Hive notes');
    type('Pad name', ' Wasps ');
    await submit('Save changes');
    expect(api).toHaveBeenCalledWith('PUT', 'pad/p1/', expect.anything(), {
      body: { id: 'p1', name: 'Wasps', description: 'Hive notes', color: 'amber', icon: null },
    });
    await vi.waitFor(() => expect(onDone).toHaveBeenCalled());
  });

  it('says on the field that a name is needed, and a refusal without a field above the form', async () => {
    vi.spyOn(apiClient, 'api').mockRejectedValue(
      new HttpError(409, { errors: [{ code: 'conflict', message: 'Someone changed it.' }] }),
    );
    renderWithQueries(<EditPadForm pad={PAD} onDone={vi.fn()} />);
    type('Pad name', '');
    await submit('Save changes');
    expect(screen.getByText('Give the pad a name.')).toBeTruthy();
    type('Pad name', 'Wasps');
    await submit('Save changes');
    expect(await screen.findByText('Someone changed it.')).toBeTruthy();
    expect(screen.queryByText('Give the pad a name.')).toBeNull();
  });

  it('Cancel gives up without sending', async () => {
    const api = vi.spyOn(apiClient, 'api');
    const onDone = vi.fn();
    renderWithQueries(<EditPadForm pad={PAD} onDone={onDone} />);
    await submit('Cancel');
    expect(onDone).toHaveBeenCalled();
    expect(api).not.toHaveBeenCalled();
  });
});
