import { Button, buttonClasses } from '../ui/button.tsx';

export interface ErrorFallbackProps {
  /** Clears the error and renders the children again. */
  onReset: () => void;
  supportEmail: string;
  /** Reloads the browser page; injectable for tests. */
  onReload?: () => void;
}

/** The screen shown when a rendering error is caught (spec §2). */
export function ErrorFallback({ onReset, supportEmail, onReload }: ErrorFallbackProps) {
  const reload = onReload ?? (() => window.location.reload());
  return (
    <div
      role="alert"
      className="mx-auto flex min-h-[60vh] max-w-lg flex-col items-center justify-center gap-4 p-8 text-center"
    >
      <h1 className="text-2xl font-semibold text-slate-900 dark:text-slate-50">Something went wrong</h1>
      <p className="text-slate-600 dark:text-slate-300">
        An unexpected error occurred. This has been logged and we&apos;ll look into it.
      </p>
      <div className="flex flex-wrap justify-center gap-3">
        <Button onClick={onReset}>Try Again</Button>
        <Button variant="secondary" onClick={reload}>
          Reload Page
        </Button>
        {/* A plain anchor, not a router link: going home reloads the whole document. */}
        <a href="/" className={buttonClasses('secondary')}>
          Go Home
        </a>
        <a href={`mailto:${supportEmail}`} className={buttonClasses('ghost')}>
          Send Email to Support
        </a>
      </div>
    </div>
  );
}
