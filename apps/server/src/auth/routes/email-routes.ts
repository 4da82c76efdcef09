import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { readBoolean, readString } from '../accounts/account-validation.ts';
import {
  answeredReauthenticationRequired,
  authenticatedOrAnswer,
  type Authenticated,
} from '../accounts/account-guards.ts';
import { currentUser, type AuthContext } from '../auth-context.ts';
import {
  addAddress,
  listAddresses,
  makePrimary,
  removeAddress,
  resendVerification,
} from '../email/email-management.ts';
import { conflictBody, forbiddenBody, okBody, tooManyRequestsBody } from '../flows/envelopes.ts';
import { findUserById } from '../accounts/users-repository.ts';

/** allauth's ManageEmailView: the account's addresses, each change answered with the new list. */
export function registerEmailRoutes(app: FastifyInstance, ctx: AuthContext) {
  /**
   * The user, once allauth's per-user `manage_email` limit allows the request; undefined when
   * an answer (401, 429) has been sent. `sensitive` changes also need a recent authentication.
   */
  async function guard(request: FastifyRequest, reply: FastifyReply, sensitive: boolean) {
    const current = await authenticatedOrAnswer(ctx, request, reply);
    if (!current) return undefined;
    if (!(await ctx.limiter.consume('manage_email', { user: current.user.id }))) {
      await reply.status(429).send(tooManyRequestsBody);
      return undefined;
    }
    if (sensitive && (await answeredReauthenticationRequired(ctx, current, reply))) return undefined;
    return current;
  }

  const list = async ({ user }: Authenticated) => ({
    status: 200,
    data: await listAddresses(ctx, user),
  });

  app.get('/account/email', async (request, reply) => {
    const current = await guard(request, reply, false);
    return current ? list(current) : reply;
  });

  app.post('/account/email', async (request, reply) => {
    // allauth changes the address of a pending signup here only with
    // ACCOUNT_EMAIL_VERIFICATION_SUPPORTS_CHANGE, which we leave off: 409 without a user.
    if (!(await currentUser(ctx.db, request))) return reply.status(409).send(conflictBody);
    const current = await guard(request, reply, true);
    if (!current) return reply;
    await addAddress(ctx, request, current.user, readString(request.body, 'email'));
    return list(current);
  });

  app.put('/account/email', async (request, reply) => {
    const current = await guard(request, reply, false);
    if (!current) return reply;
    const sent = await resendVerification(ctx, request, current.user, readString(request.body, 'email'));
    return sent ? okBody : reply.status(403).send(forbiddenBody);
  });

  app.patch('/account/email', async (request, reply) => {
    const current = await guard(request, reply, true);
    if (!current) return reply;
    await makePrimary(
      ctx,
      current.user,
      readString(request.body, 'email'),
      readBoolean(request.body, 'primary'),
    );
    // The primary address moved: list from the stored account, not the one read before.
    return list({ ...current, user: (await findUserById(ctx.db, current.user.id)) ?? current.user });
  });

  app.delete('/account/email', async (request, reply) => {
    const current = await guard(request, reply, true);
    if (!current) return reply;
    await removeAddress(ctx, current.user, readString(request.body, 'email'));
    return list(current);
  });
}
