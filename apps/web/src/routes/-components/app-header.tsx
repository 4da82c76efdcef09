import { useRouter } from '@tanstack/react-router';
import { useId, useState } from 'react';
import { Button } from '../../components/ui/button.tsx';
import { useLogout } from '../../features/auth/api/logout.ts';
import { HeaderSearch } from '../../features/search/components/header-search.tsx';
import { ThemeSwitcher } from '../../features/theme/components/theme-switcher.tsx';
import { toastHttpError } from '../../lib/toast-http-error.ts';
import { Brand } from './brand.tsx';
import { HeaderNav } from './header-nav.tsx';
import { RecordLauncher } from './record-launcher.tsx';

/** Logs out and leaves for the login screen; shared by the header and the account area. */
export function useLogoutAndLeave() {
  const router = useRouter();
  return useLogout({
    onLoggedOut: () => router.navigate({ to: '/auth/login', replace: true }),
  });
}

export function LogoutButton({ className = '' }: { className?: string }) {
  const logout = useLogoutAndLeave();
  return (
    <Button
      variant="ghost"
      className={className}
      disabled={logout.isPending}
      onClick={() => logout.mutate(undefined, { onError: toastHttpError })}
    >
      Log out
    </Button>
  );
}

export function AppHeader() {
  const [menuOpen, setMenuOpen] = useState(false);
  const menuId = useId();
  const closeMenu = () => setMenuOpen(false);
  return (
    <header className="border-b border-slate-200 bg-white/80 backdrop-blur dark:border-slate-800 dark:bg-slate-900/80">
      {/* One row from lg up: the search box takes what the fixed parts leave (header-search). */}
      <div className="mx-auto flex max-w-5xl items-center justify-between gap-x-4 gap-y-2 px-4 py-2 sm:flex-wrap sm:gap-x-6 sm:py-3 lg:flex-nowrap lg:gap-x-4">
        <div className="flex min-w-0 items-center gap-6 lg:shrink-0 lg:gap-3">
          <Brand />
          <div className="max-sm:hidden">
            <HeaderNav layout="row" />
          </div>
        </div>
        <div className="flex items-center justify-end gap-2 sm:flex-1 sm:flex-wrap sm:gap-3 lg:min-w-0 lg:flex-nowrap lg:gap-2">
          <div className="contents max-sm:hidden">
            <HeaderSearch />
          </div>
          <RecordLauncher withShortcut />
          <div className="contents max-sm:hidden">
            <ThemeSwitcher />
            <LogoutButton />
          </div>
          {/* Phones: the secondary links and settings fold into a menu beside Record. */}
          <Button
            variant="secondary"
            className="sm:hidden"
            aria-expanded={menuOpen}
            aria-controls={menuId}
            onClick={() => setMenuOpen((open) => !open)}
          >
            Menu
          </Button>
        </div>
      </div>
      {menuOpen ? (
        <div
          id={menuId}
          className="space-y-3 border-t border-slate-200 px-4 py-3 sm:hidden dark:border-slate-800"
          onKeyDown={(event) => {
            if (event.key === 'Escape') closeMenu();
          }}
        >
          <HeaderSearch />
          <HeaderNav layout="column" onNavigate={closeMenu} />
          <div className="flex items-center justify-between gap-3">
            <ThemeSwitcher />
            <LogoutButton />
          </div>
        </div>
      ) : null}
    </header>
  );
}
