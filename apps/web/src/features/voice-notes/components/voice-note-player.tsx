import type { VoiceNote } from '@voxpad/shared/voice-notes';
import { useCallback, useEffect, useMemo, useRef, useState, type KeyboardEvent } from 'react';
import { focusRing } from '../../../components/ui/button.tsx';
import { apiClient } from '../../../lib/api-client.ts';
import { formatClock } from '../../../lib/format-duration.ts';
import { activeWordIndex, transcriptWords } from '../utils/transcript-words.ts';

export function audioSource(audioUrl: string): string {
  return audioUrl.startsWith('/') && !audioUrl.startsWith('//') ? apiClient.url(audioUrl) : audioUrl;
}

export interface VoiceNotePlayerProps {
  note: VoiceNote;
  /** Seconds to start at (from `?t=`). */
  startAt?: number | undefined;
}

/** The audio player with its transcript: words highlight as they are spoken and seek on click. */
export function VoiceNotePlayer({ note, startAt }: VoiceNotePlayerProps) {
  const audioRef = useRef<HTMLAudioElement>(null);
  const wordRefs = useRef<Array<HTMLButtonElement | null>>([]);
  const words = useMemo(() => transcriptWords(note.segments), [note.segments]);
  const [active, setActive] = useState(() => activeWordIndex(words, startAt ?? 0));
  const [focusIndex, setFocusIndex] = useState(0);
  // Media event handlers below outlive renders; they read the latest words through this ref.
  const wordsRef = useRef(words);
  useEffect(() => {
    wordsRef.current = words;
  }, [words]);

  // Follow the playhead every frame while playing; React skips renders when the word is unchanged.
  useEffect(() => {
    const audio = audioRef.current;
    if (!audio) return;
    let frame = 0;
    const sync = () => setActive(activeWordIndex(wordsRef.current, audio.currentTime));
    const tick = () => {
      sync();
      frame = requestAnimationFrame(tick);
    };
    const start = () => {
      cancelAnimationFrame(frame);
      frame = requestAnimationFrame(tick);
    };
    const stop = () => {
      cancelAnimationFrame(frame);
      sync();
    };
    audio.addEventListener('play', start);
    audio.addEventListener('pause', stop);
    audio.addEventListener('ended', stop);
    audio.addEventListener('seeked', sync);
    audio.addEventListener('timeupdate', sync);
    return () => {
      cancelAnimationFrame(frame);
      audio.removeEventListener('play', start);
      audio.removeEventListener('pause', stop);
      audio.removeEventListener('ended', stop);
      audio.removeEventListener('seeked', sync);
      audio.removeEventListener('timeupdate', sync);
    };
  }, []);

  // Start at ?t= once the media knows its duration (and again when ?t= changes).
  useEffect(() => {
    const audio = audioRef.current;
    if (!audio || startAt === undefined) return;
    const apply = () => {
      const limit = Number.isFinite(audio.duration) ? audio.duration : startAt;
      audio.currentTime = Math.max(0, Math.min(startAt, limit));
      setActive(activeWordIndex(wordsRef.current, audio.currentTime));
    };
    if (audio.readyState >= HTMLMediaElement.HAVE_METADATA) {
      apply();
      return;
    }
    audio.addEventListener('loadedmetadata', apply, { once: true });
    return () => audio.removeEventListener('loadedmetadata', apply);
  }, [startAt]);

  const seekTo = useCallback((seconds: number, index: number) => {
    const audio = audioRef.current;
    setFocusIndex(index);
    setActive(index);
    if (!audio) return;
    audio.currentTime = seconds;
    if (audio.paused) {
      audio.play().catch(() => {
        // Autoplay rules or a missing file: the position is set, the person can press play.
      });
    }
  }, []);

  function handleKeyDown(event: KeyboardEvent<HTMLButtonElement>, index: number) {
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

  const tabStop = active >= 0 ? active : Math.min(focusIndex, Math.max(0, words.length - 1));

  return (
    <div className="space-y-5">
      <audio
        ref={audioRef}
        controls
        preload="metadata"
        src={audioSource(note.audio_url)}
        className="w-full"
        aria-label="Voice note audio"
      >
        Your browser cannot play this audio. <a href={audioSource(note.audio_url)}>Download the recording</a>{' '}
        instead.
      </audio>

      <section aria-labelledby="transcript-heading" className="space-y-2">
        <h2 id="transcript-heading" className="text-lg font-semibold text-slate-900 dark:text-slate-50">
          Transcript
        </h2>
        {words.length > 0 ? (
          <>
            <p id="transcript-help" className="text-xs text-slate-500 dark:text-slate-400">
              Select a word to play from there. Arrow keys move between words.
            </p>
            <div
              role="group"
              aria-labelledby="transcript-heading"
              aria-describedby="transcript-help"
              className="rounded-lg border border-slate-200 bg-white p-4 leading-8 dark:border-slate-800 dark:bg-slate-900"
            >
              {words.map((word, index) => (
                <span key={`${word.start}-${index}`}>
                  <button
                    ref={(element) => {
                      wordRefs.current[index] = element;
                    }}
                    type="button"
                    tabIndex={index === tabStop ? 0 : -1}
                    aria-current={index === active ? 'true' : undefined}
                    title={`Play from ${formatClock(word.start)}`}
                    onClick={() => seekTo(word.start, index)}
                    onKeyDown={(event) => handleKeyDown(event, index)}
                    className={`rounded px-0.5 text-slate-800 transition-colors hover:bg-indigo-50 dark:text-slate-100 dark:hover:bg-indigo-950 ${focusRing} ${
                      index === active
                        ? 'bg-amber-200 text-slate-950 dark:bg-amber-500/40 dark:text-white'
                        : ''
                    } ${word.confidence < 0.5 ? 'text-slate-500 dark:text-slate-400' : ''}`}
                  >
                    {word.word}
                  </button>{' '}
                </span>
              ))}
            </div>
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
    </div>
  );
}
