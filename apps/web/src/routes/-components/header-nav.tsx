import { Link } from '@tanstack/react-router';
import { focusRing } from '../../components/ui/button.tsx';

const linkClasses = `inline-flex min-h-11 items-center rounded-md px-3 text-sm lg:px-2 font-medium text-slate-600 hover:bg-slate-100 hover:text-slate-900 sm:min-h-9 dark:text-slate-300 dark:hover:bg-slate-800 dark:hover:text-white ${focusRing}`;
const activeClasses = 'bg-slate-100 text-slate-900 dark:bg-slate-800 dark:text-white';
const active = { className: activeClasses, 'aria-current': 'page' } as const;

/**
 * `menuOnly`: in the phone menu, not the desktop row, which has no room left for its search box
 * at 1024 px; there the account area links to it.
 */
const LINKS = [
  { to: '/', label: 'Home', exact: true, menuOnly: false },
  { to: '/player', label: 'Player', exact: false, menuOnly: false },
  { to: '/stats', label: 'Stats', exact: false, menuOnly: false },
  { to: '/search', label: 'Search', exact: false, menuOnly: true },
  { to: '/words', label: 'Your words', exact: false, menuOnly: true },
  { to: '/account', label: 'Account', exact: false, menuOnly: false },
] as const;

/** The app's main places; a row on wide screens, a column inside the phone menu. */
export function HeaderNav({ layout, onNavigate }: { layout: 'row' | 'column'; onNavigate?: () => void }) {
  return (
    <nav aria-label="Main">
      <ul className={layout === 'row' ? 'flex items-center gap-1' : 'flex flex-col gap-1'}>
        {LINKS.filter((link) => layout === 'column' || !link.menuOnly).map((link) => (
          <li key={link.to}>
            <Link
              to={link.to}
              className={`${linkClasses} ${layout === 'column' ? 'w-full' : ''}`}
              activeProps={active}
              activeOptions={{ exact: link.exact }}
              onClick={onNavigate}
            >
              {link.label}
            </Link>
          </li>
        ))}
      </ul>
    </nav>
  );
}
