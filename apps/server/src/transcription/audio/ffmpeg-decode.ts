/**
 * Debian's ffmpeg as a decoder (decoder-pipe.ts): any accepted format but WAV into 32-bit float
 * WAV at the source rate and channel count, so our downmix and anti-aliasing filter are the
 * only ones used.
 *
 * ffmpeg only ever reads the one file it is given, as the format it was sniffed to be
 * (`-f`): left to guess, it skips an ID3 tag, finds an HLS playlist behind it and opens the
 * files that playlist names, which once read another user's recording into a transcript.
 */
import type { DecoderProcess } from './decoder-pipe.ts';
import { AudioDecodeError, damagedRecording } from './errors.ts';

/** What ffmpeg said on stderr is kept for logs, at most this many bytes. */
const STDERR_LIMIT = 4096;

/**
 * How ffmpeg reads its input: only the local file (`file:`, so no name is taken for another
 * protocol) as the sniffed format, so it never probes the bytes for another demuxer.
 * Playlists (HLS, ffconcat) and MP4 external data references are then never opened; the
 * MP4 ones are off by default and stay off explicitly.
 */
export function ffmpegInputArgs(input: string, demuxer: string): string[] {
  return [
    ...['-protocol_whitelist', 'file'],
    ...(demuxer === 'mov' ? ['-enable_drefs', '0', '-use_absolute_path', '0'] : []),
    ...['-f', demuxer, '-i', `file:${input}`],
  ];
}

/**
 * ffmpeg decoding `input` as `demuxer`. `onExpectedDuration` hears the duration the container
 * states, before decoding starts, when it states one.
 */
export function ffmpegDecoder(
  input: string,
  demuxer: string,
  options: { ffmpegPath?: string | undefined; onExpectedDuration?: ((seconds: number) => void) | undefined },
): DecoderProcess {
  const stderr = new FfmpegStderr(options.onExpectedDuration);
  return {
    command: options.ffmpegPath ?? 'ffmpeg',
    args: [
      '-nostdin',
      '-hide_banner',
      '-nostats',
      // Each line tagged with its level: errors are told apart from the input's description,
      // whose Duration line gives progress its total (FfmpegStderr).
      '-loglevel',
      'level+info',
      ...ffmpegInputArgs(input, demuxer),
      // The first audio stream only; a file without one fails here with a clear message.
      '-map',
      '0:a:0',
      '-vn',
      '-sn',
      '-dn',
      '-c:a',
      'pcm_f32le',
      '-f',
      'wav',
      '-bitexact',
      'pipe:1',
    ],
    onStderr: (chunk) => stderr.push(chunk),
    notStarted: (error) =>
      new Error(`ffmpeg could not be started (install it with \`apt-get install ffmpeg\`): ${error.message}`),
    failsDecoded: () =>
      /matches no streams|does not contain any stream|no audio/i.test(stderr.errors())
        ? new AudioDecodeError('no_audio', 'The file has no sound track, so there is nothing to transcribe.')
        : undefined,
    failure: (code, stream) =>
      // Empty only if ffmpeg met no errors: frames that all failed to decode are damage.
      code === 0 && stream && !/error while decoding|invalid data/i.test(stderr.errors())
        ? new AudioDecodeError('empty_audio', 'The recording is empty.')
        : damagedRecording(),
  };
}

/**
 * ffmpeg's stderr at `level+info`: the lines of level error and worse, as `-loglevel error`
 * printed them, kept for the failure checks (at most STDERR_LIMIT bytes), and the input's
 * duration from its description. Only ffmpeg's own `  Duration: ` line counts: the input's
 * metadata, which a file may fill with anything, is printed indented further.
 */
class FfmpegStderr {
  #partial = '';
  #errors = '';
  #toldDuration = false;

  constructor(private readonly onDuration: ((seconds: number) => void) | undefined) {}

  push(chunk: Buffer): void {
    const lines = (this.#partial + chunk.toString('utf8')).split('\n');
    this.#partial = lines.pop() ?? '';
    if (this.#partial.length > STDERR_LIMIT) this.#partial = this.#partial.slice(0, STDERR_LIMIT);
    for (const line of lines) this.#line(line);
  }

  errors(): string {
    if (this.#partial) this.#line(this.#partial);
    this.#partial = '';
    return this.#errors.trim().slice(0, STDERR_LIMIT);
  }

  #line(line: string): void {
    if (/^\[(error|fatal|panic)\] /.test(line)) {
      if (this.#errors.length < STDERR_LIMIT) this.#errors += `${line.replace(/^\[\w+\] /, '')}\n`;
      return;
    }
    if (this.#toldDuration) return;
    const duration = /^\[info\] {3}Duration: (\d+):(\d\d):(\d\d(?:\.\d+)?),/.exec(line);
    if (!duration) return;
    this.#toldDuration = true;
    const seconds = Number(duration[1]) * 3600 + Number(duration[2]) * 60 + Number(duration[3]);
    if (Number.isFinite(seconds) && seconds > 0) this.onDuration?.(seconds);
  }
}
