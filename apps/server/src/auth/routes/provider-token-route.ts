import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { authenticatedOrAnswer } from '../accounts/account-guards.ts';
import type { AuthContext } from '../auth-context.ts';
import { AuthInputError, type FieldError } from '../auth-errors.ts';
import { sendConfirmation } from '../email/email-verification.ts';
import { authenticatedBody, forbiddenBody, tooManyRequestsBody } from '../flows/envelopes.ts';
import { parseAuthInput } from './parse-auth-input.ts';
import { logInOnNewSession, startPendingFlow } from '../flows/session-flows.ts';
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
  app.post('/auth/provider/token', async (request, reply) => {
    // A handed-over token logs in like a password: the same per-IP login limit guards it.
    if (!(await ctx.limiter.consume('login', { ip: request.ip }))) {
      return reply.status(429).send(tooManyRequestsBody);
    }
    const input = parseAuthInput(providerTokenSchema, request.body);
    const provider = providers.get(input.provider);
    if (!provider) throw new AuthInputError([unknownProvider]);
    const current =
      input.process === 'connect' ? await authenticatedOrAnswer(ctx, request, reply) : undefined;
    if (input.process === 'connect' && !current) return reply;
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
        if (outcome.code === 'signup_closed') return reply.status(403).send(forbiddenBody);
        throw new AuthInputError([accountInUse]);
      case 'connected':
        return current ? reply.status(200).send(authenticatedBody(current.user, current.session)) : reply;
      case 'login':
        return logInOnNewSession(app, request, reply, outcome.user, outcome.methods);
      case 'verify_email':
        await sendConfirmation(ctx, request, outcome.user);
        return startPendingFlow(app, request, reply, ctx.settings, {
          flow: 'verify_email',
          at: Date.now(),
          userId: outcome.user.id,
          email: outcome.user.email,
          methods: outcome.methods,
        });
      case 'provider_signup':
        return startPendingFlow(app, request, reply, ctx.settings, outcome.pending);
    }
  });
}
