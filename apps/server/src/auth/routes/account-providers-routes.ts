import type { FastifyInstance } from 'fastify';
import { disconnectProviderRequestSchema } from '@voxpad/shared/connected-accounts';
import { requireRecentAuthentication, requireUser } from '../reauthentication/account-guards.ts';
import type { AuthContext } from '../auth-context.ts';
import { withData } from '../flows/auth-outcome.ts';
import { disconnectAccount, listConnectedAccounts } from '../social/connected-accounts.ts';
import { presenter } from './allauth-presenter.ts';
import { parseAuthInput } from './parse-auth-input.ts';

/** allauth's ManageProvidersView: the connected provider accounts, each change answered with the new list. */
export function registerAccountProvidersRoutes(app: FastifyInstance, ctx: AuthContext) {
  const answer = presenter(ctx.settings);

  app.get('/account/providers', async (request, reply) => {
    const current = await requireUser(ctx, request);
    return answer(reply, withData(await listConnectedAccounts(ctx, current.user)));
  });

  /** Letting go of a way to log in is a sensitive change: it needs a recent authentication. */
  app.delete('/account/providers', async (request, reply) => {
    const current = await requireUser(ctx, request);
    await requireRecentAuthentication(ctx, current);
    await disconnectAccount(ctx, current.user, parseAuthInput(disconnectProviderRequestSchema, request.body));
    return answer(reply, withData(await listConnectedAccounts(ctx, current.user)));
  });
}
