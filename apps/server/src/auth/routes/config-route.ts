import type { FastifyInstance } from 'fastify';
import type { AuthContext } from '../auth-context.ts';
import { passkeyOrigin } from '../mfa/webauthn-settings.ts';
import { withData } from '../flows/auth-outcome.ts';
import { SocialProviders } from '../social/provider-clients.ts';
import { presenter } from './allauth-presenter.ts';

export function registerConfigRoute(app: FastifyInstance, { settings }: AuthContext) {
  const answer = presenter(settings);
  app.get('/config', (_request, reply) =>
    answer(
      reply,
      withData({
        account: {
          // Required by the OpenAPI schema; allauth reports "username_email" for this set-up.
          authentication_method: 'username_email',
          login_methods: ['email', 'username'],
          is_open_for_signup: settings.signupOpen,
          email_verification_by_code_enabled: false,
          login_by_code_enabled: settings.loginByCodeEnabled,
          password_reset_by_code_enabled: false,
        },
        socialaccount: { providers: (settings.socialProviders ?? []).map((p) => SocialProviders.present(p)) },
        mfa: {
          // allauth's MFA_SUPPORTED_TYPES and MFA_TRUST_ENABLED ("trust this browser" after a second factor).
          supported_types: ['recovery_codes', 'totp', 'webauthn'],
          trust_enabled: true,
          passkey_login_enabled: true,
          // Voxpad's own: where browsers accept passkeys for this site (null: nowhere, an IP address).
          passkey_origin: passkeyOrigin(settings.publicUrl),
        },
        // Last seen is kept (at most one write a minute), as USERSESSIONS_TRACK_ACTIVITY.
        usersessions: { track_activity: true },
      }),
    ),
  );
}
