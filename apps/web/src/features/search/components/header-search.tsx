import type { PadSearchHit, VoiceNoteSearchHit } from '@voxpad/shared/search';
import { Link, useNavigate } from '@tanstack/react-router';
import { useEffect, useId, useRef, useState, type KeyboardEvent } from 'react';
import { focusRing } from '../../../components/ui/button.tsx';
import { useDebouncedValue } from '../../../hooks/use-debounced-value.ts';
import { formatClock } from '../../../lib/format-duration.ts';
import { useSearchPads } from '../api/search-pads.ts';
import { useSearchVoiceNotes } from '../api/search-voice-notes.ts';
import { HighlightedText } from './highlighted-text.tsx';

const DEBOUNCE_MS = 250;

type Option = { kind: 'pad'; hit: PadSearchHit } | { kind: 'note'; hit: VoiceNoteSearchHit };

function optionKey(option: Option): string {
  return option.kind === 'pad' ? `pad-${option.hit.pad.id}` : `note-${option.hit.voice_note.id}`;
}

/** The header's search: pads and voice notes in one keyboard-navigable listbox (combobox pattern). */
export function HeaderSearch() {
  const navigate = useNavigate();
  const id = useId();
  const listId = `${id}-results`;
  const inputRef = useRef<HTMLInputElement>(null);
  const rootRef = useRef<HTMLFormElement>(null);
  const [text, setText] = useState('');
  const [open, setOpen] = useState(false);
  const [activeIndex, setActiveIndex] = useState(-1);
  const q = useDebouncedValue(text.trim(), DEBOUNCE_MS);
  const pads = useSearchPads(q);
  const notes = useSearchVoiceNotes(q);

  const padOptions: Option[] = q ? (pads.data?.results ?? []).map((hit) => ({ kind: 'pad', hit })) : [];
  const noteOptions: Option[] = q ? (notes.data?.results ?? []).map((hit) => ({ kind: 'note', hit })) : [];
  const options = [...padOptions, ...noteOptions];
  const loading = q !== text.trim() || pads.isFetching || notes.isFetching;
  const failed = pads.isError || notes.isError;
  const expanded = open && text.trim().length > 0;

  useEffect(() => setActiveIndex(-1), [q]);

  // Close when focus or a click leaves the search.
  useEffect(() => {
    if (!expanded) return;
    const onPointer = (event: PointerEvent) => {
      if (event.target instanceof Node && !rootRef.current?.contains(event.target)) setOpen(false);
    };
    document.addEventListener('pointerdown', onPointer);
    return () => document.removeEventListener('pointerdown', onPointer);
  }, [expanded]);

  function choose(option: Option) {
    setOpen(false);
    setText('');
    inputRef.current?.blur();
    if (option.kind === 'pad') {
      void navigate({ to: '/pad/$id', params: { id: option.hit.pad.id } });
    } else {
      const note = option.hit.voice_note;
      void navigate({
        to: '/pad/$id/voicenotes/$vid',
        params: { id: note.pad_id, vid: note.id },
        search: option.hit.time === null ? {} : { t: option.hit.time },
      });
    }
  }

  function onKeyDown(event: KeyboardEvent<HTMLInputElement>) {
    if (event.key === 'ArrowDown') {
      event.preventDefault();
      setOpen(true);
      if (options.length > 0) setActiveIndex((index) => (index + 1) % options.length);
    } else if (event.key === 'ArrowUp') {
      event.preventDefault();
      if (options.length > 0) setActiveIndex((index) => (index <= 0 ? options.length - 1 : index - 1));
    } else if (event.key === 'Enter') {
      event.preventDefault();
      const option = options[activeIndex] ?? (options.length > 0 ? options[0] : undefined);
      if (option) choose(option);
    } else if (event.key === 'Escape') {
      if (expanded) {
        event.preventDefault();
        setOpen(false);
      } else {
        setText('');
      }
    }
  }

  useEffect(() => {
    if (activeIndex < 0) return;
    document.getElementById(`${id}-option-${activeIndex}`)?.scrollIntoView?.({ block: 'nearest' });
  }, [activeIndex, id]);

  const status = !expanded
    ? ''
    : loading
      ? 'Searching…'
      : failed
        ? 'Search failed. Try again in a moment.'
        : options.length === 0
          ? 'Nothing found.'
          : `${options.length} ${options.length === 1 ? 'result' : 'results'}.`;

  const renderOption = (option: Option, index: number) => {
    const active = index === activeIndex;
    return (
      <li
        key={optionKey(option)}
        id={`${id}-option-${index}`}
        role="option"
        aria-selected={active}
        onPointerDown={(event) => event.preventDefault()}
        onClick={() => choose(option)}
        onMouseMove={() => setActiveIndex(index)}
        className={`cursor-pointer rounded-md px-3 py-2 text-sm ${
          active ? 'bg-indigo-50 dark:bg-indigo-500/20' : ''
        }`}
      >
        {option.kind === 'pad' ? (
          <>
            <span className="block font-medium text-slate-900 dark:text-slate-50">
              <HighlightedText value={option.hit.name} />
            </span>
            {option.hit.snippet ? (
              <span className="mt-0.5 block truncate text-xs text-slate-600 dark:text-slate-300">
                <HighlightedText value={option.hit.snippet} />
              </span>
            ) : null}
          </>
        ) : (
          <>
            <span className="flex items-baseline justify-between gap-2">
              <span className="truncate font-medium text-slate-900 dark:text-slate-50">
                <HighlightedText value={option.hit.title} />
              </span>
              <span className="shrink-0 text-xs text-slate-500 dark:text-slate-400">
                {option.hit.voice_note.pad_name}
                {option.hit.time === null ? '' : ` · at ${formatClock(option.hit.time)}`}
              </span>
            </span>
            {option.hit.snippet ? (
              <span className="mt-0.5 line-clamp-2 block text-xs text-slate-600 dark:text-slate-300">
                <HighlightedText value={option.hit.snippet} />
              </span>
            ) : null}
          </>
        )}
      </li>
    );
  };

  return (
    <form
      ref={rootRef}
      role="search"
      aria-label="Search"
      // From lg up the header is one row: the box grows into the room left, up to 18 rem.
      className="relative w-full sm:w-72 lg:w-auto lg:max-w-72 lg:min-w-32 lg:flex-1"
      onSubmit={(event) => event.preventDefault()}
      onBlur={(event) => {
        if (!(event.relatedTarget instanceof Node) || !rootRef.current?.contains(event.relatedTarget)) {
          setOpen(false);
        }
      }}
    >
      <label htmlFor={`${id}-input`} className="sr-only">
        Search
      </label>
      <input
        ref={inputRef}
        id={`${id}-input`}
        type="search"
        role="combobox"
        autoComplete="off"
        spellCheck={false}
        placeholder="Search pads and notes…"
        aria-expanded={expanded}
        aria-controls={listId}
        aria-autocomplete="list"
        aria-activedescendant={activeIndex >= 0 && expanded ? `${id}-option-${activeIndex}` : undefined}
        value={text}
        maxLength={200}
        onChange={(event) => {
          setText(event.target.value);
          setOpen(true);
        }}
        onFocus={() => setOpen(true)}
        onKeyDown={onKeyDown}
        className={`block w-full rounded-md border border-slate-300 bg-white px-3 py-1.5 text-sm text-slate-900 shadow-sm placeholder:text-slate-400 max-sm:min-h-11 dark:border-slate-600 dark:bg-slate-800 dark:text-slate-100 ${focusRing}`}
      />
      <p aria-live="polite" className="sr-only">
        {status}
      </p>
      <div
        hidden={!expanded}
        className="absolute right-0 z-30 mt-1 max-h-[70vh] w-[min(28rem,calc(100vw-2rem))] overflow-y-auto rounded-lg border border-slate-200 bg-white p-1 shadow-lg dark:border-slate-700 dark:bg-slate-900"
      >
        <ul id={listId} role="listbox" aria-label="Search results">
          {padOptions.length > 0 ? (
            <li
              role="presentation"
              className="px-3 pt-2 pb-1 text-xs font-semibold tracking-wide text-slate-500 uppercase dark:text-slate-400"
            >
              Pads
            </li>
          ) : null}
          {padOptions.map((option, index) => renderOption(option, index))}
          {noteOptions.length > 0 ? (
            <li
              role="presentation"
              className="px-3 pt-2 pb-1 text-xs font-semibold tracking-wide text-slate-500 uppercase dark:text-slate-400"
            >
              Voice notes
            </li>
          ) : null}
          {noteOptions.map((option, index) => renderOption(option, padOptions.length + index))}
        </ul>
        {options.length === 0 ? (
          <p className="px-3 py-2 text-sm text-slate-600 dark:text-slate-300">{status}</p>
        ) : null}
        <Link
          to="/search"
          search={{ q: text.trim() }}
          onClick={() => {
            setOpen(false);
            setText('');
          }}
          className={`mt-1 block rounded-md border-t border-slate-200 px-3 py-2 text-sm font-medium text-indigo-700 hover:underline dark:border-slate-700 dark:text-indigo-300 ${focusRing}`}
        >
          All results, with filters
        </Link>
      </div>
    </form>
  );
}
