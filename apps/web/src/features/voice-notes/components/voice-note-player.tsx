import type { VoiceNote } from '@voxpad/shared/voice-notes';
import { useCallback, useEffect, useMemo, useRef, useState, type KeyboardEvent } from 'react';
import { Button, focusRing } from '../../../components/ui/button.tsx';
import { apiClient } from '../../../lib/api-client.ts';
import { formatClock } from '../../../lib/format-duration.ts';
import { useWaveform } from '../hooks/use-waveform.ts';
import { activeWordIndex, transcriptWords } from '../utils/transcript-words.ts';
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

/** Words the recogniser was unsure of are marked, never hidden. */
export const LOW_CONFIDENCE = 0.5;

export interface VoiceNotePlayerProps {
  note: VoiceNote;
  /** Seconds to start at (from `?t=`). */
  startAt?: number | undefined;
}

/**
 * The audio player with its transcript: a waveform to seek in (native controls when the audio
 * cannot be decoded), words that highlight as they are spoken and seek when selected.
 */
export function VoiceNotePlayer({ note, startAt }: VoiceNotePlayerProps) {
  const audioRef = useRef<HTMLAudioElement>(null);
  const wordRefs = useRef<Array<HTMLButtonElement | null>>([]);
  const src = audioSource(note.audio_url);
  const waveform = useWaveform(src);
  const words = useMemo(() => transcriptWords(note.segments), [note.segments]);
  const [active, setActive] = useState(() => wordAt(words, startAt ?? 0));
  const [focusIndex, setFocusIndex] = useState(0);
  const [currentTime, setCurrentTime] = useState(startAt ?? 0);
  const [mediaDuration, setMediaDuration] = useState<number | null>(null);
  const [playing, setPlaying] = useState(false);
  // Media event handlers below outlive renders; they read the latest words through this ref.
  const wordsRef = useRef(words);
  useEffect(() => {
    wordsRef.current = words;
  }, [words]);

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
  }, []);

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

  const seek = useCallback((seconds: number) => {
    const audio = audioRef.current;
    if (!audio) return;
    audio.currentTime = seconds;
    setCurrentTime(seconds);
    setActive(wordAt(wordsRef.current, seconds));
  }, []);

  const seekToWord = useCallback(
    (seconds: number, index: number) => {
      setFocusIndex(index);
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

  function togglePlay() {
    const audio = audioRef.current;
    if (!audio) return;
    if (audio.paused) audio.play().catch(() => undefined);
    else audio.pause();
  }

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
  const ready = waveform.status === 'ready';
  const duration = mediaDuration ?? (ready ? waveform.duration : (note.duration_seconds ?? 0));
  const hasUncertain = words.some((word) => word.confidence < LOW_CONFIDENCE);

  return (
    <div className="space-y-5">
      <div className="rounded-xl border border-slate-200 bg-white p-4 shadow-sm dark:border-slate-800 dark:bg-slate-900">
        <audio
          ref={audioRef}
          controls={!ready}
          preload="metadata"
          src={src}
          className={ready ? 'hidden' : 'w-full'}
          aria-label="Voice note audio"
        >
          Your browser cannot play this audio. <a href={src}>Download the recording</a> instead.
        </audio>
        {ready ? (
          <div className="flex items-center gap-4">
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
              {formatClock(currentTime)} / {formatClock(duration)}
            </span>
          </div>
        ) : waveform.status === 'loading' ? (
          <p className="mt-2 text-xs text-slate-500 dark:text-slate-400">Drawing the waveform…</p>
        ) : null}
      </div>

      <section aria-labelledby="transcript-heading" className="space-y-2">
        <h2 id="transcript-heading" className="text-lg font-semibold text-slate-900 dark:text-slate-50">
          Transcript
        </h2>
        {words.length > 0 ? (
          <>
            <p id="transcript-help" className="text-xs text-slate-500 dark:text-slate-400">
              Select a word to play from there. Arrow keys move between words.
              {hasUncertain ? ' Words with a dotted underline may have been misheard.' : ''}
            </p>
            <div
              role="group"
              aria-labelledby="transcript-heading"
              aria-describedby="transcript-help"
              className="rounded-lg border border-slate-200 bg-white p-4 leading-8 dark:border-slate-800 dark:bg-slate-900"
            >
              {words.map((word, index) => {
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
                      onClick={() => seekToWord(word.start, index)}
                      onKeyDown={(event) => handleKeyDown(event, index)}
                      className={`rounded px-0.5 text-slate-800 hover:bg-indigo-50 dark:text-slate-100 dark:hover:bg-indigo-500/20 ${focusRing} ${
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
