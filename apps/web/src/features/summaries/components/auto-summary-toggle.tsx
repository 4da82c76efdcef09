import { focusRing } from '../../../components/ui/button.tsx';
import { useSummaryService } from '../api/get-summary-service.ts';
import { usePadSummarySettings } from '../api/get-pad-summary-settings.ts';
import { useUpdatePadSummarySettings } from '../api/update-pad-summary-settings.ts';

/**
 * A pad's "Summarise new notes automatically" switch (ADR 0052). Shown only when the server has
 * a language model; it says where transcripts will go.
 */
export function AutoSummaryToggle({ padId }: { padId: string }) {
  const service = useSummaryService();
  const configured = service.data?.configured === true;
  const settings = usePadSummarySettings(padId, configured);
  const update = useUpdatePadSummarySettings(padId);
  if (!configured || !settings.data) return null;
  const on = settings.data.auto_summary;
  return (
    <div className="space-y-1">
      <button
        type="button"
        role="switch"
        aria-checked={on}
        disabled={update.isPending}
        onClick={() => update.mutate({ auto_summary: !on })}
        className={`inline-flex min-h-9 items-center gap-2 rounded-md px-2 text-sm text-slate-800 dark:text-slate-100 ${focusRing}`}
      >
        <span
          aria-hidden="true"
          className={`relative inline-block h-5 w-9 rounded-full transition-colors ${on ? 'bg-indigo-600 dark:bg-indigo-500' : 'bg-slate-300 dark:bg-slate-600'}`}
        >
          <span
            className={`absolute top-0.5 size-4 rounded-full bg-white transition-all ${on ? 'left-4.5' : 'left-0.5'}`}
          />
        </span>
        Summarise new notes automatically
      </button>
      <p className="px-2 text-xs text-slate-500 dark:text-slate-400">
        Each new note’s transcript is sent to {service.data?.endpoint} once it is transcribed.
      </p>
      {update.isError ? (
        <p role="alert" className="px-2 text-xs text-red-700 dark:text-red-300">
          The setting could not be saved. Try again in a moment.
        </p>
      ) : null}
    </div>
  );
}
