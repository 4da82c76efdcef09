import type { FastifyReply } from 'fastify';
import { SESSION_HINT_COOKIE, type Flow, type User } from '@voxpad/shared/auth';
import type { AuthenticatorType, UserRow } from '../../db/schema.ts';
import { toEpochSeconds } from '../../lib/time.ts';
import type { AuthSettings } from '../auth-settings.ts';
import type { AuthOutcome, CookieChanges } from '../flows/auth-outcome.ts';
import { activePending } from '../sessions/pending-flows.ts';
import { TRUST_COOKIE, trustCookieOptions } from '../mfa/trust.ts';
import { reauthenticationFlows } from '../reauthentication/reauthentication.ts';
import { SESSION_COOKIE, type HintChange } from '../sessions/session-plugin.ts';
import type { Session } from '../sessions/session-store.ts';
import { SocialProviders } from '../social/provider-clients.ts';

/*
 * The one presenter of the auth API: every answer allauth's clients read is shaped here, from
 * the outcome a service returned (flows/auth-outcome.ts), cookies included.
 */

/** allauth's user object. */
export function presentUser(user: UserRow): User {
  return {
    id: user.id,
    display: user.username,
    has_usable_password: user.password_hash !== null,
    email: user.email,
    username: user.username,
  };
}

function authenticatedBody(user: UserRow, session: Session) {
  return {
    status: 200 as const,
    data: {
      user: presentUser(user),
      methods: session.data.methods.map((m) => ({
        ...m,
        at: toEpochSeconds(m.at),
        // allauth's spec requires `reauthenticated` on provider logins.
        ...(m.method === 'socialaccount' ? { reauthenticated: false } : {}),
      })),
    },
    meta: { is_authenticated: true },
  };
}

/** The flows a visitor may start, plus the one they are in the middle of, if any. */
function availableFlows(settings: AuthSettings, session?: Session): Flow[] {
  const flows: Flow[] = [{ id: 'login' }];
  if (settings.signupOpen) flows.push({ id: 'signup' });
  if (settings.loginByCodeEnabled) flows.push({ id: 'login_by_code' });
  const providers = settings.socialProviders ?? [];
  if (providers.length > 0) flows.push({ id: 'provider_redirect', providers: providers.map((p) => p.id) });
  // allauth's MFA_PASSKEY_LOGIN_ENABLED and MFA_PASSKEY_SIGNUP_ENABLED (auth/mfa/webauthn-*.ts).
  flows.push({ id: 'mfa_login_webauthn' });
  if (settings.signupOpen) flows.push({ id: 'mfa_signup_webauthn' });
  const active = activePending(session);
  const pending = active?.flow;
  if (pending) {
    const existing = flows.find((f) => f.id === pending);
    if (existing) existing.is_pending = true;
    else flows.push({ id: pending, is_pending: true });
  }
  if (active?.flow === 'mfa_authenticate' && active.types) {
    // allauth names the second factors the user can give, so a client offers only those.
    const flow = flows.find((f) => f.id === 'mfa_authenticate');
    if (flow) flow.types = [...active.types];
  }
  if (active?.flow === 'provider_signup') {
    // allauth names the provider the pending signup came from.
    const provider = providers.find((p) => p.id === active.provider);
    const flow = flows.find((f) => f.id === 'provider_signup');
    if (flow && provider) flow.provider = SocialProviders.present(provider);
  }
  return flows;
}

function unauthenticatedBody(settings: AuthSettings, session?: Session) {
  return {
    status: 401 as const,
    data: { flows: availableFlows(settings, session) },
    meta: { is_authenticated: false },
  };
}

/** allauth's ReauthenticationResponse: still logged in, but this change needs a fresh authentication. */
function reauthenticationRequiredBody(
  user: UserRow,
  session: Session,
  mfaTypes: readonly AuthenticatorType[],
) {
  const { data } = authenticatedBody(user, session);
  return {
    status: 401 as const,
    data: { ...data, flows: reauthenticationFlows(user, mfaTypes) },
    meta: { is_authenticated: true as const },
  };
}

/** The readable hint that a session exists (sessions/session-plugin.ts decides it). */
function writeHint(reply: FastifyReply, change: HintChange): void {
  if (change?.set) reply.setCookie(SESSION_HINT_COOKIE, '1', change.options);
  else if (change) reply.clearCookie(SESSION_HINT_COOKIE, change.options);
}

/** The session cookie (and the csrftoken bound to it) of a session started or ended, and the trust cookie. */
function writeCookies(reply: FastifyReply, settings: AuthSettings, cookies: CookieChanges) {
  const request = reply.request;
  const options = request.server.sessions.cookieOptions(request);
  if (cookies.session === 'ended') {
    const { maxAge: _maxAge, ...clearing } = options;
    reply.clearCookie(SESSION_COOKIE, clearing);
    writeHint(reply, request.server.sessions.hintFor(request, undefined));
    reply.issueCsrfToken(undefined);
  } else if (cookies.session) {
    reply.setCookie(SESSION_COOKIE, cookies.session.token, options);
    writeHint(reply, request.server.sessions.hintFor(request, cookies.session.session));
    reply.issueCsrfToken(cookies.session.token);
  }
  if (cookies.trustedBrowser) {
    const secure = settings.publicUrl?.startsWith('https://') ?? false;
    reply.setCookie(TRUST_COOKIE, cookies.trustedBrowser, trustCookieOptions(request, secure));
  }
}

/** For answers that are redirects (the provider callback): only the cookies `outcome` carries. */
export function presentCookies(reply: FastifyReply, settings: AuthSettings, outcome: AuthOutcome): void {
  if (outcome.cookies) writeCookies(reply, settings, outcome.cookies);
}

/** Writes `outcome` as allauth answers it: cookies first, then the status and its envelope. */
export function present(reply: FastifyReply, settings: AuthSettings, outcome: AuthOutcome): FastifyReply {
  if (outcome.cookies) writeCookies(reply, settings, outcome.cookies);
  switch (outcome.kind) {
    case 'authenticated':
      return reply.status(200).send(authenticatedBody(outcome.user, outcome.session));
    case 'unauthenticated':
      return reply.status(401).send(unauthenticatedBody(settings, outcome.session));
    case 'reauthentication_required':
      return reply
        .status(401)
        .send(reauthenticationRequiredBody(outcome.user, outcome.session, outcome.mfaTypes));
    case 'status':
      return reply.status(outcome.status).send({ status: outcome.status });
    case 'data': {
      const status = outcome.status ?? 200;
      return reply.status(status).send({
        status,
        ...(outcome.data === undefined ? {} : { data: outcome.data }),
        ...(outcome.meta === undefined ? {} : { meta: outcome.meta }),
      });
    }
  }
}

/** `present` bound to the auth API's settings, as each route file uses it. */
export function presenter(settings: AuthSettings) {
  return (reply: FastifyReply, outcome: AuthOutcome) => present(reply, settings, outcome);
}
