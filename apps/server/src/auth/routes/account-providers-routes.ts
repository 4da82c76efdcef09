import type { FastifyInstance } from 'fastify';
import { disconnectProviderRequestSchema } from '@voxpad/shared/connected-accounts';
import { answeredReauthenticationRequired, authenticatedOrAnswer } from '../accounts/account-guards.ts';
import type { AuthContext } from '../auth-context.ts';
import { parseAuthInput } from './parse-auth-input.ts';
import { disconnectAccount, listConnectedAccounts } from '../social/connected-accounts.ts';

/** allauth's ManageProvidersView: the connected provider accounts, each change answered with the new list. */
export function registerAccountProvidersRoutes(app: FastifyInstance, ctx: AuthContext) {
  app.get('/account/providers', async (request, reply) => {
    const current = await authenticatedOrAnswer(ctx, request, reply);
    if (!current) return reply;
    return { status: 200, data: await listConnectedAccounts(ctx, current.user) };
  });

  /** Letting go of a way to log in is a sensitive change: it needs a recent authentication. */
  app.delete('/account/providers', async (request, reply) => {
    const current = await authenticatedOrAnswer(ctx, request, reply);
    if (!current) return reply;
    if (await answeredReauthenticationRequired(ctx, current, reply)) return reply;
    await disconnectAccount(ctx, current.user, parseAuthInput(disconnectProviderRequestSchema, request.body));
    return { status: 200, data: await listConnectedAccounts(ctx, current.user) };
  });
}
