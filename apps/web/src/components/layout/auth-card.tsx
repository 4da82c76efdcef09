import type { ReactNode } from 'react';

export interface AuthCardProps {
  title: string;
  description?: ReactNode;
  children: ReactNode;
  footer?: ReactNode;
}

/** The centred card every sign-in screen uses. */
export function AuthCard({ title, description, children, footer }: AuthCardProps) {
  return (
    <div className="mx-auto w-full max-w-md">
      <div className="rounded-xl border border-slate-200 bg-white p-6 shadow-sm sm:p-8 dark:border-slate-800 dark:bg-slate-900">
        <h1 className="text-2xl font-semibold tracking-tight text-slate-900 dark:text-slate-50">{title}</h1>
        {description ? (
          <div className="mt-2 text-sm text-slate-600 dark:text-slate-300">{description}</div>
        ) : null}
        <div className="mt-6">{children}</div>
      </div>
      {/* On phones the footer's links ("Sign up", "Back to log in") are 44 px touch targets. */}
      {footer ? (
        <div className="mt-4 text-center text-sm text-slate-600 max-sm:[&_a]:inline-flex max-sm:[&_a]:min-h-11 max-sm:[&_a]:items-center dark:text-slate-300">
          {footer}
        </div>
      ) : null}
    </div>
  );
}
