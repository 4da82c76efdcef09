import type { Pad, PadColor } from '@voxpad/shared/pads';

/** Static class names so Tailwind keeps every shade in the build. */
export const SWATCHES: Record<PadColor, string> = {
  slate: 'bg-slate-400 dark:bg-slate-500',
  red: 'bg-red-500',
  orange: 'bg-orange-500',
  amber: 'bg-amber-400',
  green: 'bg-green-500',
  teal: 'bg-teal-500',
  blue: 'bg-blue-500',
  violet: 'bg-violet-500',
};

/** The pad's emoji when it has one, else a dot in its colour. */
export function PadMark({ pad }: { pad: Pick<Pad, 'color' | 'icon'> }) {
  if (pad.icon) {
    return (
      <span className="text-base leading-none" aria-hidden="true">
        {pad.icon}
      </span>
    );
  }
  return (
    <span
      className={`inline-block size-2.5 shrink-0 rounded-full ${SWATCHES[pad.color]}`}
      aria-hidden="true"
    />
  );
}
