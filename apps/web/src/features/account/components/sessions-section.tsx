import type { UserSession } from '@voxpad/shared/account';
import { useId } from 'react';
import { Button } from '../../../components/ui/button.tsx';
import { FormAlert } from '../../../components/ui/form-alert.tsx';
import { Spinner } from '../../../components/ui/spinner.tsx';
import { daysAgo } from '../../../lib/days-ago.ts';
import { formatDateTime } from '../../../lib/format-date.ts';
import { accountErrorsOf } from '../api/account-call.ts';
import { useEndSessions } from '../api/end-sessions.ts';
import { useSessions } from '../api/get-sessions.ts';
import { describeUserAgent } from '../utils/user-agent.ts';
import { Badge, AccountSection } from './account-section.tsx';

function When({ seconds, children }: { seconds: number; children: string }) {
  const date = new Date(seconds * 1000);
  return (
    <time dateTime={date.toISOString()} title={formatDateTime(date)}>
      {children}
    </time>
  );
}

function SessionRow({
  session,
  onEnd,
  ending,
}: {
  session: UserSession;
  onEnd: (() => void) | null;
  ending: boolean;
}) {
  const descriptionId = useId();
  const device = describeUserAgent(session.user_agent);
  return (
    <li className="flex flex-wrap items-center justify-between gap-2 px-3 py-3 text-sm">
      <div id={descriptionId} className="min-w-0">
        <p className="flex flex-wrap items-center gap-2 font-medium text-slate-900 dark:text-slate-50">
          <span title={session.user_agent}>{device}</span>
          {session.is_current ? <Badge tone="indigo">This device</Badge> : null}
        </p>
        <p className="text-xs break-words text-slate-500 dark:text-slate-400">
          {session.ip || 'Unknown address'} · logged in{' '}
          <When seconds={session.created_at}>{formatDateTime(session.created_at * 1000)}</When>
          {session.last_seen_at !== undefined ? (
            <>
              {' '}
              · last active <When seconds={session.last_seen_at}>{daysAgo(session.last_seen_at * 1000)}</When>
            </>
          ) : null}
        </p>
      </div>
      {onEnd ? (
        <Button variant="secondary" disabled={ending} aria-describedby={descriptionId} onClick={onEnd}>
          {ending ? 'Logging out…' : 'Log out this session'}
        </Button>
      ) : null}
    </li>
  );
}

/** Where the account is logged in, and signing out the devices the person no longer uses. */
export function SessionsSection() {
  const sessions = useSessions();
  const end = useEndSessions();
  const others = sessions.data?.filter((session) => !session.is_current) ?? [];
  const endingIds = end.isPending ? end.variables : [];
  const failure = end.error ? accountErrorsOf(end.error).map((error) => error.message) : [];

  return (
    <AccountSection
      title="Active sessions"
      description="The browsers and devices logged in to your account. Log out any you do not recognise, then change your password."
    >
      {sessions.isPending ? (
        <Spinner label="Loading sessions…" />
      ) : sessions.isError ? (
        <FormAlert>
          {accountErrorsOf(sessions.error)[0]?.message ?? 'Your sessions could not be loaded.'}
        </FormAlert>
      ) : (
        <>
          {failure.length > 0 ? <FormAlert>{failure.join(' ')}</FormAlert> : null}
          <ul className="divide-y divide-slate-200 rounded-lg border border-slate-200 dark:divide-slate-800 dark:border-slate-800">
            {[...sessions.data]
              .sort((a, b) => Number(b.is_current) - Number(a.is_current))
              .map((session) => (
                <SessionRow
                  key={session.id}
                  session={session}
                  ending={endingIds.includes(session.id)}
                  onEnd={session.is_current ? null : () => end.mutate([session.id])}
                />
              ))}
          </ul>
          {others.length > 0 ? (
            <Button
              variant="danger"
              disabled={end.isPending}
              onClick={() => end.mutate(others.map((session) => session.id))}
            >
              Log out all other sessions
            </Button>
          ) : (
            <p className="text-sm text-slate-600 dark:text-slate-300">You are not logged in anywhere else.</p>
          )}
        </>
      )}
    </AccountSection>
  );
}
