/**
 * The text of the recovery-codes download: what the codes are for, where, and each code on its
 * own line, so the file still makes sense when found in a drawer a year later.
 */
export function recoveryCodesText(
  codes: readonly string[],
  where: { site: string; account: string },
): string {
  return [
    `Voxpad recovery codes for ${where.account} at ${where.site}`,
    '',
    'Each code logs you in once when you cannot use your authenticator app or passkey.',
    'Keep them somewhere safe. Making new codes stops these from working.',
    '',
    ...codes,
    '',
  ].join('\n');
}

/** A file name that says what it holds and where from, safe on every operating system. */
export function recoveryCodesFileName(site: string): string {
  const host = site.replace(/^https?:\/\//, '').replace(/[^A-Za-z0-9.-]+/g, '-');
  return `voxpad-recovery-codes-${host}.txt`;
}
