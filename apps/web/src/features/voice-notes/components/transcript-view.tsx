import type { TranscriptWord } from '@voxpad/shared/voice-notes';
import { useMemo, useRef, useState, type KeyboardEvent, type MouseEvent } from 'react';
import { focusRing } from '../../../components/ui/button.tsx';
import { formatClock } from '../../../lib/format-duration.ts';
import { transcriptParagraphs } from '../utils/transcript-paragraphs.ts';

/** Words the recogniser was unsure of are marked, never hidden. */
export const LOW_CONFIDENCE = 0.5;

export interface TranscriptViewProps {
  words: readonly TranscriptWord[];
  /** Index of the word being spoken, -1 for none. */
  active: number;
  /** A word or a paragraph's time was chosen: play from `seconds`. */
  onPlayFrom: (seconds: number, wordIndex: number) => void;
  /** The address of a moment, so a timestamp is also a link to open or share. */
  timeHref: (seconds: number) => string;
  labelledBy: string;
}

/**
 * Timed words in paragraphs (a new one at each pause), each opened by its time. Words are
 * buttons that play from where they were said; arrow keys move between them.
 */
export function TranscriptView({ words, active, onPlayFrom, timeHref, labelledBy }: TranscriptViewProps) {
  const wordRefs = useRef<Array<HTMLButtonElement | null>>([]);
  const [focusIndex, setFocusIndex] = useState(0);
  const paragraphs = useMemo(() => transcriptParagraphs(words), [words]);
  const tabStop = active >= 0 ? active : Math.min(focusIndex, Math.max(0, words.length - 1));
  const hasUncertain = words.some((word) => word.confidence < LOW_CONFIDENCE);

  function choose(seconds: number, index: number) {
    setFocusIndex(index);
    onPlayFrom(seconds, index);
  }

  function onTimeClick(event: MouseEvent<HTMLAnchorElement>, seconds: number, index: number) {
    // A new tab or window opens the link itself; a plain click plays here.
    if (event.button !== 0 || event.metaKey || event.ctrlKey || event.shiftKey || event.altKey) return;
    event.preventDefault();
    choose(seconds, index);
  }

  function onWordKeyDown(event: KeyboardEvent<HTMLButtonElement>, index: number) {
    let next = index;
    if (event.key === 'ArrowRight' || event.key === 'ArrowDown') next = Math.min(words.length - 1, index + 1);
    else if (event.key === 'ArrowLeft' || event.key === 'ArrowUp') next = Math.max(0, index - 1);
    else if (event.key === 'Home') next = 0;
    else if (event.key === 'End') next = words.length - 1;
    else return;
    event.preventDefault();
    setFocusIndex(next);
    wordRefs.current[next]?.focus();
  }

  return (
    <>
      <p id={`${labelledBy}-help`} className="text-xs text-slate-500 dark:text-slate-400">
        Select a time or a word to play from there. Arrow keys move between words.
        {hasUncertain ? ' Words with a dotted underline may have been misheard.' : ''}
      </p>
      <div
        role="group"
        aria-labelledby={labelledBy}
        aria-describedby={`${labelledBy}-help`}
        className="space-y-3 rounded-lg border border-slate-200 bg-white p-4 dark:border-slate-800 dark:bg-slate-900"
      >
        {paragraphs.map((paragraph) => (
          <div key={paragraph.first} className="flex gap-3 max-sm:flex-col max-sm:gap-0">
            <a
              href={timeHref(paragraph.start)}
              aria-label={`Play from ${formatClock(paragraph.start)}`}
              data-start={paragraph.start}
              onClick={(event) => onTimeClick(event, paragraph.start, paragraph.first)}
              className={`inline-flex h-8 shrink-0 items-center self-start rounded px-1 font-mono text-xs text-indigo-700 tabular-nums hover:underline max-sm:h-11 max-sm:min-w-11 dark:text-indigo-300 ${focusRing}`}
            >
              {formatClock(paragraph.start)}
            </a>
            <p className="min-w-0 leading-8 break-words">
              {paragraph.words.map((word, offset) => {
                const index = paragraph.first + offset;
                const uncertain = word.confidence < LOW_CONFIDENCE;
                return (
                  <span key={`${word.start}-${index}`}>
                    <button
                      ref={(element) => {
                        wordRefs.current[index] = element;
                      }}
                      type="button"
                      tabIndex={index === tabStop ? 0 : -1}
                      aria-current={index === active ? 'true' : undefined}
                      data-start={word.start}
                      title={`Play from ${formatClock(word.start)}${uncertain ? ' (uncertain)' : ''}`}
                      onClick={() => choose(word.start, index)}
                      onKeyDown={(event) => onWordKeyDown(event, index)}
                      className={`rounded px-0.5 text-slate-800 hover:bg-indigo-50 max-sm:min-h-11 dark:text-slate-100 dark:hover:bg-indigo-500/20 ${focusRing} ${
                        index === active
                          ? 'bg-amber-200 text-slate-950 dark:bg-amber-500/40 dark:text-white'
                          : ''
                      } ${uncertain ? 'underline decoration-slate-400 decoration-dotted underline-offset-4' : ''}`}
                    >
                      {word.word}
                      {uncertain ? <span className="sr-only"> (uncertain)</span> : null}
                    </button>{' '}
                  </span>
                );
              })}
            </p>
          </div>
        ))}
      </div>
    </>
  );
}
