import { AUTH_BASE_PATH } from '@voxpad/shared/auth-paths';
import { apiClient, getCsrfToken } from '../../../lib/api-client.ts';

export type ProviderProcess = 'login' | 'connect';

/**
 * Starts a third-party login. The server answers with a 302 to the provider, so this must be a
 * real (non-XHR) browser form submission, carrying the CSRF token as a form field.
 */
export function redirectToProvider(options: {
  provider: string;
  callbackUrl: string;
  process?: ProviderProcess;
}): void {
  const form = document.createElement('form');
  form.method = 'POST';
  form.action = apiClient.url(`${AUTH_BASE_PATH}/auth/provider/redirect`);
  form.hidden = true;
  const fields: Record<string, string> = {
    provider: options.provider,
    process: options.process ?? 'login',
    callback_url: options.callbackUrl,
    csrfmiddlewaretoken: getCsrfToken() ?? '',
  };
  for (const [name, value] of Object.entries(fields)) {
    const input = document.createElement('input');
    input.type = 'hidden';
    input.name = name;
    input.value = value;
    form.appendChild(input);
  }
  document.body.appendChild(form);
  form.submit();
}
