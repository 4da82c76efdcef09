import type { FastifyReply, FastifyRequest } from 'fastify';
import { accountDeletedMail } from '../../email/templates/account-deleted-mail.ts';
import { currentUser, type AuthContext } from '../auth-context.ts';
import { isRecentlyAuthenticated } from '../reauthentication/account-guards.ts';
import { sessionEnded } from '../sessions/session-ends.ts';
import { presentCookies } from './allauth-presenter.ts';

/**
 * The account side of deleting an account (ADR 0042): the same recent authentication as every
 * sensitive change, the logout (the session rows went with the account; the cookies go here,
 * written by the auth API's one presenter) and a notice to the address the account had.
 * `account-deletion/` declares the interface (AccountDeletionSafeguards) and `app.ts` hands it
 * this, so neither folder imports the other.
 */
export function accountDeletionSafeguards(ctx: AuthContext) {
  return {
    async recentlyAuthenticated(request: FastifyRequest) {
      const current = await currentUser(ctx.db, request);
      return current !== undefined && (await isRecentlyAuthenticated(ctx, current)).recent;
    },
    signedOut(reply: FastifyReply, sessionIds: readonly string[]) {
      // Progress streams opened with any of them close now, not at their next session check.
      for (const id of sessionIds) sessionEnded(id);
      presentCookies(reply, ctx.settings, { kind: 'status', status: 200, cookies: { session: 'ended' } });
    },
    accountDeleted(deleted: { email: string; username: string }) {
      ctx.mail.enqueue(() =>
        Promise.resolve(accountDeletedMail({ to: deleted.email, username: deleted.username })),
      );
    },
  };
}
