const dateTime = new Intl.DateTimeFormat(undefined, { dateStyle: 'medium', timeStyle: 'short' });

/**
 * The one way the app writes a moment, in the reader's locale: "Nov 27, 2026, 2:47 PM" in
 * American English, "27 Nov 2026, 14:47" in British. Lists, the note page and the account
 * pages all use it, so a note's date reads the same wherever it is shown. '' for no date.
 */
export function formatDateTime(date: Date | string | number): string {
  const at = new Date(date);
  return Number.isNaN(at.getTime()) ? '' : dateTime.format(at);
}
