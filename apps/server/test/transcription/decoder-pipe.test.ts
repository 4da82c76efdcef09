/**
 * The decoder pipe settles only once the file it fed the decoder is closed: a decoder that exits
 * without reading its input (it refused the first bytes) must not leave the recording open
 * after the decode has failed, or a caller that moves or deletes it next races the close.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { openFiles } from '../support/files.ts';
import { readDecoderPipe } from '../../src/transcription/audio/decoder-pipe.ts';
import { SpeechStream } from '../../src/transcription/audio/speech-stream.ts';

const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'voxpad-decoder-pipe-'));
afterAll(() => fs.rmSync(dir, { recursive: true, force: true }));

describe('decoder pipe', () => {
  it('closes the input file before it reports that the decoder gave up', async () => {
    const file = path.join(dir, 'input.bin');
    fs.writeFileSync(file, Buffer.alloc(4 << 20, 1));
    // A decoder that reads a little and exits: the rest of the file is never read.
    const decoder = {
      command: 'head',
      args: ['-c', '1'],
      stdin: file,
      onStderr: () => {},
      notStarted: (error: Error) => error,
      failure: () => new Error('nothing decoded'),
    };
    for (let round = 0; round < 20; round++) {
      await expect(
        readDecoderPipe(
          decoder,
          { maxDurationSeconds: 60, plausibleSeconds: 60 },
          (settings) => new SpeechStream(settings),
          undefined,
        ),
      ).rejects.toThrow('nothing decoded');
      expect(
        openFiles().filter((open) => open === file),
        `round ${round}`,
      ).toEqual([]);
    }
  });
});
