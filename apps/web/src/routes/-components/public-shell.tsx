import type { ReactNode } from 'react';
import { ThemeSwitcher } from '../../features/theme/components/theme-switcher.tsx';
import { Brand } from './brand.tsx';
import { SiteFooter } from './site-footer.tsx';
import { SkipLink } from './skip-link.tsx';

/** Layout for screens anyone can see: sign-in screens and the legal pages. */
export function PublicShell({ children, centered = false }: { children: ReactNode; centered?: boolean }) {
  return (
    <div className="flex min-h-dvh flex-col">
      <SkipLink />
      <header className="border-b border-slate-200 bg-white/80 backdrop-blur dark:border-slate-800 dark:bg-slate-900/80">
        <div className="mx-auto flex max-w-5xl items-center justify-between gap-4 px-4 py-3">
          <Brand />
          <ThemeSwitcher />
        </div>
      </header>
      <main
        id="main"
        tabIndex={-1}
        className={`mx-auto w-full max-w-5xl flex-1 px-4 py-10 outline-none ${centered ? 'flex items-start justify-center sm:py-16' : ''}`}
      >
        {children}
      </main>
      <SiteFooter />
    </div>
  );
}
