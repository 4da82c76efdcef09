/**
 * Whether this page can use passkeys. Browsers accept them only on a secure page at a site's
 * name (never an IP address), and the server checks each answer against one origin, which it
 * names in the auth config (`mfa.passkey_origin`, its PUBLIC_URL). So `npm start`'s site,
 * http://localhost:8080, has passkeys, while the same server opened at http://127.0.0.1:8080
 * must send people there; a server whose address browsers refuse has none at all.
 */
export type PasskeyReach = { kind: 'here' } | { kind: 'elsewhere'; origin: string } | { kind: 'nowhere' };

export interface PageAddress {
  origin: string;
  hostname: string;
  isSecureContext: boolean;
}

const IPV4 = /^\d{1,3}(\.\d{1,3}){3}$/;

function isIpAddress(hostname: string): boolean {
  return IPV4.test(hostname) || hostname.startsWith('[') || hostname.includes(':');
}

function thisPage(): PageAddress {
  return {
    origin: window.location.origin,
    hostname: window.location.hostname,
    isSecureContext: window.isSecureContext,
  };
}

/** `passkeyOrigin` as the auth config gives it: a string, null (nowhere), or left out by an older server. */
export function passkeyReach(
  passkeyOrigin: string | null | undefined,
  page: PageAddress = thisPage(),
): PasskeyReach {
  const browserAccepts = page.isSecureContext && !isIpAddress(page.hostname);
  if (passkeyOrigin === null) return { kind: 'nowhere' };
  if (passkeyOrigin === undefined) return browserAccepts ? { kind: 'here' } : { kind: 'nowhere' };
  if (passkeyOrigin !== page.origin) return { kind: 'elsewhere', origin: passkeyOrigin };
  return browserAccepts ? { kind: 'here' } : { kind: 'nowhere' };
}

/** Why passkeys are not offered on this page, and where they work if anywhere. */
export function passkeysUnavailableText(reach: Exclude<PasskeyReach, { kind: 'here' }>, page = thisPage()) {
  if (reach.kind === 'elsewhere') {
    return `Passkeys work at ${reach.origin}, this site’s own address; browsers do not accept them at ${page.origin}.`;
  }
  return 'Passkeys are not available on this server: browsers accept them only at a site’s name over HTTPS (or at localhost), and this server’s address is not one. The administrator can set PUBLIC_URL to such an address.';
}
