import type { FlowId } from '@voxpad/shared/auth';
import { createFileRoute, useNavigate } from '@tanstack/react-router';
import { AuthCard } from '../../../components/layout/auth-card.tsx';
import { FormAlert } from '../../../components/ui/form-alert.tsx';
import { PasskeysUnavailable } from '../../../components/ui/passkeys-unavailable.tsx';
import { TextLink, textLinkPhoneTarget } from '../../../components/ui/text-link.tsx';
import {
  authConfigQueryOptions,
  getAuthConfig,
  passkeyLoginEnabled,
  passkeyReachOf,
} from '../../../features/auth/api/get-auth-config.ts';
import { LoginForm } from '../../../features/auth/components/login-form.tsx';
import { SocialLoginButtons } from '../../../features/auth/components/social-login-buttons.tsx';
import { useLoadedAuthConfig } from '../../../features/auth/hooks/use-loaded-auth-config.ts';
import { useDocumentTitle } from '../../../hooks/use-document-title.ts';
import { safeRedirectPath } from '../../../lib/safe-redirect.ts';
import { useFlowNavigation } from '../../-components/use-flow-navigation.ts';
import { choiceParam, definedOnly, textParam } from '../../../lib/search-params.ts';

/** Spec §5: redirect and next are kept only if they are strings. */
export interface LoginSearch {
  redirect?: string | undefined;
  next?: string | undefined;
  /** `deleted`: the person just deleted their account (ADR 0042); the page says so. */
  account?: 'deleted' | undefined;
}

export function parseLoginSearch(search: Record<string, unknown>): LoginSearch {
  return definedOnly({
    redirect: textParam(search.redirect),
    next: textParam(search.next),
    account: choiceParam(search.account, ['deleted'] as const),
  });
}

export const Route = createFileRoute('/_login/auth/login')({
  validateSearch: parseLoginSearch,
  // From React Query's cache when another page has loaded it, else asked for (ADR 0055).
  loader: ({ context }) =>
    context.queries.loaded()?.ensureQueryData(authConfigQueryOptions()) ?? getAuthConfig(),
  component: LoginPage,
});

function LoginPage() {
  useDocumentTitle('Log in');
  const search = Route.useSearch();
  const navigate = useNavigate();
  const flowNavigation = useFlowNavigation();
  const config = useLoadedAuthConfig(Route.useLoaderData());
  // Offered only where the browser can use them; at another address of this site, said where.
  const passkeys = passkeyReachOf(config);
  const onPendingFlow = (flow: FlowId) => {
    if (flow !== 'mfa_authenticate') return flowNavigation(flow);
    // The second step keeps where the person was going.
    void navigate({ to: '/auth/two-factor', search: { redirect: search.redirect, next: search.next } });
    return true;
  };

  return (
    <AuthCard
      title="Log in"
      description="Welcome back. Log in to record and read your voice notes."
      footer={
        config.account.is_open_for_signup ? (
          <>
            New here? <TextLink to="/auth/signup">Sign up</TextLink>
          </>
        ) : (
          'Sign-ups are closed on this server. Ask the administrator for an account.'
        )
      }
    >
      <div className="space-y-5">
        {search.account === 'deleted' ? (
          <FormAlert tone="success">
            Your account and everything in it were deleted, and you are logged out. You can sign up again with
            the same address at any time.
          </FormAlert>
        ) : null}
        <LoginForm
          loginMethods={config.account.login_methods}
          passkeyLogin={passkeyLoginEnabled(config) && passkeys.kind === 'here'}
          onAuthenticated={() => {
            // Only same-origin paths are honoured: never an open redirect to another site.
            void navigate({ href: safeRedirectPath(search.redirect, search.next), replace: true });
          }}
          onPendingFlow={onPendingFlow}
        />
        {passkeyLoginEnabled(config) && passkeys.kind === 'elsewhere' ? (
          <PasskeysUnavailable reach={passkeys} action="to log in with a passkey" />
        ) : null}
        <div className="flex flex-wrap justify-between gap-2 text-sm">
          <TextLink to="/auth/password/reset" className={textLinkPhoneTarget}>
            Forgot your password?
          </TextLink>
          {config.account.login_by_code_enabled ? (
            <TextLink to="/auth/magic/code" className={textLinkPhoneTarget}>
              Email me a login code
            </TextLink>
          ) : null}
        </div>
        <SocialLoginButtons
          providers={config.socialaccount?.providers ?? []}
          callbackUrl={`${window.location.origin}/auth/social/callback`}
        />
      </div>
    </AuthCard>
  );
}
