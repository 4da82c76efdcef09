import { act, cleanup, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { type ReviewActions, useReviewKeys } from './use-review-keys.ts';

function actions(): ReviewActions {
  return {
    next: vi.fn(),
    previous: vi.fn(),
    replay: vi.fn(),
    replaySlower: vi.fn(),
    edit: vi.fn(),
    confirm: vi.fn(),
    leave: vi.fn(),
  };
}

function Harness({ enabled = true, does }: { enabled?: boolean; does: ReviewActions }) {
  useReviewKeys(enabled, does);
  return (
    <div>
      <button type="button" data-review-current="true">
        milk
      </button>
      <button type="button">Other button</button>
      <input aria-label="Correct the word" />
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

describe('useReviewKeys', () => {
  it('walks, replays, fixes, confirms and leaves with its letters, page-wide', () => {
    const does = actions();
    render(<Harness does={does} />);
    for (const key of ['n', 'p', 'r', 's', 'e', 'c'])
      expect(press(document.body, key).defaultPrevented).toBe(true);
    press(document.body, 'Escape');
    for (const action of Object.values(does)) expect(action).toHaveBeenCalledTimes(1);
  });

  it('Enter fixes the word under review, but stays any other button’s', () => {
    const does = actions();
    render(<Harness does={does} />);
    // Enter on the word would otherwise click it (play from there).
    expect(press(screen.getByRole('button', { name: 'milk' }), 'Enter').defaultPrevented).toBe(true);
    expect(press(screen.getByRole('button', { name: 'Other button' }), 'Enter').defaultPrevented).toBe(false);
    expect(does.edit).toHaveBeenCalledTimes(1);
  });

  it('leaves letters and Escape to a field, modified keys alone, and does nothing while off', () => {
    const does = actions();
    const { rerender } = render(<Harness does={does} />);
    const field = screen.getByLabelText('Correct the word');
    press(field, 'n');
    press(field, 'Escape');
    press(document.body, 'c', { ctrlKey: true });
    press(document.body, 'N', { shiftKey: true });
    rerender(<Harness enabled={false} does={does} />);
    press(document.body, 'n');
    press(document.body, 'Escape');
    for (const action of Object.values(does)) expect(action).not.toHaveBeenCalled();
  });
});
