import type { FlowId } from '@voxpad/shared/auth';

/** What to tell a person when the server asks for a step this app has no screen for. */
export function describeUnsupportedFlow(flow: FlowId | null): string {
  switch (flow) {
    case 'mfa_authenticate':
    case 'mfa_reauthenticate':
      return 'This account needs a second sign-in step that this app does not offer. Ask your administrator for help.';
    case 'provider_signup':
      return 'To finish signing up with that provider, ask your administrator to create your account.';
    case null:
      return 'You are not logged in. Please try again.';
    default:
      return 'One more step is needed to log in. Please try again, or ask your administrator for help.';
  }
}
