import { useEffect, useState, type RefObject } from 'react';
import { selectedSpan, type Span } from '../utils/selected-span.ts';

/** The time span of the words selected under `container`, following the selection as it changes. */
export function useSelectedSpan(container: RefObject<Element | null>): Span | null {
  const [span, setSpan] = useState<Span | null>(null);
  useEffect(() => {
    const update = () => {
      const next = selectedSpan(container.current, document.getSelection());
      // A click on a button (say, "Highlight selected words") may clear the selection: the
      // span chosen last stays offered until another selection replaces it.
      if (next)
        setSpan((current) => (current?.start === next.start && current.end === next.end ? current : next));
    };
    document.addEventListener('selectionchange', update);
    return () => document.removeEventListener('selectionchange', update);
  }, [container]);
  return span;
}
