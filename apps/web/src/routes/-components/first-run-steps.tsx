import type { ReactNode } from 'react';

const STEPS: { title: string; body: ReactNode }[] = [
  {
    title: 'Create a pad',
    body: 'A pad keeps related notes together: a project, a class, a shopping list. Name one below.',
  },
  {
    title: 'Record',
    body: (
      <>
        Press <strong>Record</strong> (or the <kbd className="rounded border px-1 font-mono text-xs">R</kbd>{' '}
        key) on any screen and speak. Voxpad writes down what you said.
      </>
    ),
  },
  {
    title: 'Search what you said',
    body: 'Type a word in Search and jump straight to the moment you said it.',
  },
];

/** Home for someone with nothing yet: what the app is for, in three steps. */
export function FirstRunSteps({ children }: { children?: ReactNode }) {
  return (
    <section
      aria-labelledby="first-run-heading"
      className="rounded-xl border border-indigo-200 bg-indigo-50/60 p-5 dark:border-indigo-900 dark:bg-indigo-950/40"
    >
      <h2 id="first-run-heading" className="text-lg font-semibold text-slate-900 dark:text-slate-50">
        Get started in three steps
      </h2>
      <ol className="mt-4 grid gap-4 sm:grid-cols-3">
        {STEPS.map((step, index) => (
          <li key={step.title} className="flex gap-3">
            <span
              aria-hidden="true"
              className="flex size-8 shrink-0 items-center justify-center rounded-full bg-indigo-600 font-semibold text-white dark:bg-indigo-500"
            >
              {index + 1}
            </span>
            <div className="min-w-0">
              <h3 className="font-medium text-slate-900 dark:text-slate-50">{step.title}</h3>
              <p className="mt-1 text-sm text-slate-600 dark:text-slate-300">{step.body}</p>
            </div>
          </li>
        ))}
      </ol>
      {children ? <div className="mt-5">{children}</div> : null}
    </section>
  );
}
