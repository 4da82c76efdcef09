import { createFileRoute } from '@tanstack/react-router';
import { ApiTokensPanel } from '../../features/api-tokens/components/api-tokens-panel.tsx';
import { useSession } from '../../features/auth/api/get-session.ts';
import { useDocumentTitle } from '../../hooks/use-document-title.ts';
import { env } from '../../lib/env.ts';
import { LogoutButton } from '../-components/app-header.tsx';
import { PageHeading } from '../-components/page-heading.tsx';

export const Route = createFileRoute('/_authenticated/profile')({
  component: ProfilePage,
});

function ProfilePage() {
  useDocumentTitle('Profile');
  const session = useSession();
  if (!session.isAuthenticated) return null;
  const { user } = session;

  return (
    <div className="space-y-6">
      <PageHeading title="Profile" description={`Logged in as ${user.display}.`} />
      <dl className="divide-y divide-slate-200 rounded-xl border border-slate-200 bg-white dark:divide-slate-800 dark:border-slate-800 dark:bg-slate-900">
        <div className="grid gap-1 px-4 py-3 sm:grid-cols-[10rem_1fr]">
          <dt className="text-sm font-medium text-slate-500 dark:text-slate-400">Username</dt>
          <dd className="text-slate-900 dark:text-slate-100">{user.username ?? '—'}</dd>
        </div>
        <div className="grid gap-1 px-4 py-3 sm:grid-cols-[10rem_1fr]">
          <dt className="text-sm font-medium text-slate-500 dark:text-slate-400">Email</dt>
          <dd className="text-slate-900 dark:text-slate-100">{user.email ?? '—'}</dd>
        </div>
      </dl>
      <div className="rounded-xl border border-slate-200 bg-white p-4 dark:border-slate-800 dark:bg-slate-900">
        <h2 className="font-semibold text-slate-900 dark:text-slate-50">Session</h2>
        <p className="mt-1 text-sm text-slate-600 dark:text-slate-300">
          Log out when you are done on a shared computer.
        </p>
        <LogoutButton className="mt-3 border border-slate-300 dark:border-slate-600" />
      </div>
      <ApiTokensPanel origin={env.VITE_API_URL || window.location.origin} />
    </div>
  );
}
