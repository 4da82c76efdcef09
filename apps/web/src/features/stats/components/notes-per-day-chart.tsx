import type { DailyCount } from '@voxpad/shared/stats';
import { useId } from 'react';

function dayLabel(date: string, style: 'short' | 'long'): string {
  const day = new Date(`${date}T00:00:00Z`);
  if (Number.isNaN(day.getTime())) return date;
  return day.toLocaleDateString(undefined, {
    timeZone: 'UTC',
    day: 'numeric',
    month: style === 'short' ? 'short' : 'long',
    ...(style === 'long' ? { weekday: 'short' } : {}),
  });
}

/** A one-sentence summary of the chart for screen readers (and the figure caption). */
export function chartSummary(days: readonly DailyCount[]): string {
  const total = days.reduce((sum, day) => sum + day.count, 0);
  if (total === 0) return `No voice notes in the last ${days.length} days.`;
  const busiest = days.reduce((best, day) => (day.count > best.count ? day : best));
  return `${total} ${total === 1 ? 'voice note' : 'voice notes'} in the last ${days.length} days; the busiest day was ${dayLabel(busiest.date, 'long')} with ${busiest.count}.`;
}

/** Notes per day as SVG bars, with a summary and the numbers as a table for assistive tech. */
export function NotesPerDayChart({ days }: { days: readonly DailyCount[] }) {
  const id = useId();
  const max = Math.max(1, ...days.map((day) => day.count));
  const width = 100 / Math.max(1, days.length);
  const first = days[0];
  const last = days.at(-1);

  return (
    <figure aria-labelledby={`${id}-caption`} className="space-y-2">
      <figcaption id={`${id}-caption`} className="text-sm text-slate-600 dark:text-slate-300">
        <span className="font-medium text-slate-900 dark:text-slate-50">Notes per day</span> ·{' '}
        {chartSummary(days)}
      </figcaption>
      <svg
        viewBox="0 0 100 40"
        preserveAspectRatio="none"
        className="h-28 w-full"
        role="img"
        aria-labelledby={`${id}-caption`}
      >
        <line
          x1="0"
          x2="100"
          y1="39.8"
          y2="39.8"
          className="stroke-slate-200 dark:stroke-slate-700"
          strokeWidth="0.4"
        />
        {days.map((day, index) => {
          const height = day.count === 0 ? 0.6 : (day.count / max) * 38;
          return (
            <rect
              key={day.date}
              x={index * width + width * 0.15}
              width={width * 0.7}
              y={39.6 - height}
              height={height}
              rx={0.4}
              className={
                day.count === 0
                  ? 'fill-slate-200 dark:fill-slate-700'
                  : 'fill-indigo-500 dark:fill-indigo-400'
              }
            >
              <title>{`${dayLabel(day.date, 'long')}: ${day.count}`}</title>
            </rect>
          );
        })}
      </svg>
      {first && last ? (
        <div className="flex justify-between text-xs text-slate-500 dark:text-slate-400" aria-hidden="true">
          <span>{dayLabel(first.date, 'short')}</span>
          <span>{dayLabel(last.date, 'short')}</span>
        </div>
      ) : null}
      <details className="text-sm">
        <summary className="cursor-pointer text-indigo-700 dark:text-indigo-300">
          Show the numbers as a table
        </summary>
        <div className="mt-2 max-h-60 overflow-y-auto">
          <table className="w-full text-left text-sm">
            <caption className="sr-only">Voice notes per day</caption>
            <thead>
              <tr className="text-slate-500 dark:text-slate-400">
                <th scope="col" className="py-1 font-medium">
                  Day
                </th>
                <th scope="col" className="py-1 text-right font-medium">
                  Notes
                </th>
              </tr>
            </thead>
            <tbody className="text-slate-800 dark:text-slate-100">
              {days.map((day) => (
                <tr key={day.date} className="border-t border-slate-100 dark:border-slate-800">
                  <th scope="row" className="py-1 font-normal">
                    {dayLabel(day.date, 'long')}
                  </th>
                  <td className="py-1 text-right tabular-nums">{day.count}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      </details>
    </figure>
  );
}
