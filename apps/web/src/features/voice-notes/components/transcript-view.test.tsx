import { cleanup, fireEvent, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { TranscriptWord } from '@voxpad/shared/voice-notes';
import { TranscriptView } from './transcript-view.tsx';

afterEach(cleanup);

const word = (w: string, text: string | undefined, start: number): TranscriptWord => ({
  word: w,
  ...(text === undefined ? {} : { text }),
  start,
  end: start + 0.4,
  confidence: 0.9,
});

/** "Pay $400 on Monday." then, after a blank line, "I will." */
const WORDS = [
  word('pay', 'Pay', 0),
  word('four', '$400', 0.5),
  word('hundred', '', 1),
  word('dollars', '', 1.5),
  word('on', 'on', 2),
  word('monday', 'Monday.', 2.5),
  word('i', 'I', 6),
  word('will', 'will.', 6.5),
];
const TEXT = 'Pay $400 on Monday.\n\nI will.';

function show(active: number, onPlayFrom = vi.fn()) {
  render(
    <>
      <h2 id="t">Transcript</h2>
      <TranscriptView
        words={WORDS}
        transcript={TEXT}
        active={active}
        onPlayFrom={onPlayFrom}
        timeHref={(seconds) => `#t=${seconds}`}
        labelledBy="t"
      />
    </>,
  );
  const group = screen.getByRole('group', { name: 'Transcript' });
  const paragraphs = [...group.querySelectorAll('p')].map((p) => p.textContent?.replace(/\s+/g, ' ').trim());
  return { group, paragraphs };
}

describe('TranscriptView', () => {
  it('shows sentences and paragraphs as the transcript reads, never the empty forms', () => {
    const { paragraphs } = show(-1);
    expect(paragraphs).toEqual(['Pay $400 on Monday.', 'I will.']);
    expect(screen.getAllByRole('button').map((b) => b.textContent)).toEqual([
      'Pay',
      '$400',
      'on',
      'Monday.',
      'I',
      'will.',
    ]);
    expect(screen.getByRole('link', { name: 'Play from 0:06' })).toBeTruthy();
  });

  it('highlights the form whose words are spoken, also for a word folded into it', () => {
    show(3); // "dollars", read as part of "$400"
    const current = screen.getByRole('button', { current: true });
    expect(current.textContent).toBe('$400');
    expect(current.tabIndex).toBe(0);
  });

  it('plays from where a form was said and moves between forms with the arrow keys', () => {
    const onPlayFrom = vi.fn();
    show(-1, onPlayFrom);
    fireEvent.click(screen.getByRole('button', { name: '$400' }));
    expect(onPlayFrom).toHaveBeenCalledWith(0.5, 1);
    fireEvent.click(screen.getByRole('button', { name: 'I' }));
    expect(onPlayFrom).toHaveBeenLastCalledWith(6, 6);
    fireEvent.keyDown(screen.getByRole('button', { name: 'I' }), { key: 'ArrowLeft' });
    expect(document.activeElement?.textContent).toBe('Monday.');
  });

  it('reads old notes’ raw words, with paragraphs at pauses', () => {
    render(
      <TranscriptView
        words={[word('buy', undefined, 0), word('milk', undefined, 0.5), word('call', undefined, 3)]}
        transcript="buy milk call"
        active={-1}
        onPlayFrom={vi.fn()}
        timeHref={() => '#'}
        labelledBy="none"
      />,
    );
    expect(screen.getAllByRole('button').map((b) => b.textContent)).toEqual(['buy', 'milk', 'call']);
    expect(screen.getAllByRole('link')).toHaveLength(2);
  });
});
