import { isProviderErrorCode, type ProviderErrorCode } from '@voxpad/shared/auth';

/**
 * What went wrong with connecting a provider account, from the `?error=` code the server's
 * provider flow sends the browser back with (ADR 0012), in words for the account area.
 */
const CONNECT_ERROR_MESSAGES: Record<ProviderErrorCode, string> = {
  account_in_use:
    'That provider account is already connected to another Voxpad account. Log in with it there and disconnect it first.',
  cancelled: 'You cancelled at the provider, so nothing was connected.',
  provider_error: 'The provider refused the connection. Please try again.',
  invalid_request: 'That connection attempt was not complete. Please try again.',
  state_mismatch: 'That connection attempt expired or was started in another browser. Please try again.',
  provider_unavailable: 'The provider could not be reached. Please try again later.',
  unknown_provider: 'That provider is not set up on this server.',
  signup_closed: 'The provider account could not be connected. Please try again.',
  reauthentication_required:
    'For your security, connecting an account needs you to confirm it’s you when you logged in more than a few minutes ago. Confirm it’s you, then connect again.',
  not_authenticated: 'Your session ended before the provider answered. Log in and try again.',
};

export function connectErrorMessage(code: string): string {
  return isProviderErrorCode(code)
    ? CONNECT_ERROR_MESSAGES[code]
    : 'The provider account could not be connected. Please try again.';
}

/** Why a disconnect was refused, with what to do about it; the server's own words otherwise. */
export function disconnectRefusalMessage(code: string, serverMessage: string): string {
  switch (code) {
    case 'no_password':
      return 'This is your only way to log in: set a password first (under Password), then disconnect it.';
    case 'no_verified_email':
      return 'This is your only way to log in until one of your email addresses is confirmed. Confirm an address first (under Email addresses), then disconnect it.';
    default:
      return serverMessage;
  }
}
