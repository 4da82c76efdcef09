import type { ReactNode } from 'react';

/** Long-form text with readable spacing (legal pages). */
export function Prose({ children }: { children: ReactNode }) {
  return (
    <article className="mx-auto max-w-2xl space-y-4 text-slate-700 dark:text-slate-300 [&_h1]:text-3xl [&_h1]:font-semibold [&_h1]:tracking-tight [&_h1]:text-slate-900 dark:[&_h1]:text-slate-50 [&_h2]:pt-2 [&_h2]:text-lg [&_h2]:font-semibold [&_h2]:text-slate-900 dark:[&_h2]:text-slate-100 [&_ul]:list-disc [&_ul]:space-y-1 [&_ul]:pl-5">
      {children}
    </article>
  );
}
