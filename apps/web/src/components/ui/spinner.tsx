const BAR_COUNT = 12;
const BARS = Array.from({ length: BAR_COUNT }, (_, index) => index);

export interface SpinnerProps {
  /** Text read by screen readers and shown beside the spinner. */
  label?: string;
  showLabel?: boolean;
  className?: string;
}

/** A 12-bar spinner (spec §9). */
export function Spinner({ label = 'Loading...', showLabel = true, className = '' }: SpinnerProps) {
  return (
    <div role="status" aria-live="polite" className={`flex items-center gap-3 ${className}`}>
      <span className="relative inline-block size-5 text-slate-500 dark:text-slate-400" aria-hidden="true">
        {BARS.map((index) => (
          <span
            key={index}
            data-spinner-bar=""
            className="absolute top-0 left-[calc(50%-1px)] h-full w-0.5"
            style={{ transform: `rotate(${index * (360 / BAR_COUNT)}deg)` }}
          >
            <span
              className="block h-[30%] w-full animate-[spinner-fade_1.2s_linear_infinite] rounded-full bg-current"
              style={{ animationDelay: `${-1.2 + index * (1.2 / BAR_COUNT)}s` }}
            />
          </span>
        ))}
      </span>
      <span className={showLabel ? 'text-sm text-slate-600 dark:text-slate-300' : 'sr-only'}>{label}</span>
    </div>
  );
}

export function PageSpinner() {
  return (
    <div className="flex min-h-[40vh] items-center justify-center p-8">
      <Spinner />
    </div>
  );
}
