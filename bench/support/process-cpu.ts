import fs from 'node:fs';

/** Clock ticks per second of /proc/<pid>/stat's times (USER_HZ, 100 on Linux everywhere). */
const TICKS_PER_SECOND = 100;

/**
 * CPU seconds (user + system, all threads) a process has used so far, from /proc; undefined
 * where there is no /proc. On a loaded machine a server's CPU per request moves far less than
 * its requests per second, which follow its share of the cores.
 */
export function processCpuSeconds(pid: number): number | undefined {
  try {
    const stat = fs.readFileSync(`/proc/${pid}/stat`, 'utf8');
    // Fields after the command name, which is in parentheses and may hold spaces.
    const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
    return (Number(fields[11]) + Number(fields[12])) / TICKS_PER_SECOND;
  } catch {
    return undefined;
  }
}
