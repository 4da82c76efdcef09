import type { Provider } from '@voxpad/shared/auth';
import { Button } from '../../../components/ui/button.tsx';
import { redirectToProvider } from '../api/provider-redirect.ts';

export interface SocialLoginButtonsProps {
  providers: Provider[];
  /** Absolute URL of this app's /auth/social/callback. */
  callbackUrl: string;
}

export function SocialLoginButtons({ providers, callbackUrl }: SocialLoginButtonsProps) {
  const redirectable = providers.filter((provider) => provider.flows.includes('provider_redirect'));
  if (redirectable.length === 0) return null;
  return (
    <div className="space-y-3">
      <div className="flex items-center gap-3 text-xs text-slate-500 dark:text-slate-400" aria-hidden="true">
        <span className="h-px flex-1 bg-slate-200 dark:bg-slate-700" />
        or
        <span className="h-px flex-1 bg-slate-200 dark:bg-slate-700" />
      </div>
      <ul className="space-y-2">
        {redirectable.map((provider) => (
          <li key={provider.id}>
            <Button
              variant="secondary"
              className="w-full"
              onClick={() => redirectToProvider({ provider: provider.id, callbackUrl, process: 'login' })}
            >
              Continue with {provider.name}
            </Button>
          </li>
        ))}
      </ul>
    </div>
  );
}
