import { Link } from '@tanstack/react-router';
import { focusRing } from '../../../../components/ui/button.tsx';

const linkClasses = `inline-flex min-h-11 items-center rounded-md px-3 text-sm font-medium text-slate-600 hover:bg-slate-100 hover:text-slate-900 sm:min-h-9 lg:w-full dark:text-slate-300 dark:hover:bg-slate-800 dark:hover:text-white ${focusRing}`;
const active = {
  className: 'bg-slate-100 text-slate-900 dark:bg-slate-800 dark:text-white',
  'aria-current': 'page',
} as const;

const SECTIONS = [
  { to: '/account', label: 'Profile', exact: true },
  { to: '/account/emails', label: 'Email addresses', exact: false },
  { to: '/account/password', label: 'Password', exact: false },
  { to: '/account/two-factor', label: 'Two-factor', exact: false },
  { to: '/account/passkeys', label: 'Passkeys', exact: false },
  { to: '/account/sessions', label: 'Sessions', exact: false },
  { to: '/account/connections', label: 'Connected accounts', exact: false },
  { to: '/account/api-tokens', label: 'API tokens', exact: false },
  { to: '/account/shared-links', label: 'Shared links', exact: false },
  { to: '/account/tags', label: 'Tags', exact: false },
  { to: '/account/webhooks', label: 'Webhooks', exact: false },
  { to: '/words', label: 'Your words and voice', exact: false },
] as const;

/** The account area's sections: a wrapping row on phones, a column beside the content on wide screens. */
export function AccountNav() {
  return (
    <nav aria-label="Account">
      <ul className="flex flex-wrap gap-1 lg:flex-col">
        {SECTIONS.map((section) => (
          <li key={section.to}>
            <Link
              to={section.to}
              className={linkClasses}
              activeProps={active}
              activeOptions={{ exact: section.exact }}
            >
              {section.label}
            </Link>
          </li>
        ))}
      </ul>
    </nav>
  );
}
