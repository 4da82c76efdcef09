import { useId } from 'react';
import { SPEAKER_LIMITS } from '@voxpad/shared/speakers';
import { VOICE_NOTE_STATUSES, type VoiceNoteStatus } from '@voxpad/shared/voice-notes';
import { Button, focusRing } from '../../../components/ui/button.tsx';
import { cleanFilterSearch, countFilters, type NoteFilterSearch } from '../utils/filter-search.ts';

const STATUS_LABELS: Record<VoiceNoteStatus, string> = {
  pending: 'Waiting to be transcribed',
  processing: 'Being transcribed',
  done: 'Transcribed',
  failed: 'Transcription failed',
};

const control = `block w-full rounded-md border border-slate-300 bg-white px-2.5 py-1.5 text-sm text-slate-900 shadow-sm max-sm:min-h-11 dark:border-slate-600 dark:bg-slate-900 dark:text-slate-100 ${focusRing}`;
const labelText = 'mb-1 block text-xs font-medium text-slate-700 dark:text-slate-300';

export interface FilterBarProps {
  value: NoteFilterSearch;
  onChange: (next: NoteFilterSearch) => void;
  /** The person's tag names, to pick from. */
  tags: readonly string[];
  /** Offers a pad choice (lists across pads); left out on one pad's own list. */
  pads?: readonly { id: string; name: string }[] | undefined;
}

/** Minutes as typed, in seconds; empty is no bound. */
function minutesToSeconds(text: string): number | undefined {
  if (text.trim() === '') return undefined;
  const minutes = Number(text);
  return Number.isFinite(minutes) && minutes >= 0 ? Math.round(minutes * 60) : undefined;
}

const secondsToMinutes = (seconds: number | undefined) =>
  seconds === undefined ? '' : String(Math.round((seconds / 60) * 100) / 100);

/**
 * Filters for a list of voice notes (lengths and the speaker apply on leaving the field or on
 * Enter): tags (all of them), pad, created between two days, length, who speaks (a name),
 * transcription state and whether the transcript was edited. Each change is applied at once;
 * the page keeps them in its URL.
 */
