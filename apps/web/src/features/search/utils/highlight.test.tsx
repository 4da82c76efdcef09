import { cleanup, render } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { HighlightedText } from '../components/highlighted-text.tsx';
import { highlightParts } from './highlight.ts';

afterEach(cleanup);

describe('highlightParts', () => {
  it('splits text into plain and marked parts by [start, end) ranges', () => {
    expect(
      highlightParts({
        text: 'buy milk and bread',
        highlights: [
          [4, 8],
          [13, 18],
        ],
      }),
    ).toEqual([
      { text: 'buy ', marked: false },
      { text: 'milk', marked: true },
      { text: ' and ', marked: false },
      { text: 'bread', marked: true },
    ]);
  });

  it('clamps ranges past the end, and skips overlapping, empty or unordered ones', () => {
    expect(
      highlightParts({
        text: 'abcdef',
        highlights: [
          [4, 99],
          [0, 2],
          [1, 3],
          [3, 3],
        ],
      }),
    ).toEqual([
      { text: 'ab', marked: true },
      { text: 'c', marked: true },
      { text: 'd', marked: false },
      { text: 'ef', marked: true },
    ]);
  });
});

describe('HighlightedText', () => {
  it('renders server text as text: markup in it is never parsed', () => {
    const text = '<img src=x onerror=alert(1)> <script>alert(2)</script> milk &amp;';
    const start = text.indexOf('milk');
    const { container } = render(
      <p>
        <HighlightedText value={{ text, highlights: [[start, start + 4]] }} />
      </p>,
    );
    expect(container.querySelector('img')).toBeNull();
    expect(container.querySelector('script')).toBeNull();
    expect(container.textContent).toBe(text);
    const marks = container.querySelectorAll('mark');
    expect(marks).toHaveLength(1);
    expect(marks[0]?.textContent).toBe('milk');
  });
});
