import { useEffect, useRef } from 'react';

/**
 * Asks for more when it scrolls into view (the end of a long transcript, ADR 0056), and says
 * so while more is loading. A button does the same for keyboards and when observing is not
 * available.
 */
export function LoadMoreSentinel({ onVisible, loading }: { onVisible: () => void; loading: boolean }) {
  const ref = useRef<HTMLDivElement>(null);
  const latest = useRef(onVisible);
  latest.current = onVisible;

  useEffect(() => {
    const element = ref.current;
    if (!element || typeof IntersectionObserver === 'undefined') return;
    const observer = new IntersectionObserver((entries) => {
      if (entries.some((entry) => entry.isIntersecting)) latest.current();
    });
    observer.observe(element);
    return () => observer.disconnect();
  }, []);

  return (
    <div ref={ref} className="mt-3 text-sm text-slate-600 dark:text-slate-300" aria-live="polite">
      {loading ? (
        'Loading more of the transcript…'
      ) : (
        <button type="button" className="underline" onClick={() => latest.current()}>
          Show more of the transcript
        </button>
      )}
    </div>
  );
}
