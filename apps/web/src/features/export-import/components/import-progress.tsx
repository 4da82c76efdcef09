import type { ImportProgress as Progress } from '@voxpad/shared/export-import';

const STATUS_WORDS = { waiting: 'Waiting', imported: 'Imported', failed: 'Not imported' } as const;

/** The import's files with their state, and the reason beside each file that did not go in. */
export function ImportProgress({ progress }: { progress: Progress }) {
  const failed = progress.files.filter((file) => file.status === 'failed').length;
  const summary =
    progress.status === 'running'
      ? `Importing… ${progress.done} of ${progress.total} files done.`
      : progress.status === 'failed'
        ? (progress.error ?? 'The import stopped.')
        : `Import finished: ${progress.total - failed} of ${progress.total} imported${failed > 0 ? `, ${failed} not imported (see below)` : ''}.`;
  return (
    <div className="space-y-2">
      <p role="status" aria-live="polite" className="text-sm text-slate-700 dark:text-slate-200">
        {summary}
      </p>
      <progress
        className="h-2 w-full max-w-md"
        max={Math.max(progress.total, 1)}
        value={progress.done}
        aria-label="Files imported"
      />
      <ul className="max-h-64 space-y-1 overflow-y-auto text-sm" aria-label="Files in the zip">
        {progress.files.map((file) => (
          <li key={file.name} className="flex flex-wrap gap-x-2">
            <span className="break-all text-slate-900 dark:text-slate-100">{file.name}</span>
            <span
              className={
                file.status === 'failed'
                  ? 'font-medium text-red-700 dark:text-red-300'
                  : 'text-slate-600 dark:text-slate-300'
              }
            >
              {STATUS_WORDS[file.status]}
              {file.error ? `: ${file.error}` : ''}
            </span>
          </li>
        ))}
      </ul>
    </div>
  );
}
