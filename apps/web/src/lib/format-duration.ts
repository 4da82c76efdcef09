/**
 * Seconds as hours, minutes and seconds, leaving out zero parts: 3723 -> "1 h 2 min 3 s",
 * 60 -> "1 min", 0 -> "0 s". Fractions are rounded to whole seconds.
 */
export function formatDuration(totalSeconds: number | null | undefined): string {
  const seconds =
    typeof totalSeconds === 'number' && Number.isFinite(totalSeconds) && totalSeconds > 0
      ? Math.round(totalSeconds)
      : 0;
  const hours = Math.floor(seconds / 3600);
  const minutes = Math.floor((seconds % 3600) / 60);
  const rest = seconds % 60;

  const parts: string[] = [];
  if (hours > 0) parts.push(`${hours} h`);
  if (minutes > 0) parts.push(`${minutes} min`);
  if (rest > 0 || parts.length === 0) parts.push(`${rest} s`);
  return parts.join(' ');
}

/** A media clock: 75.4 -> "1:15", 3725 -> "1:02:05". */
export function formatClock(totalSeconds: number): string {
  const seconds = Number.isFinite(totalSeconds) && totalSeconds > 0 ? Math.floor(totalSeconds) : 0;
  const hours = Math.floor(seconds / 3600);
  const minutes = Math.floor((seconds % 3600) / 60);
  const rest = String(seconds % 60).padStart(2, '0');
  return hours > 0 ? `${hours}:${String(minutes).padStart(2, '0')}:${rest}` : `${minutes}:${rest}`;
}
