import { useQuery } from '@tanstack/react-query';
import { createFileRoute, useNavigate } from '@tanstack/react-router';
import { useId, useState, type FormEvent } from 'react';
import { Button, focusRing } from '../../components/ui/button.tsx';
import { FormAlert } from '../../components/ui/form-alert.tsx';
import { Spinner } from '../../components/ui/spinner.tsx';
import { enqueueFile } from '../../features/outbox/outbox-store.ts';
import { usePads } from '../../features/pads/api/get-pads.ts';
import { forgetSharedFiles, sharedFilesQueryOptions } from '../../features/pwa/shared-files.ts';
import { statsQueryOptions } from '../../features/stats/api/get-stats.ts';
import { fileRefusal } from '../../features/voice-notes/utils/upload-file.ts';
import { useDocumentTitle } from '../../hooks/use-document-title.ts';
import { formatBytes } from '../../lib/format-bytes.ts';
import { PageHeading } from '../-components/page-heading.tsx';
import { definedOnly, uuidParam } from '../../lib/search-params.ts';

function parseShareSearch(search: Record<string, unknown>): { batch?: string } {
  return definedOnly({ batch: uuidParam(search.batch) });
}

/** Where audio shared from another app lands (the manifest's share_target): pick its pad. */
export const Route = createFileRoute('/_authenticated/share')({
  validateSearch: parseShareSearch,
  component: SharePage,
});

function SharePage() {
  useDocumentTitle('Add shared audio');
  const { batch } = Route.useSearch();
  const shared = useQuery(sharedFilesQueryOptions(batch ?? null));
  return (
    <div className="max-w-xl space-y-6">
      <PageHeading title="Add shared audio" description="Choose the pad the shared recording goes to." />
      {shared.isPending ? (
        <Spinner label="Reading the shared files…" />
      ) : shared.isError || !batch || (shared.data ?? []).length === 0 ? (
        <FormAlert>
          Nothing was shared, or the shared files are no longer here. Share the recording to Voxpad again, or
          open a pad and use “Upload a file…”.
        </FormAlert>
      ) : (
        <ShareForm batch={batch} files={shared.data} />
      )}
    </div>
  );
}

function ShareForm({ batch, files }: { batch: string; files: File[] }) {
  const pads = usePads();
  const list = pads.data.pages.flatMap((page) => page.results);
  const [padId, setPadId] = useState(list[0]?.id ?? '');
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const navigate = useNavigate();
  const selectId = useId();
  const maxBytes = useQuery(statsQueryOptions()).data?.upload_max_bytes;

  async function submit(event: FormEvent) {
    event.preventDefault();
    if (!padId) return;
    // An empty or oversized file is refused now, not after it was kept and sent.
    const refusals = files.flatMap((file) => fileRefusal(file, maxBytes) ?? []);
    if (refusals.length > 0) {
      setError(refusals.join(' '));
      return;
    }
    setBusy(true);
    setError(null);
    try {
      for (const file of files) await enqueueFile(padId, file);
      await forgetSharedFiles(batch);
      await navigate({ to: '/pad/$id', params: { id: padId } });
    } catch {
      setError('The audio could not be kept for uploading. Free some space on the device and try again.');
      setBusy(false);
    }
  }

  if (list.length === 0) {
    return (
      <FormAlert>
        You have no pads yet. Create one on the home page, then share the recording again.
      </FormAlert>
    );
  }
  return (
    <form onSubmit={(event) => void submit(event)} className="space-y-4">
      <ul className="space-y-1 text-sm text-slate-700 dark:text-slate-300">
        {files.map((file, index) => (
          <li key={index}>
            {file.name} · {formatBytes(file.size)}
          </li>
        ))}
      </ul>
      <div>
        <label
          htmlFor={selectId}
          className="mb-1 block text-sm font-medium text-slate-800 dark:text-slate-200"
        >
          Pad
        </label>
        <select
          id={selectId}
          value={padId}
          onChange={(event) => setPadId(event.target.value)}
          className={`block w-full rounded-md border border-slate-300 bg-white px-3 py-2 text-sm text-slate-900 shadow-sm max-sm:min-h-11 dark:border-slate-600 dark:bg-slate-900 dark:text-slate-100 ${focusRing}`}
        >
          {list.map((pad) => (
            <option key={pad.id} value={pad.id}>
              {pad.name}
            </option>
          ))}
        </select>
      </div>
      {error ? <FormAlert>{error}</FormAlert> : null}
      <Button type="submit" disabled={busy}>
        {busy ? 'Adding…' : files.length === 1 ? 'Add to pad' : `Add ${files.length} files to pad`}
      </Button>
    </form>
  );
}
