import { useId } from 'react';
import { focusRing } from '../../../components/ui/button.tsx';
import { THEMES, useTheme, type Theme } from '../hooks/use-theme.ts';

const LABELS: Record<Theme, string> = { light: 'Light', dark: 'Dark', system: 'System' };

export function ThemeSwitcher() {
  const [theme, setTheme] = useTheme();
  const id = useId();
  return (
    <div className="flex items-center gap-2">
      <label htmlFor={id} className="text-sm text-slate-600 dark:text-slate-300">
        Theme
      </label>
      <select
        id={id}
        value={theme}
        onChange={(event) => setTheme(event.target.value as Theme)}
        className={`rounded-md border border-slate-300 bg-white py-1 pr-7 pl-2 text-sm text-slate-900 max-sm:min-h-11 dark:border-slate-600 dark:bg-slate-800 dark:text-slate-100 ${focusRing}`}
      >
        {THEMES.map((value) => (
          <option key={value} value={value}>
            {LABELS[value]}
          </option>
        ))}
      </select>
    </div>
  );
}
