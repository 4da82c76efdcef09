/** "4 h", "1 h 30 min", "45 min", "20 s": durations in error messages people read. */
export function durationText(seconds: number): string {
  const total = Math.round(seconds);
  const hours = Math.floor(total / 3600);
  const minutes = Math.floor((total % 3600) / 60);
  const rest = total % 60;
  if (hours > 0) return minutes > 0 ? `${hours} h ${minutes} min` : `${hours} h`;
  if (minutes > 0) return rest > 0 && minutes < 10 ? `${minutes} min ${rest} s` : `${minutes} min`;
  return `${rest} s`;
}
