import { voiceNotePeaksPath, type VoiceNote } from '@voxpad/shared/voice-notes';
import {
  useCallback,
  useEffect,
  useId,
  useMemo,
  useRef,
  useState,
  type AudioHTMLAttributes,
  type ReactNode,
  type Ref,
} from 'react';
import { Button } from '../../../components/ui/button.tsx';
import { ShortcutsHelp } from '../../../components/ui/shortcuts-help.tsx';
import { apiClient } from '../../../lib/api-client.ts';
import { formatClock } from '../../../lib/format-duration.ts';
import { clampRate } from '../../../lib/playback.ts';
import { NOTE_SHORTCUTS, usePlayerShortcuts } from '../hooks/use-player-shortcuts.ts';
import { useReviewMode } from '../hooks/use-review-mode.ts';
import { useNoteSegments } from '../api/get-voice-note-segments.ts';
import { useWaveform } from '../hooks/use-waveform.ts';
import { displayTokens } from '../utils/transcript-display.ts';
import { activeWordIndex, transcriptWords, wordsSayTranscript } from '../utils/transcript-words.ts';
import { SLOW_RATE } from '../utils/uncertain-words.ts';
import { PlaybackControls } from './playback-controls.tsx';
import { ReviewBar } from './review-bar.tsx';
import { ReviewWordEditor } from './review-word-editor.tsx';
import { LoadMoreSentinel } from './load-more-sentinel.tsx';
import { TranscriptView } from './transcript-view.tsx';
import { RenameSpeakerDialog } from './rename-speaker-dialog.tsx';
import { SpeakerActionsDialog, type SpeakerLabelTarget } from './speaker-actions-dialog.tsx';
import { placeOfWord } from '../utils/speaker-places.ts';
import { speakerTurns, turnAt, turnLabels } from '../utils/speaker-turns.ts';
import { EditTranscriptForm } from './voice-note-editors.tsx';
import { Waveform } from './waveform.tsx';

export function audioSource(audioUrl: string): string {
  return audioUrl.startsWith('/') && !audioUrl.startsWith('//') ? apiClient.url(audioUrl) : audioUrl;
}

/**
 * Media elements may store a seek a hair before the asked-for time; looking a little ahead
 * keeps a seek to a word's start on that word rather than the one before.
 */
const SEEK_EPSILON = 0.02;
const wordAt = (words: Parameters<typeof activeWordIndex>[0], time: number) =>
  activeWordIndex(words, time + SEEK_EPSILON);

function assignRef<T>(ref: Ref<T> | undefined, value: T | null): void {
  if (typeof ref === 'function') ref(value);
  else if (ref) ref.current = value;
}

export interface VoiceNotePlayerProps {
  note: VoiceNote;
  /** Seconds to start at (from `?t=`). */
  startAt?: number | undefined;
  /** The transcript can be edited in place (the note page). */
  editable?: boolean;
  /** Further transcript actions beside Edit, e.g. Re-transcribe. */
  transcriptActions?: ReactNode;
  /**
   * Space and the arrow keys work page-wide (default). Off where a surrounding player (the
   * queue) has shortcuts of its own.
   */
  shortcuts?: boolean;
  /** Speed, when a surrounding player keeps it across notes; otherwise kept here. */
  rate?: number;
  onRateChange?: (rate: number) => void;
  /** The audio element, for a surrounding player that starts, stops and follows it. */
  mediaRef?: Ref<HTMLAudioElement>;
  audioProps?: Pick<AudioHTMLAttributes<HTMLAudioElement>, 'onPlay' | 'onPause' | 'onEnded'>;
  /** Where a word's time links to; the note's page by default (a share link's page gives its own). */
  timeHref?: (seconds: number) => string;
}

/**
 * The audio player with its transcript: a waveform to seek in (native controls when the audio
 * cannot be decoded), skip and speed controls, and the transcript in paragraphs whose words
 * highlight as they are spoken and play from where they were said.
 */
