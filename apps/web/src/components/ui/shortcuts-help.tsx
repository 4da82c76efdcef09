export interface ShortcutsHelpProps {
  shortcuts: ReadonlyArray<{ keys: string; does: string }>;
  /** The heading's level where it stands in the page's outline. */
  headingLevel?: 2 | 3;
}

/** The keyboard shortcuts a player offers, listed where people can see them. */
export function ShortcutsHelp({ shortcuts, headingLevel = 3 }: ShortcutsHelpProps) {
  const Heading = headingLevel === 2 ? 'h2' : 'h3';
  return (
    <div>
      <Heading className="text-sm font-medium text-slate-900 dark:text-slate-50">Keyboard shortcuts</Heading>
      <dl className="mt-1 flex flex-wrap gap-x-5 gap-y-1 text-sm text-slate-600 dark:text-slate-300">
        {shortcuts.map((shortcut) => (
          <div key={shortcut.keys} className="flex items-center gap-2">
            <dt>
              <kbd className="rounded border border-slate-300 bg-slate-50 px-1.5 font-mono text-xs dark:border-slate-600 dark:bg-slate-800">
                {shortcut.keys}
              </kbd>
            </dt>
            <dd>{shortcut.does}</dd>
          </div>
        ))}
      </dl>
    </div>
  );
}
