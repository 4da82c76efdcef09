import { cleanup, render, screen } from '@testing-library/react';
import { createRef } from 'react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { Recorder, type RecorderHandle } from './recorder.tsx';

afterEach(cleanup);

const button = (name: string) => screen.getByRole('button', { name }) as HTMLButtonElement;

describe('Recorder', () => {
  it('offers one large Record control, the timer at zero, the level and where the note goes', () => {
    render(
      <Recorder onRecorded={vi.fn()} destination="Saves to “Inbox”.">
        <p>Live words go here</p>
      </Recorder>,
    );
    expect(button('Record').disabled).toBe(false);
    expect(screen.getByRole('timer', { name: 'Recording time' }).textContent).toBe('0:00');
    expect(screen.getByRole('meter', { name: 'Level' }).getAttribute('aria-valuenow')).toBe('0');
    expect(screen.getByText('Saves to “Inbox”.')).toBeTruthy();
    expect(screen.getByLabelText('Microphone')).toBeTruthy();
    expect(screen.getByText('Live words go here')).toBeTruthy();
    expect(screen.getByText('Press Record to start.')).toBeTruthy();
    // Pause and Cancel only make sense while recording.
    expect(button('Pause').disabled).toBe(true);
    expect(button('Cancel').disabled).toBe(true);
    // Marking a highlight (button or H) too; the key is named for assistive technology.
    expect(button('Mark highlight (H)').disabled).toBe(true);
    expect(button('Mark highlight (H)').getAttribute('aria-keyshortcuts')).toBe('H');
  });

  it('has nothing to discard before recording: closing around it does not ask', () => {
    const ref = createRef<RecorderHandle>();
    render(<Recorder ref={ref} onRecorded={vi.fn()} />);
    expect(ref.current?.requestDiscard()).toBe(false);
    expect(screen.queryByRole('alertdialog')).toBeNull();
  });

  it('says so in words when the browser cannot record, instead of failing silently', async () => {
    // jsdom has no microphone: the same path a browser without getUserMedia takes.
    render(<Recorder onRecorded={vi.fn()} autoStart />);
    expect((await screen.findByRole('alert')).textContent).toMatch(/This browser cannot record audio here/);
    expect(screen.getByRole('button', { name: 'Record' })).toBeTruthy();
  });
});
