const DAY_MS = 24 * 60 * 60 * 1000;

/**
 * Whole days since `date`: "today" under one day (or for a date in the future),
 * then "1 day ago", "N days ago".
 */
export function daysAgo(date: Date | string | number, now: Date | number = Date.now()): string {
  const then = new Date(date).getTime();
  const current = new Date(now).getTime();
  if (!Number.isFinite(then) || !Number.isFinite(current)) return 'today';
  const days = Math.floor((current - then) / DAY_MS);
  if (days <= 0) return 'today';
  return days === 1 ? '1 day ago' : `${days} days ago`;
}
