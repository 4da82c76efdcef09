import type { TranscriptWord } from '@voxpad/shared/voice-notes';
import {
  useEffect,
  useMemo,
  useRef,
  useState,
  type KeyboardEvent,
  type MouseEvent,
  type ReactNode,
} from 'react';
import { focusRing } from '../../../components/ui/button.tsx';
import { formatClock } from '../../../lib/format-duration.ts';
import { tokenOfWord } from '../utils/transcript-display.ts';
import { transcriptParagraphs } from '../utils/transcript-paragraphs.ts';
import { isUncertain } from '../utils/uncertain-words.ts';

/** Review mode's hold on the transcript (ADR 0037): the word under review, and its editor. */
export interface TranscriptReviewView {
  /** Display token under review, -1 for none. */
  current: number;
  /** Shown in place of the word under review while it is being fixed. */
  editor: ReactNode | null;
  /** The word under review takes focus each time this changes. */
  focusRequest: number;
}

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
  review?: TranscriptReviewView | undefined;
  /** Who starts speaking at a word (its index in `words`): a small label there (ADR 0053). */
  speakerLabels?: ReadonlyMap<number, { id: string; name: string }> | undefined;
  /**
   * A label was chosen (rename, split, merge): its speaker and the index in `words` of the turn's
   * first word. Labels are buttons only when this is given.
   */
  onSpeakerLabel?: ((speaker: { id: string; name: string }, wordIndex: number) => void) | undefined;
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
  review,
  speakerLabels,
  onSpeakerLabel,
}: TranscriptViewProps) {
  const tokenRefs = useRef<Array<HTMLButtonElement | null>>([]);
  const [focusIndex, setFocusIndex] = useState(0);
  const paragraphs = useMemo(() => transcriptParagraphs(words, transcript), [words, transcript]);
  const tokens = useMemo(() => paragraphs.flatMap((paragraph) => paragraph.tokens), [paragraphs]);
  const activeToken = tokenOfWord(tokens, active);
  const reviewed = review?.current ?? -1;
  const tabStop =
    reviewed >= 0
      ? reviewed
      : activeToken >= 0
        ? activeToken
        : Math.min(focusIndex, Math.max(0, tokens.length - 1));
  const hasUncertain = tokens.some(isUncertain);

  // Moving to a word in review mode, or coming back from fixing it, focuses it.
  const focusRequest = review?.focusRequest ?? 0;
  const editing = review?.editor != null;
  useEffect(() => {
    if (reviewed >= 0 && !editing) tokenRefs.current[reviewed]?.focus();
  }, [focusRequest, reviewed, editing]);

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
                const uncertain = isUncertain(token);
                const underReview = index === reviewed;
                const turn = speakerLabel(speakerLabels, token.first, token.last);
                const label = turn ? (
                  <SpeakerLabel
                    speaker={turn.speaker}
                    onChoose={onSpeakerLabel ? (speaker) => onSpeakerLabel(speaker, turn.word) : undefined}
                  />
                ) : null;
                if (underReview && review?.editor) {
                  return (
                    <span key={`${token.start}-${token.first}`}>
                      {label}
                      {review.editor}{' '}
                    </span>
                  );
                }
                return (
                  <span key={`${token.start}-${token.first}`}>
                    {label}
                    <button
                      ref={(element) => {
                        tokenRefs.current[index] = element;
                      }}
                      type="button"
                      tabIndex={index === tabStop ? 0 : -1}
                      aria-current={index === activeToken ? 'true' : undefined}
                      data-start={token.start}
                      data-end={token.end}
                      data-review-current={underReview ? 'true' : undefined}
                      title={`Play from ${formatClock(token.start)}${uncertain ? ' (uncertain)' : ''}`}
                      onClick={() => choose(token.start, token.first)}
                      onKeyDown={(event) => onTokenKeyDown(event, index)}
                      className={`rounded px-0.5 text-slate-800 hover:bg-indigo-50 max-sm:min-h-11 dark:text-slate-100 dark:hover:bg-indigo-500/20 ${focusRing} ${
                        index === activeToken
                          ? 'bg-amber-200 text-slate-950 dark:bg-amber-500/40 dark:text-white'
                          : ''
                      } ${uncertain ? 'underline decoration-slate-400 decoration-dotted underline-offset-4' : ''} ${
                        underReview
                          ? 'outline-2 outline-offset-1 outline-indigo-600 dark:outline-indigo-400'
                          : ''
                      }`}
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

/** The speaker whose turn starts at one of the token's words, and that word, if any. */
function speakerLabel(
  labels: ReadonlyMap<number, { id: string; name: string }> | undefined,
  first: number,
  last: number,
): { speaker: { id: string; name: string }; word: number } | undefined {
  if (!labels) return undefined;
  for (let word = first; word <= last; word++) {
    const speaker = labels.get(word);
    if (speaker) return { speaker, word };
  }
  return undefined;
}

/** A turn's speaker: a small name before its first word, a button to change speakers when allowed. */
function SpeakerLabel({
  speaker,
  onChoose,
}: {
  speaker: { id: string; name: string };
  onChoose?: ((speaker: { id: string; name: string }) => void) | undefined;
}) {
  const classes =
    'mr-1 inline-flex items-center rounded-full bg-slate-100 px-2 text-xs font-semibold text-slate-700 dark:bg-slate-800 dark:text-slate-200';
  if (!onChoose) {
    return (
      <span data-speaker={speaker.id} className={classes}>
        {speaker.name}
      </span>
    );
  }
  return (
    <button
      type="button"
      data-speaker={speaker.id}
      title={`Rename, split or merge ${speaker.name}`}
      aria-label={`${speaker.name} (speaker: rename, split, merge)`}
      aria-haspopup="dialog"
      onClick={() => onChoose({ id: speaker.id, name: speaker.name })}
      className={`${classes} hover:bg-indigo-100 max-sm:min-h-11 dark:hover:bg-indigo-500/30 ${focusRing}`}
    >
      {speaker.name}
    </button>
  );
}
