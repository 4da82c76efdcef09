import { act, cleanup, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { usePlayerShortcuts } from './use-player-shortcuts.ts';

function Harness({
  enabled = true,
  togglePlay,
  skip,
}: {
  enabled?: boolean;
  togglePlay: () => void;
  skip: (seconds: number) => void;
}) {
  usePlayerShortcuts(enabled, { togglePlay, skip });
  return (
    <div>
      <button type="button">A button</button>
      <textarea aria-label="Transcript text" />
      <div role="slider" tabIndex={0} aria-label="Position" aria-valuenow={0} />
    </div>
  );
}

function press(target: Element | Document, key: string, init: KeyboardEventInit = {}) {
  const event = new KeyboardEvent('keydown', { key, bubbles: true, cancelable: true, ...init });
  act(() => {
    target.dispatchEvent(event);
  });
  return event;
}

afterEach(cleanup);

describe('usePlayerShortcuts', () => {
  it('plays or pauses with Space and skips 5 s with the arrows, from the page', () => {
    const togglePlay = vi.fn();
    const skip = vi.fn();
    render(<Harness togglePlay={togglePlay} skip={skip} />);
    // Space would otherwise scroll the page.
    expect(press(document.body, ' ').defaultPrevented).toBe(true);
    press(document.body, 'ArrowRight');
    press(document.body, 'ArrowLeft');
    expect(togglePlay).toHaveBeenCalledTimes(1);
    expect(skip.mock.calls).toEqual([[5], [-5]]);
  });

  it('leaves keys to fields, Space to buttons, arrows to sliders, and shortcuts with modifiers alone', () => {
    const togglePlay = vi.fn();
    const skip = vi.fn();
    render(<Harness togglePlay={togglePlay} skip={skip} />);
    press(screen.getByLabelText('Transcript text'), ' ');
    press(screen.getByLabelText('Transcript text'), 'ArrowLeft');
    press(screen.getByRole('button', { name: 'A button' }), ' ');
    press(screen.getByRole('slider'), 'ArrowRight');
    press(document.body, 'ArrowRight', { altKey: true });
    press(document.body, ' ', { ctrlKey: true });
    expect(togglePlay).not.toHaveBeenCalled();
    expect(skip).not.toHaveBeenCalled();
    // Arrows on a button are the page's: buttons do not use them.
    press(screen.getByRole('button', { name: 'A button' }), 'ArrowRight');
    expect(skip).toHaveBeenCalledWith(5);
  });

  it('does nothing while turned off (a transcript being edited)', () => {
    const togglePlay = vi.fn();
    const skip = vi.fn();
    render(<Harness enabled={false} togglePlay={togglePlay} skip={skip} />);
    press(document.body, ' ');
    press(document.body, 'ArrowRight');
    expect(togglePlay).not.toHaveBeenCalled();
    expect(skip).not.toHaveBeenCalled();
  });
});
