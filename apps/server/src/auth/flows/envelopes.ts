import type { Flow, User } from '@voxpad/shared/auth';
import type { UserRow } from '../../db/schema.ts';
import { toEpochSeconds } from '../../lib/time.ts';
import type { AuthSettings } from '../auth-settings.ts';
import { activePending } from './pending-flows.ts';
import type { Session } from '../sessions/session-store.ts';
import { SocialProviders } from '../social/provider-clients.ts';

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

export function authenticatedBody(user: UserRow, session: Session) {
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
export function availableFlows(settings: AuthSettings, session?: Session): Flow[] {
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

export function unauthenticatedBody(settings: AuthSettings, session?: Session) {
  return {
    status: 401 as const,
    data: { flows: availableFlows(settings, session) },
    meta: { is_authenticated: false },
  };
}

export const okBody = { status: 200 as const };
export const conflictBody = { status: 409 as const };
export const tooManyRequestsBody = { status: 429 as const };
export const forbiddenBody = { status: 403 as const };
