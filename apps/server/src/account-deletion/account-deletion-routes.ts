import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { notAuthenticated, reauthenticationRequired } from '../http/api-problem.ts';
import { requireUserId } from '../http/require-user.ts';
import { deleteAccount, type AccountDeletionDeps, type DeletedAccount } from './delete-account.ts';

/**
 * What the account side vouches for around a deletion (auth/ implements it; this module knows
 * no sessions, cookies or mail).
 */
export interface AccountDeletionSafeguards {
  /** Whether the request's session logged in or reauthenticated recently enough (allauth's timeout). */
  recentlyAuthenticated(request: FastifyRequest): Promise<boolean>;
  /**
   * The account's sessions are gone: long-lived answers opened with them in this process close,
   * and this answer clears the browser's session cookie and its csrftoken.
   */
  signedOut(reply: FastifyReply, sessionIds: readonly string[]): void;
  /** Tells the person, at the address the account had, off the request path. */
  accountDeleted(deleted: Pick<DeletedAccount, 'email' | 'username'>): void;
}

/**
 * DELETE /api/v1/account/: the logged-in person deletes their account and everything of it
 * (ADR 0042). Session + CSRF like the rest of /api/v1/, and a recent authentication like every
 * sensitive change (403 `reauthentication_required` otherwise, as for API tokens, ADR 0027).
 * Answers 204 and logs the browser out.
 */
export function registerAccountDeletionRoutes(
  app: FastifyInstance,
  deps: AccountDeletionDeps & { safeguards: AccountDeletionSafeguards },
) {
  app.delete('/account/', async (request, reply) => {
    const userId = await requireUserId(request);
    if (!(await deps.safeguards.recentlyAuthenticated(request))) {
      throw reauthenticationRequired('delete the account again');
    }
    const deleted = await deleteAccount(deps, request.log, userId);
    // Deleted meanwhile by another request of the same person: this session went with it.
    if (!deleted) throw notAuthenticated();
    request.log.info(
      { userId, notes: deleted.audioKeys.length, blobsLeft: deleted.blobsLeft },
      'account deleted',
    );
    deps.safeguards.accountDeleted(deleted);
    deps.safeguards.signedOut(reply, deleted.sessionIds);
    return reply.status(204).send();
  });
}
