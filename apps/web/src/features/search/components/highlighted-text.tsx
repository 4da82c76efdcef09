import type { HighlightedText as Highlighted } from '@voxpad/shared/search';
import { highlightParts } from '../utils/highlight.ts';

/** Server text with its matches in <mark>; never parsed as HTML. */
export function HighlightedText({ value }: { value: Highlighted }) {
  return (
    <>
      {highlightParts(value).map((part, index) =>
        part.marked ? (
          <mark
            key={index}
            className="rounded-sm bg-amber-200 px-0.5 text-inherit dark:bg-amber-500/40 dark:text-white"
          >
            {part.text}
          </mark>
        ) : (
          <span key={index}>{part.text}</span>
        ),
      )}
    </>
  );
}
