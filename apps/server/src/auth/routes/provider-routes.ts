import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { ProviderErrorCode } from '@voxpad/shared/auth';
import * as oidc from 'openid-client';
import { newToken } from '../../lib/tokens.ts';
import { readString } from '../accounts/account-validation.ts';
import { currentUser, type AuthContext } from '../auth-context.ts';
import { isRecentlyAuthenticated } from '../reauthentication/account-guards.ts';
import { conflict, forbidden, withData } from '../flows/auth-outcome.ts';
import { awaitEmailVerification, finishSignup } from '../flows/signup-ending.ts';
import { appOrigin } from '../links.ts';
import { activePending, type ProviderSignupPending } from '../sessions/pending-flows.ts';
import { logInOnNewSession, startPendingFlow } from '../flows/session-flows.ts';
import { mailProviderConnected } from '../social/connection-notice.ts';
import { sameOriginPath } from '../social/callback-path.ts';
import { saveLoginState, takeLoginState, LOGIN_STATE_TTL_MS } from '../social/login-states.ts';
import { ProviderLoginError, SocialProviders, type ProviderIdentity } from '../social/provider-clients.ts';
import { completeSocialLogin, providerSignUp } from '../social/social-login.ts';
import { presentCookies, presenter } from './allauth-presenter.ts';
import { registerProviderTokenRoute } from './provider-token-route.ts';

/** The web app's screen for the end of a provider login (spec §2), used when we know no better. */
export const DEFAULT_CALLBACK_PATH = '/auth/social/callback';
/** Binds a redirect to the browser that started it, so nobody can finish a login in someone else's. */
const BROWSER_COOKIE = 'social_login';
const CALLBACK_PATH = '/auth/provider/callback';

function withError(path: string, code: ProviderErrorCode): string {
  const url = new URL(path, 'http://placeholder');
  url.searchParams.set('error', code);
  return `${url.pathname}${url.search}${url.hash}`;
}

function providerSignupData(ctx: AuthContext, pending: ProviderSignupPending) {
  const provider = ctx.settings.socialProviders?.find((p) => p.id === pending.provider);
  return {
    email: pending.email ? [{ email: pending.email, primary: true, verified: false }] : [],
    account: {
      uid: pending.uid,
      display: pending.display,
      provider: provider
        ? SocialProviders.present(provider)
        : { id: pending.provider, name: pending.provider, flows: ['provider_redirect' as const] },
    },
    user: {
      display: pending.username ?? pending.display,
      has_usable_password: false,
      ...(pending.email ? { email: pending.email } : {}),
      ...(pending.username ? { username: pending.username } : {}),
    },
  };
}

/**
 * allauth's provider redirect flow (ADR 12): a browser form POST starts it, the provider
 * calls our callback, and the browser lands on the web app's callback screen. Also the
 * provider signup step for logins that could not complete by themselves.
 */
