import { formatShareClock, type Share } from '@voxpad/shared/shares';
import { toast } from '../../../lib/toast.ts';
import { Button } from '../../../components/ui/button.tsx';
import { FormAlert } from '../../../components/ui/form-alert.tsx';
import { Spinner } from '../../../components/ui/spinner.tsx';
import { daysAgo } from '../../../lib/days-ago.ts';
import { formatDateTime } from '../../../lib/format-date.ts';
import { toastHttpError } from '../../../lib/toast-http-error.ts';
import { useShares, type ShareFilter } from '../api/get-shares.ts';
import { useRevokeShare } from '../api/revoke-share.ts';

/** What a link shares, in words: "Whole note", "0:42 to 1:15", "Whole pad". */
export function shareScope(share: Pick<Share, 'kind' | 'start' | 'end'>): string {
  if (share.kind === 'pad') return 'Whole pad';
  if (share.kind === 'note' || share.start === null || share.end === null) return 'Whole note';
  return `${formatShareClock(share.start)} to ${formatShareClock(share.end)}`;
}

export function isExpired(share: Pick<Share, 'expires_at'>, now = Date.now()): boolean {
  return share.expires_at !== null && Date.parse(share.expires_at) <= now;
}

function ShareFacts({ share }: { share: Share }) {
  const facts = [
    shareScope(share),
    share.view_count === 1 ? '1 view' : `${share.view_count} views`,
    share.last_viewed_at ? `last viewed ${daysAgo(share.last_viewed_at)}` : 'not viewed yet',
    ...(share.has_password ? ['password'] : []),
    ...(share.allow_download ? ['download allowed'] : []),
  ];
  return (
    <p className="text-xs text-slate-500 dark:text-slate-400">
      {facts.join(' · ')}
      {' · '}
      {share.expires_at === null ? (
        'never expires'
      ) : isExpired(share) ? (
        <span className="font-medium text-red-700 dark:text-red-300">
          expired <time dateTime={share.expires_at}>{formatDateTime(share.expires_at)}</time>
        </span>
      ) : (
        <>
          expires <time dateTime={share.expires_at}>{formatDateTime(share.expires_at)}</time>
        </>
      )}
    </p>
  );
}

/**
 * A person's share links (one note's, one pad's, or all), with their views and a Revoke button
 * each. `showTitles` names what each link shares (the account's list of every link).
 */
export function ShareLinks({
  filter = {},
  showTitles = false,
  emptyText = 'No links yet.',
}: {
  filter?: ShareFilter;
  showTitles?: boolean;
  emptyText?: string;
}) {
  const shares = useShares(filter);
  const revoke = useRevokeShare({ onError: toastHttpError });
  if (shares.isPending) return <Spinner label="Loading links…" />;
  if (shares.isError) return <FormAlert>{shares.error.message}</FormAlert>;
  const links = shares.data.results;
  if (links.length === 0) return <p className="text-sm text-slate-600 dark:text-slate-300">{emptyText}</p>;
  return (
    <ul className="divide-y divide-slate-200 dark:divide-slate-700" aria-label="Share links">
      {links.map((share) => {
        const name = showTitles ? share.title : shareScope(share);
        return (
          <li key={share.id} className="flex items-center justify-between gap-3 py-2">
            <div className="min-w-0">
              {showTitles ? <p className="truncate text-sm font-medium">{share.title}</p> : null}
              <ShareFacts share={share} />
            </div>
            <Button
              variant="secondary"
              aria-label={`Revoke the link to ${name}`}
              disabled={revoke.isPending && revoke.variables === share.id}
              onClick={() =>
                revoke.mutate(share.id, {
                  onSuccess: () => toast.success('Link revoked. It no longer works.'),
                })
              }
            >
              Revoke
            </Button>
          </li>
        );
      })}
    </ul>
  );
}