export function VoiceNotePlayer({
  note,
  startAt,
  editable = false,
  transcriptActions,
  shortcuts = true,
  rate: rateProp,
  onRateChange,
  mediaRef,
  audioProps,
  timeHref: timeHrefProp,
}: VoiceNotePlayerProps) {
  const audioRef = useRef<HTMLAudioElement | null>(null);
  const setAudio = useCallback(
    (element: HTMLAudioElement | null) => {
      audioRef.current = element;
      assignRef(mediaRef, element);
    },
    [mediaRef],
  );
  const headingId = useId();
  const editButtonRef = useRef<HTMLButtonElement>(null);
  const src = audioSource(note.audio_url);
  const waveform = useWaveform({
    peaksUrl: audioSource(voiceNotePeaksPath(note.pad_id, note.id)),
    audioUrl: src,
    durationSeconds: note.duration_seconds,
  });
  const edited = note.transcript_edited === true;
  const segments = useNoteSegments(note);
  const words = useMemo(() => {
    const timed = transcriptWords(segments.segments);
    // Part of a long transcript cannot say all of it; its words are its own.
    const whole = !segments.hasMore;
    return edited && whole && !wordsSayTranscript(timed, note.transcript) ? [] : timed;
  }, [segments.segments, segments.hasMore, note.transcript, edited]);
  const [active, setActive] = useState(() => wordAt(words, startAt ?? 0));
  const [currentTime, setCurrentTime] = useState(startAt ?? 0);
  const turns = useMemo(
    () => speakerTurns(segments.segments, note.speakers ?? []),
    [segments.segments, note.speakers],
  );
  const labels = useMemo(() => (words.length > 0 ? turnLabels(words, turns) : undefined), [words, turns]);
  const speaking = turnAt(turns, currentTime);
  const [renaming, setRenaming] = useState<{ id: string; name: string } | null>(null);
  // Playing (or seeking) past the loaded part of a long transcript loads the next page.
  const loadedUntil = segments.segments.at(-1)?.end ?? 0;
  const { hasMore, loadMore } = segments;
  useEffect(() => {
    if (hasMore && currentTime > loadedUntil) loadMore();
  }, [hasMore, currentTime, loadedUntil, loadMore]);
  const [labelChosen, setLabelChosen] = useState<SpeakerLabelTarget | null>(null);
  const chooseLabel = useCallback(
    (speaker: { id: string; name: string }, wordIndex: number) => {
      const word = words[wordIndex];
      setLabelChosen({
        speaker,
        at: word ? placeOfWord(segments.segments, word) : null,
        seconds: word?.start ?? 0,
      });
    },
    [words, segments.segments],
  );
  const [mediaDuration, setMediaDuration] = useState<number | null>(null);
  const [playing, setPlaying] = useState(false);
  const [ownRate, setOwnRate] = useState(1);
  const rate = rateProp ?? ownRate;
  const changeRate = onRateChange ?? ((next: number) => setOwnRate(clampRate(next)));
  const [editing, setEditing] = useState(false);
  const reviewButtonRef = useRef<HTMLButtonElement>(null);
  // Media event handlers below outlive renders; they read the latest words through this ref.
  const wordsRef = useRef(words);
  useEffect(() => {
    wordsRef.current = words;
  }, [words]);
  // Where a review's replay of a word stops (seconds), or null while playing freely.
  const stopAtRef = useRef<number | null>(null);
  /** A replay (perhaps slower) is over or was interrupted: back to the chosen speed. */
  const endReplay = useCallback((audio: HTMLAudioElement) => {
    if (stopAtRef.current === null) return;
    stopAtRef.current = null;
    audio.playbackRate = audio.defaultPlaybackRate;
  }, []);

  // Follow the playhead every frame while playing; React skips renders when nothing changed.
  useEffect(() => {
    const audio = audioRef.current;
    if (!audio) return;
    let frame = 0;
    const sync = () => {
      setActive(wordAt(wordsRef.current, audio.currentTime));
      setCurrentTime(audio.currentTime);
    };
    const tick = () => {
      sync();
      const stopAt = stopAtRef.current;
      if (stopAt !== null && audio.currentTime >= stopAt) {
        audio.pause();
        return;
      }
      frame = requestAnimationFrame(tick);
    };
    const start = () => {
      setPlaying(true);
      cancelAnimationFrame(frame);
      frame = requestAnimationFrame(tick);
    };
    const stop = () => {
      setPlaying(false);
      cancelAnimationFrame(frame);
      sync();
      endReplay(audio);
    };
    const onMetadata = () => {
      if (Number.isFinite(audio.duration)) setMediaDuration(audio.duration);
    };
    audio.addEventListener('play', start);
    audio.addEventListener('pause', stop);
    audio.addEventListener('ended', stop);
    audio.addEventListener('seeked', sync);
    audio.addEventListener('timeupdate', sync);
    audio.addEventListener('loadedmetadata', onMetadata);
    audio.addEventListener('durationchange', onMetadata);
    return () => {
      cancelAnimationFrame(frame);
      audio.removeEventListener('play', start);
      audio.removeEventListener('pause', stop);
      audio.removeEventListener('ended', stop);
      audio.removeEventListener('seeked', sync);
      audio.removeEventListener('timeupdate', sync);
      audio.removeEventListener('loadedmetadata', onMetadata);
      audio.removeEventListener('durationchange', onMetadata);
    };
  }, [endReplay]);

  // Loading a source resets the speed to the default one, so both are set.
  useEffect(() => {
    const audio = audioRef.current;
    if (!audio) return;
    audio.defaultPlaybackRate = rate;
    audio.playbackRate = rate;
  }, [rate]);

  // Start at ?t= once the media knows its duration (and again when ?t= changes).
  useEffect(() => {
    const audio = audioRef.current;
    if (!audio || startAt === undefined) return;
    const apply = () => {
      const limit = Number.isFinite(audio.duration) ? audio.duration : startAt;
      audio.currentTime = Math.max(0, Math.min(startAt, limit));
      setCurrentTime(audio.currentTime);
      setActive(wordAt(wordsRef.current, audio.currentTime));
    };
    if (audio.readyState >= HTMLMediaElement.HAVE_METADATA) {
      apply();
      return;
    }
    audio.addEventListener('loadedmetadata', apply, { once: true });
    return () => audio.removeEventListener('loadedmetadata', apply);
  }, [startAt]);

  const ready = waveform.status === 'ready';
  const duration = mediaDuration ?? (ready ? waveform.duration : (note.duration_seconds ?? 0));

  const seek = useCallback(
    (seconds: number) => {
      const audio = audioRef.current;
      if (!audio) return;
      // Moving elsewhere ends a review's replay; a new replay sets its own end after this.
      endReplay(audio);
      audio.currentTime = seconds;
      setCurrentTime(seconds);
      setActive(wordAt(wordsRef.current, seconds));
    },
    [endReplay],
  );

  const skip = useCallback(
    (by: number) => {
      const audio = audioRef.current;
      if (!audio) return;
      const end = Number.isFinite(audio.duration) ? audio.duration : duration;
      seek(Math.max(0, Math.min(end, audio.currentTime + by)));
    },
    [seek, duration],
  );

  const togglePlay = useCallback(() => {
    const audio = audioRef.current;
    if (!audio) return;
    if (audio.paused) audio.play().catch(() => undefined);
    else audio.pause();
  }, []);

  usePlayerShortcuts(shortcuts && !editing, { togglePlay, skip });

  const playFrom = useCallback(
    (seconds: number, index: number) => {
      seek(seconds);
      setActive(index);
      const audio = audioRef.current;
      if (audio?.paused) {
        audio.play().catch(() => {
          // Autoplay rules or a missing file: the position is set, the person can press play.
        });
      }
    },
    [seek],
  );

  const replay = useCallback(
    (from: number, to: number, slow: boolean) => {
      const audio = audioRef.current;
      if (!audio) return;
      seek(from);
      stopAtRef.current = to;
      audio.playbackRate = slow ? SLOW_RATE : audio.defaultPlaybackRate;
      if (audio.paused) audio.play().catch(() => undefined);
    },
    [seek],
  );
  const reviewPlayer = useMemo(
    () => ({ replay, duration: note.duration_seconds }),
    [replay, note.duration_seconds],
  );
  const review = useReviewMode(note, words, reviewPlayer);
  const canReview = editable && words.length > 0 && note.status === 'done';
  // Leaving review mode puts focus back on its button.
  const wasReviewing = useRef(false);
  useEffect(() => {
    if (wasReviewing.current && !review.reviewing) {
      requestAnimationFrame(() => reviewButtonRef.current?.focus());
    }
    wasReviewing.current = review.reviewing;
  }, [review.reviewing]);
  const reviewWord = review.reviewing ? review.current : -1;
  const reviewEditor =
    review.reviewing && review.editing ? (
      <ReviewWordEditor
        key={`${reviewWord}-${note.updated_at}`}
        text={displayTokens(words)[reviewWord]?.text ?? ''}
        saving={review.saving}
        error={review.error}
        onSave={review.saveWord}
        onCancel={review.cancelEdit}
      />
    ) : null;

  const noteTimeHref = useCallback(
    (seconds: number) =>
      `/pad/${encodeURIComponent(note.pad_id)}/voicenotes/${encodeURIComponent(note.id)}?t=${Math.floor(seconds * 10) / 10}`,
    [note.pad_id, note.id],
  );
  const timeHref = timeHrefProp ?? noteTimeHref;

  function stopEditing() {
    setEditing(false);
    // Back to where the person was: the Edit button, once it is rendered again.
    requestAnimationFrame(() => editButtonRef.current?.focus());
  }

  return (
    <div className="space-y-5">
      <div className="space-y-3 rounded-xl border border-slate-200 bg-white p-4 shadow-sm dark:border-slate-800 dark:bg-slate-900">
        <audio
          ref={setAudio}
          controls={!ready}
          preload="metadata"
          src={src}
          className={ready ? 'hidden' : 'w-full'}
          aria-label="Voice note audio"
          {...audioProps}
        >
          Your browser cannot play this audio. <a href={src}>Download the recording</a> instead.
        </audio>
        {ready ? (
          <div className="flex items-center gap-3 sm:gap-4">
            <Button
              onClick={togglePlay}
              aria-label={playing ? 'Pause' : 'Play'}
              className="size-11 shrink-0 rounded-full !p-0"
            >
              {playing ? (
                <svg viewBox="0 0 20 20" className="size-5 fill-current" aria-hidden="true">
                  <rect x="5" y="4" width="3.5" height="12" rx="1" />
                  <rect x="11.5" y="4" width="3.5" height="12" rx="1" />
                </svg>
              ) : (
                <svg viewBox="0 0 20 20" className="size-5 fill-current" aria-hidden="true">
                  <path d="M6 4.5v11a1 1 0 0 0 1.5.86l9-5.5a1 1 0 0 0 0-1.72l-9-5.5A1 1 0 0 0 6 4.5Z" />
                </svg>
              )}
            </Button>
            <div className="min-w-0 flex-1">
              <Waveform
                peaks={waveform.peaks}
                duration={duration}
                currentTime={currentTime}
                onSeek={seek}
                label="Position in the recording"
              />
            </div>
            <span className="shrink-0 font-mono text-sm text-slate-600 tabular-nums dark:text-slate-300">
              {formatClock(currentTime)} / {formatClock(note.duration_seconds ?? duration)}
            </span>
            {speaking ? (
              <span
                data-testid="current-speaker"
                className="shrink-0 truncate rounded-full bg-slate-100 px-2 text-xs font-semibold text-slate-700 max-sm:hidden dark:bg-slate-800 dark:text-slate-200"
              >
                <span className="sr-only">Speaking: </span>
                {speaking.name}
              </span>
            ) : null}
          </div>
        ) : waveform.status === 'loading' ? (
          <p className="text-xs text-slate-500 dark:text-slate-400">Drawing the waveform…</p>
        ) : null}
        <PlaybackControls onSkip={skip} rate={rate} onRateChange={changeRate} />
        {shortcuts ? (
          <div className="max-sm:hidden">
            <ShortcutsHelp shortcuts={NOTE_SHORTCUTS} headingLevel={2} />
          </div>
        ) : null}
      </div>

      <section aria-labelledby={headingId} className="space-y-2">
        <div className="flex flex-wrap items-center justify-between gap-2">
          <h2 id={headingId} className="text-lg font-semibold text-slate-900 dark:text-slate-50">
            Transcript
          </h2>
          {editing || review.reviewing ? null : (
            <div className="flex flex-wrap gap-2">
              {canReview ? (
                <Button ref={reviewButtonRef} variant="secondary" onClick={review.start}>
                  Review
                </Button>
              ) : null}
              {editable ? (
                <Button ref={editButtonRef} variant="secondary" onClick={() => setEditing(true)}>
                  Edit transcript
                </Button>
              ) : null}
              {transcriptActions}
            </div>
          )}
        </div>
        {review.reviewing && !editing ? (
          <ReviewBar review={review} reviewed={note.transcript_reviewed ?? 'none'} />
        ) : null}
        {editing ? (
          <EditTranscriptForm note={note} onDone={stopEditing} />
        ) : words.length > 0 ? (
          <>
            <TranscriptView
              review={
                review.reviewing
                  ? { current: reviewWord, editor: reviewEditor, focusRequest: review.focusRequest }
                  : undefined
              }
              words={words}
              transcript={note.transcript}
              active={active}
              onPlayFrom={playFrom}
              timeHref={timeHref}
              labelledBy={headingId}
              speakerLabels={labels}
              onSpeakerLabel={editable && !review.reviewing ? chooseLabel : undefined}
            />
            {segments.hasMore ? (
              <LoadMoreSentinel onVisible={segments.loadMore} loading={segments.loading} />
            ) : null}
          </>
        ) : note.transcript ? (
          <p className="rounded-lg border border-slate-200 bg-white p-4 whitespace-pre-wrap text-slate-800 dark:border-slate-800 dark:bg-slate-900 dark:text-slate-100">
            {note.transcript}
          </p>
        ) : (
          <p className="text-sm text-slate-600 dark:text-slate-300">
            {note.status === 'done'
              ? 'No speech was recognised in this recording.'
              : note.status === 'failed'
                ? 'There is no transcript because transcription failed.'
                : 'The transcript appears here as soon as it is ready.'}
          </p>
        )}
      </section>
      {editable ? (
        <SpeakerActionsDialog
          padId={note.pad_id}
          voiceNoteId={note.id}
          speakers={note.speakers ?? []}
          target={labelChosen}
          onRename={(speaker) => {
            setLabelChosen(null);
            setRenaming(speaker);
          }}
          onClose={() => setLabelChosen(null)}
        />
      ) : null}
      {editable ? (
        <RenameSpeakerDialog
          padId={note.pad_id}
          voiceNoteId={note.id}
          speaker={renaming}
          onClose={() => setRenaming(null)}
        />
      ) : null}
    </div>
  );
}
