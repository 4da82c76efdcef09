import { useMutation, useQueryClient } from '@tanstack/react-query';
import { bulkIdParam, type BulkActionRequest, type BulkActionResult } from '@voxpad/shared/bulk-actions';
import { useCallback, useState } from 'react';
import { toast } from '../../../lib/toast.ts';
import { isHttpError } from '../../../lib/api-client.ts';
import { toastHttpError } from '../../../lib/toast-http-error.ts';
import { runBulkAction } from '../api/bulk-actions.ts';
import { padVoiceNotesQueryKey } from '../api/get-voice-notes.ts';

/** How long the toast after a bulk delete offers Undo; the server keeps the notes longer. */
export const BULK_UNDO_TOAST_MS = 10_000;

export interface BulkActionEffects {
  /** Notes left or joined these pads (moved, deleted, restored): their lists and totals are stale. */
  onNotesChanged: (padIds: string[]) => void;
  /** Notes went back in the transcription queue (what counts notes by status is stale). */
  onQueued: () => void;
  /** Notes gained or lost tags: the person's tags and their counts are stale. */
  onTagsChanged: () => void;
}

const notes = (count: number) => (count === 1 ? '1 voice note' : `${count} voice notes`);

/** What a bulk `tag` did, in a sentence: `tagged` of `selected` notes gained the tag. */
export function taggedSentence(name: string, tagged: number, selected: number): string {
  if (tagged === 0) {
    return selected === 1
      ? `This voice note has the tag “${name}” already.`
      : `All ${selected} voice notes have the tag “${name}” already.`;
  }
  const rest = selected - tagged;
  return `Tagged ${notes(tagged)} with “${name}”.${rest > 0 ? ` ${notes(rest)} had it already.` : ''}`;
}

/** What a bulk `untag` did, in a sentence: `untagged` of `selected` notes lost the tag. */
export function untaggedSentence(name: string, untagged: number, selected: number): string {
  if (untagged === 0) {
    return selected === 1
      ? `This voice note does not have the tag “${name}”.`
      : `None of the ${selected} voice notes has the tag “${name}”.`;
  }
  const rest = selected - untagged;
  return `Removed “${name}” from ${notes(untagged)}.${rest > 0 ? ` ${notes(rest)} did not have it.` : ''}`;
}

/**
 * The refusal of a bulk action as lines a person can act on, each naming its note by title
 * when the list shows it (`ids[3]` is the fourth id sent).
 */
export function bulkErrorLines(
  error: unknown,
  ids: readonly string[],
  titleOf: (id: string) => string | undefined,
) {
  if (!isHttpError(error))
    return [error instanceof Error ? error.message : 'Something went wrong. Try again.'];
  return error.errors.map((item) => {
    const index = ids.findIndex((_, i) => bulkIdParam(i) === item.param);
    if (index === -1) return item.message;
    const title = titleOf(ids[index] ?? '');
    return title ? `“${title}”: ${item.message}` : `A selected voice note: ${item.message}`;
  });
}

/**
 * The bulk actions of one pad's list: each runs all or nothing on the server, reports what it
 * did in a toast, and leaves a refusal in `errors` for the bar to show. A delete's toast offers
 * Undo, which restores the notes on the server (ADR 0046).
 */
export function useBulkActions(padId: string, effects: BulkActionEffects) {
  const [errors, setErrors] = useState<string[]>([]);
  const queryClient = useQueryClient();
  const mutation = useMutation({ mutationFn: runBulkAction });
  const { onNotesChanged, onQueued, onTagsChanged } = effects;

  const run = useCallback(
    async (
      request: BulkActionRequest,
      titleOf: (id: string) => string | undefined,
    ): Promise<BulkActionResult | undefined> => {
      setErrors([]);
      try {
        return await mutation.mutateAsync(request);
      } catch (error) {
        setErrors(bulkErrorLines(error, request.ids, titleOf));
        return undefined;
      }
    },
    [mutation],
  );

  const restore = useCallback(
    async (ids: string[]) => {
      try {
        const result = await runBulkAction({ action: 'restore', ids });
        if (result.action !== 'restore') return;
        toast.info(`${notes(result.restored)} ${result.restored === 1 ? 'is' : 'are'} back.`);
        onNotesChanged([padId]);
      } catch (error) {
        toastHttpError(error);
      }
    },
    [onNotesChanged, padId],
  );

  return {
    busy: mutation.isPending,
    errors,
    clearErrors: useCallback(() => setErrors([]), []),
    move: async (
      ids: string[],
      target: { id: string; name: string },
      titleOf: (id: string) => string | undefined,
    ) => {
      const result = await run({ action: 'move', ids, pad_id: target.id }, titleOf);
      if (result?.action !== 'move') return false;
      toast.success(`Moved ${notes(result.moved)} to “${target.name}”.`);
      onNotesChanged([padId, target.id]);
      return true;
    },
    tag: async (ids: string[], name: string, titleOf: (id: string) => string | undefined) => {
      const result = await run({ action: 'tag', ids, tags: [name] }, titleOf);
      if (result?.action !== 'tag') return false;
      toast.success(taggedSentence(name, result.tagged, ids.length));
      onNotesChanged([padId]);
      onTagsChanged();
      return true;
    },
    untag: async (ids: string[], name: string, titleOf: (id: string) => string | undefined) => {
      const result = await run({ action: 'untag', ids, tags: [name] }, titleOf);
      if (result?.action !== 'untag') return false;
      toast.success(untaggedSentence(name, result.untagged, ids.length));
      onNotesChanged([padId]);
      onTagsChanged();
      return true;
    },
    retranscribe: async (ids: string[], titleOf: (id: string) => string | undefined) => {
      const result = await run({ action: 'retranscribe', ids }, titleOf);
      if (result?.action !== 'retranscribe') return false;
      const skipped = result.skipped > 0 ? ` ${notes(result.skipped)} left as they are.` : '';
      toast.success(`${notes(result.queued)} will be transcribed again.${skipped}`);
      // Each note then shows it is waiting, and the list polls as usual.
      void queryClient.invalidateQueries({ queryKey: padVoiceNotesQueryKey(padId) });
      onQueued();
      return true;
    },
    remove: async (ids: string[], titleOf: (id: string) => string | undefined) => {
      const result = await run({ action: 'delete', ids }, titleOf);
      if (result?.action !== 'delete') return false;
      onNotesChanged([padId]);
      toast.success(`${notes(result.deleted)} deleted.`, {
        duration: BULK_UNDO_TOAST_MS,
        action: { label: 'Undo', onClick: () => void restore(ids) },
      });
      return true;
    },
  };
}