export async function registerProviderRoutes(app: FastifyInstance, ctx: AuthContext) {
  const { db, settings } = ctx;
  const answer = presenter(settings);
  const providers = new SocialProviders(settings.socialProviders ?? []);
  registerProviderTokenRoute(app, ctx, providers);
  const securePublicUrl = settings.publicUrl?.startsWith('https://') ?? false;

  await app.register((scope, _opts, done) => {
    // Only this form POST takes a urlencoded body (the csrf plugin reads its csrfmiddlewaretoken).
    scope.addContentTypeParser(
      'application/x-www-form-urlencoded',
      { parseAs: 'string', bodyLimit: 16 * 1024 },
      (_request, body, parsed) => {
        parsed(null, Object.fromEntries(new URLSearchParams(body as string)));
      },
    );
    scope.post('/auth/provider/redirect', (request, reply) => redirect(request, reply));
    done();
  });

  async function redirect(request: FastifyRequest, reply: FastifyReply) {
    const origin = appOrigin(request, settings.publicUrl);
    const callbackPath = sameOriginPath(readString(request.body, 'callback_url'), origin);
    if (!callbackPath) {
      return reply.status(400).send({
        status: 400,
        errors: [
          {
            param: 'callback_url',
            code: 'invalid',
            message: 'The callback URL must be a page of this site.',
          },
        ],
      });
    }
    const back = (code: ProviderErrorCode) => reply.redirect(withError(callbackPath, code), 302);
    const provider = providers.get(readString(request.body, 'provider') ?? '');
    if (!provider) return back('unknown_provider');
    const process = readString(request.body, 'process') ?? 'login';
    if (process !== 'login' && process !== 'connect') return back('invalid_request');
    const current = await currentUser(db, request);
    if (process === 'connect' && !current) return back('not_authenticated');
    // A new way into the account is a sensitive change, as letting go of one is (ADR 0027).
    if (process === 'connect' && !(await isRecentlyAuthenticated(ctx, current!)).recent) {
      return back('reauthentication_required');
    }

    const existing = request.cookies[BROWSER_COOKIE];
    const browserToken = existing && /^[\w-]{43}$/.test(existing) ? existing : newToken();
    const redirectUri = `${origin}${authPrefix(request)}${CALLBACK_PATH}/${provider.id}`;
    const flow = {
      state: oidc.randomState(),
      nonce: oidc.randomNonce(),
      codeVerifier: oidc.randomPKCECodeVerifier(),
      redirectUri,
    };
    let target: URL;
    try {
      target = await providers.authorizationUrl(provider, flow);
    } catch (err) {
      request.log.warn({ err, provider: provider.id }, 'social provider unavailable');
      return back('provider_unavailable');
    }
    await saveLoginState(db, {
      ...flow,
      browserToken,
      provider: provider.id,
      process,
      callbackPath,
      userId: process === 'connect' ? current!.user.id : null,
    });
    reply.setCookie(BROWSER_COOKIE, browserToken, {
      path: `${authPrefix(request)}${CALLBACK_PATH}/`,
      httpOnly: true,
      sameSite: 'lax',
      secure: securePublicUrl || request.protocol === 'https',
      maxAge: LOGIN_STATE_TTL_MS / 1000,
    });
    return reply.redirect(target.href, 302);
  }

  /** The provider sends the browser here (the redirect URI registered with it). */
  app.get<{ Params: { provider: string } }>(`${CALLBACK_PATH}/:provider`, async (request, reply) => {
    const query = new URL(request.url, 'http://placeholder').searchParams;
    const provider = providers.get(request.params.provider);
    const state = query.get('state');
    const flow =
      provider && state
        ? await takeLoginState(db, state, provider.id, request.cookies[BROWSER_COOKIE])
        : undefined;
    if (!provider || !state || !flow) {
      return reply.redirect(withError(DEFAULT_CALLBACK_PATH, 'state_mismatch'), 302);
    }
    const back = (code?: ProviderErrorCode) =>
      reply.redirect(code ? withError(flow.callback_path, code) : flow.callback_path, 302);

    let identity: ProviderIdentity;
    try {
      const currentUrl = new URL(flow.redirect_uri);
      currentUrl.search = query.toString();
      identity = await providers.complete(provider, {
        currentUrl,
        state,
        nonce: flow.nonce,
        codeVerifier: flow.code_verifier,
      });
    } catch (err) {
      request.log.warn({ err, provider: provider.id }, 'social login failed at the provider');
      return back(err instanceof ProviderLoginError ? err.code : 'provider_error');
    }

    const outcome = await completeSocialLogin(db, settings, provider.id, identity, flow.user_id);
    switch (outcome.kind) {
      case 'error':
        return back(outcome.code);
      case 'connected':
        if (outcome.linked && flow.user_id) {
          mailProviderConnected(ctx, request, flow.user_id, provider.id, identity);
        }
        return back();
      // The web app's callback screen asks for the session: a second factor may still be owed.
      case 'login':
        presentCookies(reply, settings, await logInOnNewSession(app, request, outcome.user, outcome.methods));
        return back();
      case 'verify_email':
        presentCookies(
          reply,
          settings,
          await awaitEmailVerification(app, ctx, request, outcome.user, outcome.methods),
        );
        return back();
      case 'provider_signup':
        presentCookies(reply, settings, await startPendingFlow(app, request, outcome.pending));
        return back();
    }
  });

  /** What the provider told us so far, to prefill the signup form. */
  app.get('/auth/provider/signup', async (request, reply) => {
    const pending = activePending(await request.getSession());
    if (pending?.flow !== 'provider_signup') return answer(reply, conflict);
    return answer(reply, withData(providerSignupData(ctx, pending)));
  });

  app.post('/auth/provider/signup', async (request, reply) => {
    const pending = activePending(await request.getSession());
    if (pending?.flow !== 'provider_signup') return answer(reply, conflict);
    if (!settings.signupOpen) return answer(reply, forbidden);
    const outcome = await providerSignUp(
      db,
      pending,
      { email: readString(request.body, 'email'), username: readString(request.body, 'username') },
      { preventEnumeration: settings.emailVerification === 'mandatory' },
    );
    // The address typed here was never verified by anyone: it is confirmed by mail first.
    return answer(reply, await finishSignup(app, ctx, request, outcome, outcome.methods));
  });
}

/** The prefix this plugin was registered under (the auth API's), from the route's own URL. */
function authPrefix(request: FastifyRequest): string {
  const url = request.routeOptions.url ?? '';
  const at = url.indexOf('/auth/provider/');
  return at >= 0 ? url.slice(0, at) : '';
}
