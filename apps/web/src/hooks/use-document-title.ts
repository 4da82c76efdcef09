import { useEffect } from 'react';

export const BRAND = 'Voxpad';

/** "Pad name · Voxpad"; screen readers announce the new title after client-side navigation. */
export function useDocumentTitle(title: string | null | undefined): void {
  useEffect(() => {
    document.title = title ? `${title} · ${BRAND}` : BRAND;
  }, [title]);
}
