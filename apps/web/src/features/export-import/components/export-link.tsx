import type { ReactNode } from 'react';
import { buttonClasses } from '../../../components/ui/button.tsx';

/** A download that looks like a button: a real link, so the browser streams the zip to disk. */
export function ExportLink({ href, children }: { href: string; children: ReactNode }) {
  return (
    <a href={href} download className={buttonClasses('secondary')}>
      {children}
    </a>
  );
}
