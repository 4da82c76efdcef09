/** A stretch of the recording, in seconds. */
export interface Span {
  start: number;
  end: number;
}

function timeOf(element: Element, attribute: 'data-start' | 'data-end'): number | null {
  const value = Number(element.getAttribute(attribute));
  return element.hasAttribute(attribute) && Number.isFinite(value) ? value : null;
}

/**
 * The time the selected words of a transcript span: from the first selected word's start to
 * the last one's end. Words are the elements under `container` carrying `data-start` and
 * `data-end` (seconds); null when the selection is empty or holds none of them.
 */
export function selectedSpan(container: Element | null, selection: Selection | null): Span | null {
  if (!container || !selection || selection.isCollapsed || selection.rangeCount === 0) return null;
  const range = selection.getRangeAt(0);
  let start = Infinity;
  let end = -Infinity;
  for (const word of container.querySelectorAll('[data-start][data-end]')) {
    if (!range.intersectsNode(word)) continue;
    const from = timeOf(word, 'data-start');
    const to = timeOf(word, 'data-end');
    if (from === null || to === null) continue;
    start = Math.min(start, from);
    end = Math.max(end, to);
  }
  return Number.isFinite(start) && end > start ? { start, end } : null;
}

/** "0:42" or "0:42–1:05". */
export function spanLabel(start: number, end: number | null, clock: (seconds: number) => string): string {
  return end === null ? clock(start) : `${clock(start)}–${clock(end)}`;
}
