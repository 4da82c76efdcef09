/**
 * Progress of a long command on stderr: a bar redrawn in place on a terminal, and a plain
 * line every tenth of the way (and at the end) when stderr is a file or a pipe, so logs and
 * CI output stay readable. Hand-written: a few lines do not justify a dependency.
 */
export interface ProgressTask {
  advance(by?: number): void;
  /** The final line; later calls to advance() are ignored. */
  done(): void;
}

export interface ProgressOut {
  isTTY?: boolean | undefined;
  columns?: number | undefined;
  write(text: string): unknown;
}

const BAR_WIDTH = 24;
const REDRAW_MS = 100;

export function startProgress(
  label: string,
  total: number,
  out: ProgressOut = process.stderr,
  now: () => number = Date.now,
): ProgressTask {
  const started = now();
  let count = 0;
  let finished = false;
  let lastDraw = 0;
  let lastTenth = 0;

  const describe = () => {
    const seconds = Math.max((now() - started) / 1000, 0.001);
    const percent = total === 0 ? 100 : Math.floor((count / total) * 100);
    const rate = count / seconds;
    return { percent, text: `${count}/${total} ${String(percent).padStart(3)}% ${formatRate(rate)}/s` };
  };

  const draw = () => {
    const { percent, text } = describe();
    const filled = Math.round((percent / 100) * BAR_WIDTH);
    const bar = `[${'#'.repeat(filled)}${'.'.repeat(BAR_WIDTH - filled)}]`;
    out.write(`\r${label} ${bar} ${text}\u001b[K`);
  };

  if (out.isTTY) draw();
  return {
    advance(by = 1) {
      if (finished) return;
      count += by;
      if (out.isTTY) {
        if (now() - lastDraw >= REDRAW_MS) {
          lastDraw = now();
          draw();
        }
        return;
      }
      const tenth = total === 0 ? 10 : Math.floor((count / total) * 10);
      if (tenth > lastTenth && count < total) {
        lastTenth = tenth;
        out.write(`${label}: ${describe().text}\n`);
      }
    },
    done() {
      if (finished) return;
      finished = true;
      if (out.isTTY) {
        draw();
        out.write('\n');
      } else {
        out.write(`${label}: ${describe().text}\n`);
      }
    },
  };
}

function formatRate(perSecond: number): string {
  if (perSecond >= 100) return String(Math.round(perSecond));
  return perSecond.toFixed(1);
}
