/**
 * Whole seconds, rounded to the nearest: the one rounding every length and position on screen
 * uses, so a 6.6 s note reads "7 s" in lists and "0:07" in the player. Nothing, NaN or a
 * negative number is 0.
 */
export function wholeSeconds(totalSeconds: number | null | undefined): number {
  return typeof totalSeconds === 'number' && Number.isFinite(totalSeconds) && totalSeconds > 0
    ? Math.round(totalSeconds)
    : 0;
}

/**
 * Seconds as hours, minutes and seconds, leaving out zero parts: 3723 -> "1 h 2 min 3 s",
 * 60 -> "1 min", 0 -> "0 s". Fractions are rounded to whole seconds.
 */
export function formatDuration(totalSeconds: number | null | undefined): string {
  const seconds = wholeSeconds(totalSeconds);
  const hours = Math.floor(seconds / 3600);
  const minutes = Math.floor((seconds % 3600) / 60);
  const rest = seconds % 60;

  const parts: string[] = [];
  if (hours > 0) parts.push(`${hours} h`);
  if (minutes > 0) parts.push(`${minutes} min`);
  if (rest > 0 || parts.length === 0) parts.push(`${rest} s`);
  return parts.join(' ');
}

/** A media clock, rounded like formatDuration: 75.4 -> "1:15", 6.6 -> "0:07", 3725 -> "1:02:05". */
export function formatClock(totalSeconds: number): string {
  const seconds = wholeSeconds(totalSeconds);
  const hours = Math.floor(seconds / 3600);
  const minutes = Math.floor((seconds % 3600) / 60);
  const rest = String(seconds % 60).padStart(2, '0');
  return hours > 0 ? `${hours}:${String(minutes).padStart(2, '0')}:${rest}` : `${minutes}:${rest}`;
}
