import type { TranscriptWord, VoiceNote } from '@voxpad/shared/voice-notes';
import { useCallback, useMemo, useState } from 'react';
import { isHttpError } from '../../../lib/api-client.ts';
import { useConfirmTranscript } from '../api/confirm-transcript.ts';
import { useUpdateVoiceNote } from '../api/update-voice-note.ts';
import { displayTokens } from '../utils/transcript-display.ts';
import { wordsSayTranscript } from '../utils/transcript-words.ts';
import {
  replaceWord,
  replayWindow,
  reviewAnnouncement,
  stepUncertain,
  uncertainTokens,
} from '../utils/uncertain-words.ts';
import { type ReviewActions, useReviewKeys } from './use-review-keys.ts';

export interface ReviewPlayer {
  /** Plays from `from` to `to` seconds, slower on request, then pauses. */
  replay: (from: number, to: number, slow: boolean) => void;
  duration: number | null;
}

export interface ReviewMode extends ReviewActions {
  reviewing: boolean;
  start: () => void;
  /** The display token under review, -1 for none. */
  current: number;
  editing: boolean;
  /** Bumped whenever the word under review should take focus (moved to, or back from editing). */
  focusRequest: number;
  uncertainCount: number;
  /** What the live region says. */
  announcement: string;
  /** Why a fix or a confirmation was not saved. */
  error: string | null;
  saving: boolean;
  saveWord: (text: string) => void;
  cancelEdit: () => void;
  setConfirmed: (confirmed: boolean) => void;
}

function errorText(error: unknown, fallback: string): string {
  if (isHttpError(error) && error.errors[0]) return error.errors[0].message;
  return fallback;
}

/**
 * Review mode on the note page (ADR 0037): walk the words the recogniser was unsure of, hear
 * each again, fix one in place through the transcript PATCH, and confirm the transcript.
 */
export function useReviewMode(
  note: VoiceNote,
  words: readonly TranscriptWord[],
  player: ReviewPlayer,
): ReviewMode {
  const [reviewing, setReviewing] = useState(false);
  const [current, setCurrent] = useState(-1);
  const [editing, setEditing] = useState(false);
  const [focusRequest, setFocusRequest] = useState(0);
  const [announcement, setAnnouncement] = useState('');
  const [error, setError] = useState<string | null>(null);
  const tokens = useMemo(() => displayTokens(words), [words]);
  const uncertain = useMemo(() => uncertainTokens(tokens), [tokens]);
  const update = useUpdateVoiceNote();
  const confirmation = useConfirmTranscript(note);

  const goTo = useCallback(
    (index: number, slow = false) => {
      const token = tokens[index];
      if (!token) return;
      setCurrent(index);
      setEditing(false);
      setError(null);
      setFocusRequest((n) => n + 1);
      setAnnouncement(reviewAnnouncement(uncertain, index, token.text));
      const { from, to } = replayWindow(token, player.duration);
      player.replay(from, to, slow);
    },
    [tokens, uncertain, player],
  );

  const step = useCallback(
    (direction: 1 | -1) => {
      const target = stepUncertain(uncertain, current, direction);
      if (target !== null) goTo(target);
      else if (uncertain.length === 0) setAnnouncement('No uncertain words.');
      else
        setAnnouncement(
          direction === 1 ? 'That was the last uncertain word.' : 'That was the first uncertain word.',
        );
    },
    [uncertain, current, goTo],
  );

  const start = useCallback(() => {
    setReviewing(true);
    setError(null);
    const first = uncertain[0];
    if (first === undefined) {
      setCurrent(-1);
      setAnnouncement('No uncertain words. Confirm the transcript if it is right.');
    } else goTo(first);
  }, [uncertain, goTo]);

  const leave = useCallback(() => {
    setReviewing(false);
    setEditing(false);
    setCurrent(-1);
    setAnnouncement('');
  }, []);

  const setConfirmed = useCallback(
    (confirmed: boolean) => {
      setError(null);
      confirmation.mutate(confirmed, {
        onSuccess: (updated) =>
          setAnnouncement(
            updated.transcript_reviewed === 'none'
              ? 'The transcript is no longer marked as reviewed.'
              : 'Transcript confirmed.',
          ),
        onError: (cause) =>
          setError(errorText(cause, 'The transcript could not be confirmed. Please try again.')),
      });
    },
    [confirmation],
  );

  const saveWord = useCallback(
    (typed: string) => {
      const text = typed.trim().replace(/\s+/g, ' ');
      if (text === '') {
        setError('Type the word, or press Escape to keep it as it is.');
        return;
      }
      const transcript = note.transcript ?? '';
      const replaced = wordsSayTranscript(words, transcript)
        ? replaceWord(transcript, current, text)
        : tokens.map((token, index) => (index === current ? text : token.text)).join(' ');
      if (replaced === null) return;
      setError(null);
      update.mutate(
        { padId: note.pad_id, voiceNoteId: note.id, changes: { transcript: replaced } },
        {
          onSuccess: () => {
            setEditing(false);
            setFocusRequest((n) => n + 1);
            setAnnouncement(`Saved: ${text}`);
          },
          onError: (cause) => setError(errorText(cause, 'The word could not be saved. Please try again.')),
        },
      );
    },
    [note.transcript, note.pad_id, note.id, words, tokens, current, update],
  );

  const actions: ReviewActions = useMemo(
    () => ({
      next: () => step(1),
      previous: () => step(-1),
      replay: () => (current >= 0 ? goTo(current) : undefined),
      replaySlower: () => (current >= 0 ? goTo(current, true) : undefined),
      edit: () => {
        if (current < 0 || !tokens[current]) return;
        setError(null);
        setEditing(true);
      },
      confirm: () => setConfirmed(true),
      leave,
    }),
    [step, current, goTo, tokens, setConfirmed, leave],
  );
  useReviewKeys(reviewing && !editing, actions);

  return {
    ...actions,
    reviewing,
    start,
    current,
    editing,
    focusRequest,
    uncertainCount: uncertain.length,
    announcement,
    error,
    saving: update.isPending || confirmation.isPending,
    saveWord,
    cancelEdit: () => {
      setEditing(false);
      setError(null);
      setFocusRequest((n) => n + 1);
    },
    setConfirmed,
  };
}
