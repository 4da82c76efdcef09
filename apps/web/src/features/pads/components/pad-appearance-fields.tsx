import { PAD_COLORS, type PadColor } from '@voxpad/shared/pads';
import { useId } from 'react';
import { SWATCHES } from './pad-mark.tsx';

const COLOR_NAMES: Record<PadColor, string> = {
  slate: 'Slate',
  red: 'Red',
  orange: 'Orange',
  amber: 'Amber',
  green: 'Green',
  teal: 'Teal',
  blue: 'Blue',
  violet: 'Violet',
};

export const PAD_ICON_CHOICES = [
  '🎙️',
  '📝',
  '💡',
  '📚',
  '🛒',
  '💼',
  '🏠',
  '🎵',
  '✈️',
  '❤️',
  '⭐',
  '🧪',
] as const;

const option =
  'relative flex size-9 cursor-pointer items-center justify-center rounded-full ring-offset-2 ring-offset-white has-[:checked]:ring-2 has-[:checked]:ring-indigo-600 has-[:focus-visible]:outline-2 has-[:focus-visible]:outline-offset-4 has-[:focus-visible]:outline-indigo-600 dark:ring-offset-slate-900 dark:has-[:checked]:ring-indigo-400';

/** Colour and icon as two radio groups: arrow keys move, the choice is announced by name. */
export function PadAppearanceFields({
  color,
  icon,
  onColorChange,
  onIconChange,
}: {
  color: PadColor;
  icon: string | null;
  onColorChange: (color: PadColor) => void;
  onIconChange: (icon: string | null) => void;
}) {
  const name = useId();
  return (
    <div className="space-y-3">
      <fieldset>
        <legend className="mb-1 text-sm font-medium text-slate-800 dark:text-slate-200">Colour</legend>
        <div className="flex flex-wrap gap-1.5">
          {PAD_COLORS.map((value) => (
            <label key={value} className={option} title={COLOR_NAMES[value]}>
              <input
                type="radio"
                name={`${name}-color`}
                value={value}
                checked={color === value}
                onChange={() => onColorChange(value)}
                className="absolute inset-0 m-0 cursor-pointer appearance-none rounded-full opacity-0"
              />
              <span
                className={`pointer-events-none size-6 rounded-full ${SWATCHES[value]}`}
                aria-hidden="true"
              />
              <span className="sr-only">{COLOR_NAMES[value]}</span>
            </label>
          ))}
        </div>
      </fieldset>
      <fieldset>
        <legend className="mb-1 text-sm font-medium text-slate-800 dark:text-slate-200">Icon</legend>
        <div className="flex flex-wrap gap-1.5">
          <label className={`${option} text-xs text-slate-600 dark:text-slate-300`}>
            <input
              type="radio"
              name={`${name}-icon`}
              value=""
              checked={icon === null}
              onChange={() => onIconChange(null)}
              className="absolute inset-0 m-0 cursor-pointer appearance-none rounded-full opacity-0"
            />
            None
          </label>
          {PAD_ICON_CHOICES.map((value) => (
            <label key={value} className={`${option} text-lg`}>
              <input
                type="radio"
                name={`${name}-icon`}
                value={value}
                checked={icon === value}
                onChange={() => onIconChange(value)}
                className="absolute inset-0 m-0 cursor-pointer appearance-none rounded-full opacity-0"
              />
              {value}
            </label>
          ))}
        </div>
      </fieldset>
    </div>
  );
}
