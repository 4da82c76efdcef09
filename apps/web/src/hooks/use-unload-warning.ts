import { useEffect } from 'react';

/** While `when`, closing or reloading the tab asks first (the browser words the question). */
export function useUnloadWarning(when: boolean): void {
  useEffect(() => {
    if (!when) return;
    const warn = (event: BeforeUnloadEvent) => {
      event.preventDefault();
      // Older browsers need returnValue set to show the prompt.
      event.returnValue = '';
    };
    window.addEventListener('beforeunload', warn);
    return () => window.removeEventListener('beforeunload', warn);
  }, [when]);
}
