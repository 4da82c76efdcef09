/** A way to confirm it is you: the password, an authenticator app code, a recovery code or a passkey. */
export type ReauthenticationMethod = 'password' | 'totp' | 'recovery_codes' | 'webauthn';

/** One flow of allauth's 401 "reauthentication required"; `types` names the authenticators it takes. */
export interface ReauthenticationFlow {
  id: string;
  types?: readonly string[];
}

const MFA_METHODS: readonly ReauthenticationMethod[] = ['totp', 'recovery_codes', 'webauthn'];

/**
 * The ways the server accepts, in the order the prompt offers them: `reauthenticate` takes the
 * password, `mfa_reauthenticate` the authenticators its `types` list (codes when it lists none).
 */
export function reauthenticationMethodsOf(flows: readonly ReauthenticationFlow[]): ReauthenticationMethod[] {
  const methods: ReauthenticationMethod[] = [];
  if (flows.some((flow) => flow.id === 'reauthenticate')) methods.push('password');
  const mfa = flows.find((flow) => flow.id === 'mfa_reauthenticate');
  if (mfa) {
    const types = mfa.types ?? ['totp', 'recovery_codes'];
    methods.push(...MFA_METHODS.filter((method) => types.includes(method)));
  }
  return methods;
}
