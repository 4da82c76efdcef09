import type { NoteSummary } from '@voxpad/shared/summaries';
import { Button, focusRing } from '../../../components/ui/button.tsx';
import { FormAlert } from '../../../components/ui/form-alert.tsx';
import { Spinner } from '../../../components/ui/spinner.tsx';
import { isHttpError } from '../../../lib/api-client.ts';
import { formatDateTime } from '../../../lib/format-date.ts';
import { formatClock } from '../../../lib/format-duration.ts';
import { isWriting, useSummary } from '../api/get-summary.ts';
import { useSummaryService } from '../api/get-summary-service.ts';
import { useRequestSummary } from '../api/request-summary.ts';

export interface SummaryPanelProps {
  padId: string;
  noteId: string;
  /** The note has a transcript to summarise. */
  transcribed: boolean;
  /** The note's title now: a suggestion that equals it is not offered. */
  currentTitle: string;
  /** Moves the player to `seconds` (the moment an action item came from). */
  onJump: (seconds: number) => void;
  /** Renames the note to the suggested title. */
  onUseTitle: (title: string) => void;
  /** The rename is being saved. */
  renaming?: boolean;
}

const muted = 'text-sm text-slate-600 dark:text-slate-300';

/**
 * A note's summary, action items and suggested title, written by the operator's language model
 * (ADR 0052). Everything the model wrote is shown as text, never as HTML. When the server has
 * no model, the panel says so and who can change it; otherwise it says where a transcript goes
 * before anything is sent.
 */
export function SummaryPanel(props: SummaryPanelProps) {
  const service = useSummaryService();
  if (service.isPending) return <Spinner label="Loading…" />;
  if (service.isError) {
    return (
      <FormAlert>
        Whether summaries are available could not be loaded. Reload the page to try again.
      </FormAlert>
    );
  }
  if (!service.data.configured) {
    return (
      <p className={muted}>
        Summaries are off on this server: no language model is configured, so nothing is sent anywhere. An
        administrator can turn them on by setting LLM_BASE_URL (and LLM_MODEL) to an OpenAI-compatible service
        such as Ollama or llama.cpp’s server.
      </p>
    );
  }
  return (
    <ConfiguredPanel {...props} endpoint={service.data.endpoint ?? ''} model={service.data.model ?? ''} />
  );
}

function ConfiguredPanel({
  padId,
  noteId,
  transcribed,
  currentTitle,
  onJump,
  onUseTitle,
  renaming = false,
  endpoint,
  model,
}: SummaryPanelProps & { endpoint: string; model: string }) {
  const summary = useSummary(padId, noteId);
  const request = useRequestSummary(padId, noteId);
  const newest = summary.data ?? null;
  const writing = isWriting(newest) || request.isPending;
  const shown = newest?.status === 'done' ? newest : (newest?.previous_done ?? null);
  const requestError = request.error
    ? isHttpError(request.error) && request.error.errors[0]
      ? request.error.errors[0].message
      : 'The summary could not be asked for. Check your connection and try again.'
    : null;

  return (
    <div className="space-y-3">
      <div className="flex flex-wrap items-center gap-3">
        <Button
          variant={shown ? 'secondary' : 'primary'}
          disabled={!transcribed || writing || summary.isPending}
          onClick={() => request.mutate()}
        >
          {shown || newest ? 'Regenerate summary' : 'Generate summary'}
        </Button>
        {writing ? <Spinner label="Summarising…" /> : null}
      </div>
      <p className={muted}>
        {transcribed
          ? `Generating sends this note’s transcript to ${endpoint} (model ${model}).`
          : 'A summary can be written once the note is transcribed.'}
      </p>
      {requestError ? <FormAlert>{requestError}</FormAlert> : null}
      {summary.isError ? (
        <FormAlert>The summary could not be loaded. Reload the page to try again.</FormAlert>
      ) : null}
      {newest?.status === 'failed' ? (
        <FormAlert>
          The summary could not be written. {newest.error}
          {shown ? ' The earlier summary is shown below.' : ''}
        </FormAlert>
      ) : null}
      {shown ? (
        <SummaryVersion
          version={shown}
          currentTitle={currentTitle}
          onJump={onJump}
          onUseTitle={onUseTitle}
          renaming={renaming}
        />
      ) : null}
    </div>
  );
}

function SummaryVersion({
  version,
  currentTitle,
  onJump,
  onUseTitle,
  renaming,
}: {
  version: NoteSummary;
  currentTitle: string;
  onJump: (seconds: number) => void;
  onUseTitle: (title: string) => void;
  renaming: boolean;
}) {
  const suggested = version.title?.trim() ?? '';
  return (
    <div className="space-y-3" data-testid="summary">
      <p className="text-sm whitespace-pre-line text-slate-900 dark:text-slate-50">{version.summary}</p>
      <div>
        <h3 className="mb-1 text-sm font-semibold text-slate-900 dark:text-slate-50">Action items</h3>
        {version.action_items.length === 0 ? (
          <p className={muted}>No action items.</p>
        ) : (
          <ul aria-label="Action items" className="space-y-1">
            {version.action_items.map((item, i) => (
              <li key={`${i}-${item.start}`}>
                <button
                  type="button"
                  onClick={() => onJump(item.start)}
                  className={`flex w-full items-baseline justify-between gap-3 rounded-md px-2 py-1.5 text-left text-sm text-slate-900 hover:bg-slate-100 max-sm:min-h-11 dark:text-slate-50 dark:hover:bg-slate-800 ${focusRing}`}
                >
                  <span className="min-w-0 break-words">{item.text}</span>
                  <span className="shrink-0 text-xs font-medium text-indigo-700 dark:text-indigo-300">
                    Jump to {formatClock(item.start)}
                  </span>
                </button>
              </li>
            ))}
          </ul>
        )}
      </div>
      {suggested !== '' && suggested !== currentTitle ? (
        <div className="flex flex-wrap items-center gap-2 text-sm">
          <span className="text-slate-700 dark:text-slate-200">
            Suggested title: <q className="font-medium">{suggested}</q>
          </span>
          <Button variant="secondary" disabled={renaming} onClick={() => onUseTitle(suggested)}>
            Use this title
          </Button>
        </div>
      ) : null}
      <p className="text-xs text-slate-500 dark:text-slate-400">
        Made by {version.model} at {version.endpoint}
        {version.finished_at ? `, ${formatDateTime(version.finished_at)}` : ''}.
      </p>
    </div>
  );
}
