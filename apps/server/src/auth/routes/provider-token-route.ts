import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { requireRecentAuthentication, requireUser } from '../reauthentication/account-guards.ts';
import type { AuthContext } from '../auth-context.ts';
import { AuthInputError, type FieldError } from '../auth-errors.ts';
import { forbidden, tooManyRequests } from '../flows/auth-outcome.ts';
import { presenter } from './allauth-presenter.ts';
import { parseAuthInput } from './parse-auth-input.ts';
import { logInOnNewSession, startPendingFlow } from '../flows/session-flows.ts';
import { awaitEmailVerification } from '../flows/signup-ending.ts';
import { mailProviderConnected } from '../social/connection-notice.ts';
import { InvalidIdTokenError } from '../social/id-token.ts';
import {
  ProviderLoginError,
  ProviderUnavailableError,
  type ProviderIdentity,
  type SocialProviders,
} from '../social/provider-clients.ts';
import { completeSocialLogin } from '../social/social-login.ts';

const providerTokenSchema = z.object({
  provider: z.string().min(1).max(40),
  process: z.enum(['login', 'connect']),
  token: z.object({
    client_id: z.string().min(1).max(512),
    id_token: z.string().max(16_384).optional(),
    access_token: z.string().max(8_192).optional(),
    /** Ours, beside allauth's fields: the nonce the client had the provider put in the ID token. */
    nonce: z.string().min(1).max(512).optional(),
  }),
});

const invalidToken: FieldError = { param: 'token', code: 'invalid', message: 'The token was invalid.' };
const unknownProvider: FieldError = { param: 'provider', code: 'invalid', message: 'Unknown provider.' };
const accountInUse: FieldError = {
  param: 'token',
  code: 'account_in_use',
  message: 'This third-party account is already connected to a different account.',
};

/**
 * allauth's provider token flow: a client that signed the person in at an OpenID Connect
 * provider by itself (a mobile app, Google's one-tap) hands over the ID token; once it
 * verifies, the person is logged in, signed up or connected exactly as after the redirect flow.
 */
export function registerProviderTokenRoute(
  app: FastifyInstance,
  ctx: AuthContext,
  providers: SocialProviders,
) {
  const answer = presenter(ctx.settings);
  app.post('/auth/provider/token', async (request, reply) => {
    // A handed-over token logs in like a password: the same per-IP login limit guards it.
    if (!(await ctx.limiter.consume('login', { ip: request.ip }))) return answer(reply, tooManyRequests);
    const input = parseAuthInput(providerTokenSchema, request.body);
    const provider = providers.get(input.provider);
    if (!provider) throw new AuthInputError([unknownProvider]);
    const current = input.process === 'connect' ? await requireUser(ctx, request) : undefined;
    // A new way into the account is a sensitive change, as letting go of one is (ADR 0027).
    if (current) await requireRecentAuthentication(ctx, current);
    if (!input.token.id_token) throw new AuthInputError([invalidToken]);

    let identity: ProviderIdentity;
    try {
      identity = await providers.identityFromIdToken(provider, {
        clientId: input.token.client_id,
        idToken: input.token.id_token,
        accessToken: input.token.access_token,
        nonce: input.token.nonce,
      });
    } catch (err) {
      const refused =
        err instanceof InvalidIdTokenError ||
        err instanceof ProviderLoginError ||
        err instanceof ProviderUnavailableError;
      if (!refused) throw err;
      request.log.info({ err, provider: provider.id }, 'provider token refused');
      throw new AuthInputError([invalidToken]);
    }

    const outcome = await completeSocialLogin(
      ctx.db,
      ctx.settings,
      provider.id,
      identity,
      current?.user.id ?? null,
    );
    switch (outcome.kind) {
      case 'error':
        if (outcome.code === 'signup_closed') return answer(reply, forbidden);
        throw new AuthInputError([accountInUse]);
      case 'connected':
        // Only a connect has a current user; a connected outcome comes from nothing else.
        if (outcome.linked) mailProviderConnected(ctx, request, current!.user.id, provider.id, identity);
        return answer(reply, { kind: 'authenticated', user: current!.user, session: current!.session });
      case 'login':
        return answer(reply, await logInOnNewSession(app, request, outcome.user, outcome.methods));
      case 'verify_email':
        return answer(reply, await awaitEmailVerification(app, ctx, request, outcome.user, outcome.methods));
      case 'provider_signup':
        return answer(reply, await startPendingFlow(app, request, outcome.pending));
    }
  });
}
