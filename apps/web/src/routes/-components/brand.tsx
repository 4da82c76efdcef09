import { Link } from '@tanstack/react-router';
import { focusRing } from '../../components/ui/button.tsx';
import { BRAND } from '../../hooks/use-document-title.ts';

export function Brand() {
  return (
    <Link
      to="/"
      className={`flex items-center gap-2 rounded-md max-sm:min-h-11 text-lg font-semibold tracking-tight text-slate-900 dark:text-slate-50 ${focusRing}`}
    >
      <svg viewBox="0 0 32 32" className="size-7" aria-hidden="true">
        <rect width="32" height="32" rx="8" className="fill-indigo-600 dark:fill-indigo-500" />
        <rect x="13" y="6" width="6" height="13" rx="3" fill="#fff" />
        <path
          d="M9.5 15a6.5 6.5 0 0 0 13 0"
          fill="none"
          stroke="#fff"
          strokeWidth="2"
          strokeLinecap="round"
        />
        <path d="M16 21.5V26" stroke="#fff" strokeWidth="2" strokeLinecap="round" />
      </svg>
      {BRAND}
    </Link>
  );
}
