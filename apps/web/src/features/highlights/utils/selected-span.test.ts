import { afterEach, describe, expect, it } from 'vitest';
import { selectedSpan, spanLabel } from './selected-span.ts';

afterEach(() => {
  document.body.innerHTML = '';
  document.getSelection()?.removeAllRanges();
});

function transcript() {
  document.body.innerHTML = `<div id="t"><p>
    <button data-start="1" data-end="1.4">Plant</button>
    <button data-start="1.5" data-end="1.9">the</button>
    <button data-start="2" data-end="2.6">beans</button>
  </p></div><p id="outside">elsewhere</p>`;
  return document.getElementById('t')!;
}

function select(from: Node, to: Node) {
  const range = document.createRange();
  range.setStartBefore(from);
  range.setEndAfter(to);
  const selection = document.getSelection()!;
  selection.removeAllRanges();
  selection.addRange(range);
  return selection;
}

describe('selectedSpan', () => {
  it('spans from the first selected word’s start to the last one’s end', () => {
    const container = transcript();
    const words = container.querySelectorAll('button');
    expect(selectedSpan(container, select(words[1]!, words[2]!))).toEqual({ start: 1.5, end: 2.6 });
    expect(selectedSpan(container, select(words[0]!, words[0]!))).toEqual({ start: 1, end: 1.4 });
  });

  it('is null for no selection, or one outside the transcript', () => {
    const container = transcript();
    expect(selectedSpan(container, document.getSelection())).toBeNull();
    const outside = document.getElementById('outside')!;
    expect(selectedSpan(container, select(outside, outside))).toBeNull();
    expect(selectedSpan(null, select(outside, outside))).toBeNull();
  });
});

describe('spanLabel', () => {
  it('says a moment as one time and a range as two', () => {
    const clock = (s: number) => `${s}s`;
    expect(spanLabel(3, null, clock)).toBe('3s');
    expect(spanLabel(3, 5, clock)).toBe('3s–5s');
  });
});
