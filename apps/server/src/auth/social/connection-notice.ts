import type { FastifyRequest } from 'fastify';
import { providerConnectedMail } from '../../email/templates/provider-connected-mail.ts';
import { findUserById } from '../accounts/users-repository.ts';
import type { AuthContext } from '../auth-context.ts';
import { appLinks, appOrigin } from '../links.ts';
import type { ProviderIdentity } from './provider-clients.ts';

/**
 * Tells the owner that a provider account was connected: it is a new way into the account,
 * so whoever took over a session for a moment must not add one unnoticed (ADR 0027).
 */
export function mailProviderConnected(
  ctx: AuthContext,
  request: FastifyRequest,
  userId: string,
  providerId: string,
  identity: ProviderIdentity,
): void {
  const origin = appOrigin(request, ctx.settings.publicUrl);
  const provider = ctx.settings.socialProviders?.find((p) => p.id === providerId)?.name ?? providerId;
  ctx.mail.enqueue(async () => {
    const user = await findUserById(ctx.db, userId);
    if (!user) return undefined;
    return providerConnectedMail({
      to: user.email,
      provider,
      display: identity.display,
      connectionsUrl: appLinks.connections(origin),
    });
  });
}
