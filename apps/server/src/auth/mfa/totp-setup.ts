import type { SessionStore, Session } from '../sessions/session-store.ts';
import type { SecretBox } from './secret-box.ts';
import { generateTotpSecret } from './totp.ts';

const sealContext = (session: Session) => `totp-setup:${session.userId ?? ''}:${session.id}`;

/**
 * allauth's get_totp_secret(regenerate=True): each look at the setup screen offers a new secret,
 * kept (sealed) on the session until it is confirmed with a code, so the secret activated is
 * the one this browser was shown and never one a client chose.
 */
export async function offerTotpSecret(
  store: SessionStore,
  box: SecretBox,
  session: Session,
): Promise<string> {
  const secret = generateTotpSecret();
  await store.save({
    ...session,
    data: { ...session.data, totpSetup: box.seal(secret, sealContext(session)) },
  });
  return secret;
}

/** The secret last offered to this session, if any. */
export function offeredTotpSecret(box: SecretBox, session: Session): string | undefined {
  const sealed = session.data.totpSetup;
  if (!sealed) return undefined;
  try {
    return box.open(sealed, sealContext(session));
  } catch {
    return undefined;
  }
}

/** Forgets the offered secret once it is active. */
export async function forgetTotpSecret(store: SessionStore, session: Session): Promise<Session> {
  const data = { ...session.data };
  delete data.totpSetup;
  const updated = { ...session, data };
  await store.save(updated);
  return updated;
}
