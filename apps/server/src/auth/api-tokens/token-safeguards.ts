import type { FastifyRequest } from 'fastify';
import type { TokenSafeguards } from '../../api-tokens/api-tokens-routes.ts';
import { apiTokenCreatedMail } from '../../email/templates/api-token-created-mail.ts';
import { isRecentlyAuthenticated } from '../reauthentication/account-guards.ts';
import { findUserById } from '../accounts/users-repository.ts';
import { currentUser, type AuthContext } from '../auth-context.ts';
import { appLinks, appOrigin } from '../links.ts';

/**
 * The account side of personal API tokens (ADR 0027): making one asks for a recent
 * authentication, as allauth's sensitive changes do, and its owner is told by mail.
 */
export function tokenSafeguards(ctx: AuthContext): TokenSafeguards {
  return {
    async recentlyAuthenticated(request: FastifyRequest) {
      const current = await currentUser(ctx.db, request);
      return current !== undefined && (await isRecentlyAuthenticated(ctx, current)).recent;
    },
    tokenCreated(request: FastifyRequest, userId: string, name: string) {
      const origin = appOrigin(request, ctx.settings.publicUrl);
      ctx.mail.enqueue(async () => {
        const user = await findUserById(ctx.db, userId);
        if (!user) return undefined;
        return apiTokenCreatedMail({ to: user.email, name, tokensUrl: appLinks.apiTokens(origin) });
      });
    },
  };
}
