import { createFileRoute } from '@tanstack/react-router';
import { DeleteAccountSection } from '../../../features/account/components/delete-account-section.tsx';
import { TranscriptFormatSection } from '../../../features/account/components/transcript-format-section.tsx';
import { useConfirmIdentity } from '../../../features/account/hooks/use-confirm-identity.ts';
import { useSession } from '../../../features/auth/hooks/use-session.ts';
import { accountExportUrl } from '../../../features/export-import/api/export-urls.ts';
import { ExportLink } from '../../../features/export-import/components/export-link.tsx';
import { useDocumentTitle } from '../../../hooks/use-document-title.ts';
import { LogoutButton } from '../../-components/app-header.tsx';
import { useLeaveDeletedAccount } from './-components/use-leave-deleted-account.ts';

export const Route = createFileRoute('/_authenticated/account/')({
  component: ProfileSection,
});

function ProfileSection() {
  useDocumentTitle('Account');
  const session = useSession();
  const user = session.isAuthenticated ? session.user : null;
  // Deleting the account needs a recent login; the account area's prompt asks for it (ADR 0042).
  const confirmIdentity = useConfirmIdentity(user?.has_usable_password ?? false);
  const leaveDeletedAccount = useLeaveDeletedAccount(user ? String(user.id) : '');
  if (!user) return null;

  return (
    <>
      <section
        aria-labelledby="profile-heading"
        className="rounded-xl border border-slate-200 bg-white dark:border-slate-800 dark:bg-slate-900"
      >
        <h2 id="profile-heading" className="px-4 pt-4 font-semibold text-slate-900 dark:text-slate-50">
          Profile
        </h2>
        <dl className="divide-y divide-slate-200 dark:divide-slate-800">
          <div className="grid gap-1 px-4 py-3 sm:grid-cols-[10rem_1fr]">
            <dt className="text-sm font-medium text-slate-500 dark:text-slate-400">Name shown</dt>
            <dd className="break-words text-slate-900 dark:text-slate-100">{user.display}</dd>
          </div>
          <div className="grid gap-1 px-4 py-3 sm:grid-cols-[10rem_1fr]">
            <dt className="text-sm font-medium text-slate-500 dark:text-slate-400">Username</dt>
            <dd className="break-words text-slate-900 dark:text-slate-100">{user.username ?? '—'}</dd>
          </div>
          <div className="grid gap-1 px-4 py-3 sm:grid-cols-[10rem_1fr]">
            <dt className="text-sm font-medium text-slate-500 dark:text-slate-400">Primary email</dt>
            <dd className="break-all text-slate-900 dark:text-slate-100">{user.email ?? '—'}</dd>
          </div>
        </dl>
      </section>
      <TranscriptFormatSection />
      <section
        aria-labelledby="export-heading"
        className="rounded-xl border border-slate-200 bg-white p-4 dark:border-slate-800 dark:bg-slate-900"
      >
        <h2 id="export-heading" className="font-semibold text-slate-900 dark:text-slate-50">
          Your data
        </h2>
        <p className="mt-1 text-sm text-slate-600 dark:text-slate-300">
          Every pad and voice note: the original recordings, and each transcript as Markdown, text, SRT,
          WebVTT and JSON with all its versions. A pad page can import the zip again.
        </p>
        <div className="mt-3">
          <ExportLink href={accountExportUrl()}>Export all my data (.zip)</ExportLink>
        </div>
      </section>
      <section
        aria-labelledby="logout-heading"
        className="rounded-xl border border-slate-200 bg-white p-4 dark:border-slate-800 dark:bg-slate-900"
      >
        <h2 id="logout-heading" className="font-semibold text-slate-900 dark:text-slate-50">
          This session
        </h2>
        <p className="mt-1 text-sm text-slate-600 dark:text-slate-300">
          Log out when you are done on a shared computer.
        </p>
        <LogoutButton className="mt-3 border border-slate-300 dark:border-slate-600" />
      </section>
      <DeleteAccountSection
        account={{
          ...(user.username ? { username: user.username } : {}),
          ...(user.email ? { email: user.email } : {}),
        }}
        confirmIdentity={confirmIdentity}
        onDeleted={() => void leaveDeletedAccount()}
      />
    </>
  );
}