export function FilterBar({ value, onChange, tags, pads }: FilterBarProps) {
  const id = useId();
  const set = (patch: Partial<NoteFilterSearch>) => onChange(cleanFilterSearch({ ...value, ...patch }));
  const chosen = value.tag ?? [];
  const choosable = tags.filter((tag) => !chosen.some((c) => c.toLowerCase() === tag.toLowerCase()));
  const count = countFilters(value);

  return (
    <form
      role="search"
      aria-label="Filter voice notes"
      onSubmit={(event) => event.preventDefault()}
      className="space-y-3 rounded-lg border border-slate-200 bg-white p-3 dark:border-slate-800 dark:bg-slate-900"
    >
      <div className="grid grid-cols-2 gap-3 sm:grid-cols-3 lg:grid-cols-4">
        <div>
          <label htmlFor={`${id}-tag`} className={labelText}>
            Tag
          </label>
          <select
            id={`${id}-tag`}
            className={control}
            value=""
            disabled={choosable.length === 0}
            onChange={(event) => {
              if (event.target.value) set({ tag: [...chosen, event.target.value] });
            }}
          >
            <option value="">{tags.length === 0 ? 'No tags yet' : 'Add a tag…'}</option>
            {choosable.map((tag) => (
              <option key={tag} value={tag}>
                {tag}
              </option>
            ))}
          </select>
        </div>
        {pads ? (
          <div>
            <label htmlFor={`${id}-pad`} className={labelText}>
              Pad
            </label>
            <select
              id={`${id}-pad`}
              className={control}
              value={value.pad ?? ''}
              onChange={(event) => set({ pad: event.target.value || undefined })}
            >
              <option value="">All pads</option>
              {pads.map((pad) => (
                <option key={pad.id} value={pad.id}>
                  {pad.name}
                </option>
              ))}
            </select>
          </div>
        ) : null}
        <div>
          <label htmlFor={`${id}-from`} className={labelText}>
            Made from
          </label>
          <input
            id={`${id}-from`}
            type="date"
            className={control}
            value={value.from ?? ''}
            max={value.to}
            onChange={(event) => set({ from: event.target.value || undefined })}
          />
        </div>
        <div>
          <label htmlFor={`${id}-to`} className={labelText}>
            Made until
          </label>
          <input
            id={`${id}-to`}
            type="date"
            className={control}
            value={value.to ?? ''}
            min={value.from}
            onChange={(event) => set({ to: event.target.value || undefined })}
          />
        </div>
        <div>
          <label htmlFor={`${id}-min`} className={labelText}>
            Shortest (minutes)
          </label>
          <input
            id={`${id}-min`}
            type="number"
            inputMode="decimal"
            min={0}
            step="any"
            className={control}
            defaultValue={secondsToMinutes(value.min_duration)}
            key={`min-${value.min_duration ?? ''}`}
            onBlur={(event) => set({ min_duration: minutesToSeconds(event.target.value) })}
            onKeyDown={(event) => {
              if (event.key === 'Enter') set({ min_duration: minutesToSeconds(event.currentTarget.value) });
            }}
          />
        </div>
        <div>
          <label htmlFor={`${id}-max`} className={labelText}>
            Longest (minutes)
          </label>
          <input
            id={`${id}-max`}
            type="number"
            inputMode="decimal"
            min={0}
            step="any"
            className={control}
            defaultValue={secondsToMinutes(value.max_duration)}
            key={`max-${value.max_duration ?? ''}`}
            onBlur={(event) => set({ max_duration: minutesToSeconds(event.target.value) })}
            onKeyDown={(event) => {
              if (event.key === 'Enter') set({ max_duration: minutesToSeconds(event.currentTarget.value) });
            }}
          />
        </div>
        <div>
          <label htmlFor={`${id}-speaker`} className={labelText}>
            Speaker
          </label>
          <input
            id={`${id}-speaker`}
            type="text"
            maxLength={SPEAKER_LIMITS.nameMax}
            placeholder="A speaker’s name"
            className={control}
            defaultValue={value.speaker ?? ''}
            key={`speaker-${value.speaker ?? ''}`}
            onBlur={(event) => set({ speaker: event.target.value.trim() || undefined })}
            onKeyDown={(event) => {
              if (event.key === 'Enter') set({ speaker: event.currentTarget.value.trim() || undefined });
            }}
          />
        </div>
        <div>
          <label htmlFor={`${id}-status`} className={labelText}>
            Transcription
          </label>
          <select
            id={`${id}-status`}
            className={control}
            value={value.status ?? ''}
            onChange={(event) => {
              const status = VOICE_NOTE_STATUSES.find((s) => s === event.target.value);
              set({ status });
            }}
          >
            <option value="">Any</option>
            {VOICE_NOTE_STATUSES.map((status) => (
              <option key={status} value={status}>
                {STATUS_LABELS[status]}
              </option>
            ))}
          </select>
        </div>
        <div>
          <label htmlFor={`${id}-edited`} className={labelText}>
            Transcript
          </label>
          <select
            id={`${id}-edited`}
            className={control}
            value={value.edited === undefined ? '' : String(value.edited)}
            onChange={(event) =>
              set({ edited: event.target.value === '' ? undefined : event.target.value === 'true' })
            }
          >
            <option value="">Edited or not</option>
            <option value="true">Edited by you</option>
            <option value="false">Not edited</option>
          </select>
        </div>
        <div>
          <label htmlFor={`${id}-shared`} className={labelText}>
            Share links
          </label>
          <select
            id={`${id}-shared`}
            className={control}
            value={value.shared === undefined ? '' : String(value.shared)}
            onChange={(event) =>
              set({ shared: event.target.value === '' ? undefined : event.target.value === 'true' })
            }
          >
            <option value="">Shared or not</option>
            <option value="true">Shared by a live link</option>
            <option value="false">Not shared</option>
          </select>
        </div>
      </div>
      {chosen.length > 0 || count > 0 ? (
        <div className="flex flex-wrap items-center gap-2">
          {chosen.length > 0 ? (
            <ul aria-label="Tags filtered by (notes carry all of them)" className="flex flex-wrap gap-1.5">
              {chosen.map((tag) => (
                <li key={tag}>
                  <button
                    type="button"
                    aria-label={`Remove tag filter ${tag}`}
                    onClick={() => set({ tag: chosen.filter((t) => t !== tag) })}
                    className={`inline-flex items-center gap-1 rounded-full bg-indigo-50 px-2.5 py-0.5 text-xs font-medium text-indigo-800 hover:bg-indigo-100 max-sm:min-h-11 dark:bg-indigo-500/20 dark:text-indigo-200 ${focusRing}`}
                  >
                    #{tag} <span aria-hidden="true">×</span>
                  </button>
                </li>
              ))}
            </ul>
          ) : null}
          {count > 0 ? (
            <Button variant="ghost" className="!px-2.5 !py-1 text-xs" onClick={() => onChange({})}>
              Clear filters ({count})
            </Button>
          ) : null}
        </div>
      ) : null}
    </form>
  );
}
