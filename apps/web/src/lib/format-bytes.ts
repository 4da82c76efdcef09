const UNITS = ['KB', 'MB', 'GB', 'TB'];

/**
 * A size as people read it, in the binary multiples the server's limits are set in:
 * 0 -> "0 bytes", 1536 -> "1.5 KB", 10 * 2^30 -> "10 GB". One decimal below 10, rounded down
 * so a nearly full quota never reads as full.
 */
export function formatBytes(bytes: number): string {
  if (!Number.isFinite(bytes) || bytes < 1024) {
    const whole = Number.isFinite(bytes) && bytes > 0 ? Math.floor(bytes) : 0;
    return `${whole} ${whole === 1 ? 'byte' : 'bytes'}`;
  }
  let value = bytes / 1024;
  let unit = 0;
  while (value >= 1024 && unit < UNITS.length - 1) {
    value /= 1024;
    unit++;
  }
  const shown = value < 10 ? Math.floor(value * 10) / 10 : Math.floor(value);
  return `${shown} ${UNITS[unit]}`;
}
