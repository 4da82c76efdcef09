/**
 * Whether `typed` names the account, by its username or its email address (either, in any
 * case, with spaces around ignored), as the delete-account dialog asks.
 */
export function confirmsAccount(typed: string, account: { username?: string; email?: string }): boolean {
  const value = typed.trim().toLowerCase();
  if (value === '') return false;
  return [account.username, account.email].some((name) => name !== undefined && name.toLowerCase() === value);
}
