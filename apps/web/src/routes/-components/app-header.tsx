import { Link, useRouter } from '@tanstack/react-router';
import { Button, focusRing } from '../../components/ui/button.tsx';
import { useLogout } from '../../features/auth/api/logout.ts';
import { HeaderSearch } from '../../features/search/components/header-search.tsx';
import { ThemeSwitcher } from '../../features/theme/components/theme-switcher.tsx';
import { toastHttpError } from '../../lib/toast-http-error.ts';
import { Brand } from './brand.tsx';

const navLinkClasses = `rounded-md px-3 py-1.5 text-sm font-medium text-slate-600 hover:bg-slate-100 hover:text-slate-900 dark:text-slate-300 dark:hover:bg-slate-800 dark:hover:text-white ${focusRing}`;
const activeNavLinkClasses = 'bg-slate-100 text-slate-900 dark:bg-slate-800 dark:text-white';

/** Logs out and leaves for the login screen; shared by the header and the profile page. */
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
  return (
    <header className="border-b border-slate-200 bg-white/80 backdrop-blur dark:border-slate-800 dark:bg-slate-900/80">
      <div className="mx-auto flex max-w-5xl flex-wrap items-center justify-between gap-x-6 gap-y-2 px-4 py-3">
        <div className="flex items-center gap-6">
          <Brand />
          <nav aria-label="Main">
            <ul className="flex items-center gap-1">
              <li>
                <Link
                  to="/"
                  className={navLinkClasses}
                  activeProps={{ className: activeNavLinkClasses, 'aria-current': 'page' }}
                  activeOptions={{ exact: true }}
                >
                  Home
                </Link>
              </li>
              <li>
                <Link
                  to="/player"
                  className={navLinkClasses}
                  activeProps={{ className: activeNavLinkClasses, 'aria-current': 'page' }}
                >
                  Player
                </Link>
              </li>
              <li>
                <Link
                  to="/profile"
                  className={navLinkClasses}
                  activeProps={{ className: activeNavLinkClasses, 'aria-current': 'page' }}
                >
                  Profile
                </Link>
              </li>
            </ul>
          </nav>
        </div>
        <div className="flex flex-1 flex-wrap items-center justify-end gap-3">
          <HeaderSearch />
          <ThemeSwitcher />
          <LogoutButton />
        </div>
      </div>
    </header>
  );
}
