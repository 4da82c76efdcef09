import type { TranscriptWord } from '@voxpad/shared/voice-notes';
import { useMemo, useRef, useState, type KeyboardEvent, type MouseEvent } from 'react';
import { focusRing } from '../../../components/ui/button.tsx';
import { formatClock } from '../../../lib/format-duration.ts';
import { tokenOfWord } from '../utils/transcript-display.ts';
import { transcriptParagraphs } from '../utils/transcript-paragraphs.ts';

/** Words the recogniser was unsure of are marked, never hidden. */
export const LOW_CONFIDENCE = 0.5;

export interface TranscriptViewProps {
  words: readonly TranscriptWord[];
  /** The transcript's text: where it has blank lines, formatted words start paragraphs. */
  transcript?: string | null;
  /** Index of the word being spoken, -1 for none. */
  active: number;
  /** A word or a paragraph's time was chosen: play from `seconds`. */
  onPlayFrom: (seconds: number, wordIndex: number) => void;
  /** The address of a moment, so a timestamp is also a link to open or share. */
  timeHref: (seconds: number) => string;
  labelledBy: string;
}

/**
 * The transcript as it reads (display forms: "Monday.", "$400"), in paragraphs each opened by
 * its time. Each display form is a button that plays from where it was said, highlighted while
 * its words are spoken; arrow keys move between them.
 */
export function TranscriptView({
  words,
  transcript = null,
  active,
  onPlayFrom,
  timeHref,
  labelledBy,
}: TranscriptViewProps) {
  const tokenRefs = useRef<Array<HTMLButtonElement | null>>([]);
  const [focusIndex, setFocusIndex] = useState(0);
  const paragraphs = useMemo(() => transcriptParagraphs(words, transcript), [words, transcript]);
  const tokens = useMemo(() => paragraphs.flatMap((paragraph) => paragraph.tokens), [paragraphs]);
  const activeToken = tokenOfWord(tokens, active);
  const tabStop = activeToken >= 0 ? activeToken : Math.min(focusIndex, Math.max(0, tokens.length - 1));
  const hasUncertain = tokens.some((token) => token.confidence < LOW_CONFIDENCE);

  function choose(seconds: number, wordIndex: number) {
    setFocusIndex(Math.max(0, tokenOfWord(tokens, wordIndex)));
    onPlayFrom(seconds, wordIndex);
  }

  function onTimeClick(event: MouseEvent<HTMLAnchorElement>, seconds: number, index: number) {
    // A new tab or window opens the link itself; a plain click plays here.
    if (event.button !== 0 || event.metaKey || event.ctrlKey || event.shiftKey || event.altKey) return;
    event.preventDefault();
    choose(seconds, index);
  }

  function onTokenKeyDown(event: KeyboardEvent<HTMLButtonElement>, index: number) {
    let next = index;
    if (event.key === 'ArrowRight' || event.key === 'ArrowDown')
      next = Math.min(tokens.length - 1, index + 1);
    else if (event.key === 'ArrowLeft' || event.key === 'ArrowUp') next = Math.max(0, index - 1);
    else if (event.key === 'Home') next = 0;
    else if (event.key === 'End') next = tokens.length - 1;
    else return;
    event.preventDefault();
    setFocusIndex(next);
    tokenRefs.current[next]?.focus();
  }

  // Where each paragraph's tokens start in `tokens`.
  const offsets = paragraphs.map((_, i) =>
    paragraphs.slice(0, i).reduce((sum, paragraph) => sum + paragraph.tokens.length, 0),
  );
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
        {paragraphs.map((paragraph, paragraphIndex) => (
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
              {paragraph.tokens.map((token, offset) => {
                const index = (offsets[paragraphIndex] ?? 0) + offset;
                const uncertain = token.confidence < LOW_CONFIDENCE;
                return (
                  <span key={`${token.start}-${token.first}`}>
                    <button
                      ref={(element) => {
                        tokenRefs.current[index] = element;
                      }}
                      type="button"
                      tabIndex={index === tabStop ? 0 : -1}
                      aria-current={index === activeToken ? 'true' : undefined}
                      data-start={token.start}
                      title={`Play from ${formatClock(token.start)}${uncertain ? ' (uncertain)' : ''}`}
                      onClick={() => choose(token.start, token.first)}
                      onKeyDown={(event) => onTokenKeyDown(event, index)}
                      className={`rounded px-0.5 text-slate-800 hover:bg-indigo-50 max-sm:min-h-11 dark:text-slate-100 dark:hover:bg-indigo-500/20 ${focusRing} ${
                        index === activeToken
                          ? 'bg-amber-200 text-slate-950 dark:bg-amber-500/40 dark:text-white'
                          : ''
                      } ${uncertain ? 'underline decoration-slate-400 decoration-dotted underline-offset-4' : ''}`}
                    >
                      {token.text}
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
