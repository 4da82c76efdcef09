/**
 * What went wrong with connecting a provider account, from the `?error=` code the server's
 * provider flow sends the browser back with (ADR 12), in words for the account area.
 */
export function connectErrorMessage(code: string): string {
  switch (code) {
    case 'account_in_use':
      return 'That provider account is already connected to another Voxpad account. Log in with it there and disconnect it first.';
    case 'cancelled':
      return 'You cancelled at the provider, so nothing was connected.';
    case 'state_mismatch':
      return 'That connection attempt expired or was started in another browser. Please try again.';
    case 'provider_unavailable':
      return 'The provider could not be reached. Please try again later.';
    case 'unknown_provider':
      return 'That provider is not set up on this server.';
    case 'reauthentication_required':
      return 'For your security, connecting an account needs you to confirm it’s you when you logged in more than a few minutes ago. Confirm it’s you, then connect again.';
    case 'not_authenticated':
      return 'Your session ended before the provider answered. Log in and try again.';
    default:
      return 'The provider account could not be connected. Please try again.';
  }
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
