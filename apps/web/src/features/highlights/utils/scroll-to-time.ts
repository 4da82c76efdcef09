/**
 * Brings the transcript word spoken at `seconds` into view: the last element under `container`
 * whose `data-start` is at or before it.
 */
export function scrollToTime(container: Element | null, seconds: number): void {
  if (!container) return;
  let found: Element | undefined;
  for (const word of container.querySelectorAll('[data-start]')) {
    const start = Number(word.getAttribute('data-start'));
    if (Number.isFinite(start) && start <= seconds + 0.02) found = word;
  }
  found?.scrollIntoView?.({ block: 'center', behavior: 'smooth' });
}
