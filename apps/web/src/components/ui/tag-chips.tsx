/** A note's tags as small chips for lists; nothing when it has none. Not a list, so rows stay one list item each. */
export function TagChips({ tags }: { tags: readonly string[] }) {
  if (tags.length === 0) return null;
  return (
    <p className="mt-1.5 flex flex-wrap gap-1">
      <span className="sr-only">Tags: </span>
      {tags.map((tag, index) => (
        <span
          key={tag}
          className="rounded-full bg-indigo-50 px-2 py-0.5 text-xs font-medium text-indigo-800 dark:bg-indigo-500/20 dark:text-indigo-200"
        >
          #{tag}
          {index < tags.length - 1 ? <span className="sr-only">,</span> : null}
        </span>
      ))}
    </p>
  );
}
