import { cleanup, fireEvent, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { DiscardRecordingConfirm, discardQuestion } from './discard-recording-confirm.tsx';

afterEach(cleanup);

describe('Cancel’s question', () => {
  it('names how much would be lost', () => {
    expect(discardQuestion(12.4)).toBe(
      'Discard this recording? 12 s of audio will be lost: it has not been saved.',
    );
    expect(discardQuestion(75)).toMatch(/^Discard this recording\? 1 min 15 s of audio/);
  });

  it('is an alert dialog with the safe choice focused; only “Discard it” discards', () => {
    const onDiscard = vi.fn();
    const onKeep = vi.fn();
    render(<DiscardRecordingConfirm seconds={12} onDiscard={onDiscard} onKeep={onKeep} />);
    const dialog = screen.getByRole('alertdialog', { name: /Discard this recording\? 12 s of audio/ });
    const keep = screen.getByRole('button', { name: 'Keep recording' });
    expect(document.activeElement).toBe(keep);
    fireEvent.click(keep);
    expect(onKeep).toHaveBeenCalledTimes(1);
    expect(onDiscard).not.toHaveBeenCalled();
    fireEvent.click(screen.getByRole('button', { name: 'Discard it' }));
    expect(onDiscard).toHaveBeenCalledTimes(1);
    expect(dialog).toBeTruthy();
  });

  it('keeps the recording on Escape, and keeps that Escape from closing the dialog around it', () => {
    const onKeep = vi.fn();
    const outer = vi.fn();
    render(
      <div onKeyDown={(event) => outer(event.defaultPrevented)}>
        <DiscardRecordingConfirm seconds={3} onDiscard={vi.fn()} onKeep={onKeep} />
      </div>,
    );
    const escape = fireEvent.keyDown(screen.getByRole('button', { name: 'Keep recording' }), {
      key: 'Escape',
    });
    expect(onKeep).toHaveBeenCalledTimes(1);
    // Default prevented: a native <dialog> does not turn it into "close".
    expect(escape).toBe(false);
    expect(outer).not.toHaveBeenCalled();
  });
});
