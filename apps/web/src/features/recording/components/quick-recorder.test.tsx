import { cleanup, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { QuickRecorder } from './quick-recorder.tsx';

afterEach(cleanup);

describe('QuickRecorder', () => {
  it('offers one large Record control, the timer at zero and where the note goes', () => {
    render(<QuickRecorder onRecorded={vi.fn()} destination="Saves to “Inbox”." />);
    expect(screen.getByRole('button', { name: 'Record' })).toBeTruthy();
    expect(screen.getByRole('timer', { name: 'Recording time' }).textContent).toBe('0:00');
    expect(screen.getByText('Saves to “Inbox”.')).toBeTruthy();
    // Pause and Discard only make sense while recording.
    expect((screen.getByRole('button', { name: 'Pause' }) as HTMLButtonElement).disabled).toBe(true);
    expect((screen.getByRole('button', { name: 'Discard' }) as HTMLButtonElement).disabled).toBe(true);
  });

  it('says so in words when the browser cannot record, instead of failing silently', async () => {
    // jsdom has no microphone: the same path a browser without getUserMedia takes.
    render(<QuickRecorder onRecorded={vi.fn()} autoStart />);
    expect((await screen.findByRole('alert')).textContent).toMatch(/This browser cannot record audio here/);
    expect(screen.getByRole('button', { name: 'Record' })).toBeTruthy();
  });
});
