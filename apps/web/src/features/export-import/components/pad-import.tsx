import { useEffect, useId, useRef, useState } from 'react';
import { Button } from '../../../components/ui/button.tsx';
import { FormAlert } from '../../../components/ui/form-alert.tsx';
import { useImport } from '../api/get-import.ts';
import { startImport } from '../api/start-import.ts';
import { ImportProgress } from './import-progress.tsx';

export interface PadImportProps {
  padId: string;
  /** Recordings picked (alone or in a folder): the page sends them through its usual upload. */
  onAudioFiles: (files: File[]) => void;
  /** An import has finished: the pad's notes are read again. */
  onImported: () => void;
}

const isZip = (file: File) => /\.zip$/i.test(file.name) || /zip/.test(file.type);

/**
 * "Import…": a Voxpad export or a zip of recordings goes to the server as one upload and its
 * files are followed one by one; recordings picked as files or in a folder go to the page's
 * upload queue, each with its own progress. Both pickers are real buttons; what happens is
 * read out in polite live regions.
 */
export function PadImport({ padId, onAudioFiles, onImported }: PadImportProps) {
  const filesRef = useRef<HTMLInputElement>(null);
  const folderRef = useRef<HTMLInputElement>(null);
  const hintId = useId();
  const [uploaded, setUploaded] = useState<number | null>(null);
  const [importId, setImportId] = useState<string | null>(null);
  const [error, setError] = useState<string | null>(null);
  const progress = useImport(importId).data;
  const finished = progress !== undefined && progress.status !== 'running';

  // Not a standard attribute, so React has no prop for it: the folder picker sets it itself.
  useEffect(() => folderRef.current?.setAttribute('webkitdirectory', ''), []);
  useEffect(() => {
    if (finished) onImported();
  }, [finished, onImported]);

  async function importZip(zip: File) {
    setError(null);
    setImportId(null);
    setUploaded(0);
    try {
      const started = await startImport(padId, zip, ({ loaded, total }) =>
        setUploaded(Math.round((loaded / Math.max(total, 1)) * 100)),
      );
      setImportId(started.id);
    } catch (failure) {
      setError(failure instanceof Error ? failure.message : 'The zip could not be imported.');
    } finally {
      setUploaded(null);
    }
  }

  function picked(list: FileList | null) {
    const files = [...(list ?? [])];
    const zips = files.filter(isZip);
    const recordings = files.filter((file) => !isZip(file));
    if (recordings.length > 0) onAudioFiles(recordings);
    const [zip, ...more] = zips;
    if (more.length > 0) setError('Import one zip at a time; the first one is being imported.');
    if (zip) void importZip(zip);
  }

  return (
    <section aria-labelledby={`${hintId}-heading`} className="space-y-3">
      <h3 id={`${hintId}-heading`} className="sr-only">
        Import
      </h3>
      <div className="flex flex-wrap items-center gap-2">
        {[filesRef, folderRef].map((ref, i) => (
          <input
            key={i}
            ref={ref}
            type="file"
            multiple
            accept={i === 0 ? '.zip,application/zip,audio/*' : undefined}
            className="sr-only"
            tabIndex={-1}
            aria-hidden="true"
            data-testid={i === 0 ? 'import-files' : 'import-folder'}
            onChange={(event) => {
              picked(event.target.files);
              event.target.value = '';
            }}
          />
        ))}
        <Button
          variant="secondary"
          aria-describedby={hintId}
          disabled={uploaded !== null}
          onClick={() => filesRef.current?.click()}
        >
          Import…
        </Button>
        <Button variant="ghost" disabled={uploaded !== null} onClick={() => folderRef.current?.click()}>
          Import a folder…
        </Button>
        <span id={hintId} className="text-xs text-slate-600 dark:text-slate-300">
          A Voxpad export (.zip), a zip of recordings, or recordings.
        </span>
      </div>
      <div aria-live="polite" className="space-y-2">
        {uploaded !== null ? (
          <div className="flex items-center gap-2 text-sm text-slate-700 dark:text-slate-200">
            <span>Uploading the zip… {uploaded}%</span>
            <progress className="h-2 w-40" max={100} value={uploaded} aria-label="Zip uploaded" />
          </div>
        ) : null}
        {error ? <FormAlert>{error}</FormAlert> : null}
      </div>
      {progress ? <ImportProgress progress={progress} /> : null}
    </section>
  );
}
