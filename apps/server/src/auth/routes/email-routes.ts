import type { FastifyInstance, FastifyRequest } from 'fastify';
import { readBoolean, readString } from '../accounts/account-validation.ts';
import {
  requireRecentAuthentication,
  requireUser,
  requireWithinLimit,
} from '../reauthentication/account-guards.ts';
import { findUserById } from '../accounts/users-repository.ts';
import { currentUser, type AuthContext, type Authenticated } from '../auth-context.ts';
import {
  addAddress,
  listAddresses,
  makePrimary,
  removeAddress,
  resendVerification,
} from '../email/email-management.ts';
import { conflict, done, forbidden, withData } from '../flows/auth-outcome.ts';
import { presenter } from './allauth-presenter.ts';

/** allauth's ManageEmailView: the account's addresses, each change answered with the new list. */
export function registerEmailRoutes(app: FastifyInstance, ctx: AuthContext) {
  const answer = presenter(ctx.settings);

  /**
   * The user, once allauth's per-user `manage_email` limit allows the request (401, 429
   * otherwise). `sensitive` changes also need a recent authentication.
   */
  async function guard(request: FastifyRequest, sensitive: boolean) {
    const current = await requireUser(ctx, request);
    await requireWithinLimit(ctx, 'manage_email', { user: current.user.id });
    if (sensitive) await requireRecentAuthentication(ctx, current);
    return current;
  }

  const list = async ({ user }: Authenticated) => withData(await listAddresses(ctx, user));

  app.get('/account/email', async (request, reply) => answer(reply, await list(await guard(request, false))));

  app.post('/account/email', async (request, reply) => {
    // allauth changes the address of a pending signup here only with
    // ACCOUNT_EMAIL_VERIFICATION_SUPPORTS_CHANGE, which we leave off: 409 without a user.
    if (!(await currentUser(ctx.db, request))) return answer(reply, conflict);
    const current = await guard(request, true);
    await addAddress(ctx, request, current.user, readString(request.body, 'email'));
    return answer(reply, await list(current));
  });

  app.put('/account/email', async (request, reply) => {
    const current = await guard(request, false);
    const sent = await resendVerification(ctx, request, current.user, readString(request.body, 'email'));
    return answer(reply, sent ? done : forbidden);
  });

  app.patch('/account/email', async (request, reply) => {
    const current = await guard(request, true);
    await makePrimary(
      ctx,
      current.user,
      readString(request.body, 'email'),
      readBoolean(request.body, 'primary'),
    );
    // The primary address moved: list from the stored account, not the one read before.
    const user = (await findUserById(ctx.db, current.user.id)) ?? current.user;
    return answer(reply, await list({ ...current, user }));
  });

  app.delete('/account/email', async (request, reply) => {
    const current = await guard(request, true);
    await removeAddress(ctx, current.user, readString(request.body, 'email'));
    return answer(reply, await list(current));
  });
}
