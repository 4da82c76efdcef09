import { cleanup, render, screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import type { ImportProgress as Progress } from '@voxpad/shared/export-import';
import { ImportProgress } from './import-progress.tsx';

afterEach(cleanup);

const progress = (over: Partial<Progress>): Progress => ({
  id: 'i1',
  pad_id: 'p1',
  status: 'running',
  total: 3,
  done: 1,
  error: null,
  files: [
    { name: 'monday.wav', status: 'imported', note_id: 'n1' },
    { name: 'readme.txt', status: 'failed', error: 'This file is not a recording in a format we accept.' },
    { name: 'tuesday.wav', status: 'waiting' },
  ],
  ...over,
});

describe('import progress', () => {
  it('says how far a running import is and names each file with its state and error', () => {
    render(<ImportProgress progress={progress({})} />);
    expect(screen.getByRole('status').textContent).toBe('Importing… 1 of 3 files done.');
    const files = within(screen.getByRole('list', { name: 'Files in the zip' })).getAllByRole('listitem');
    expect(files.map((file) => file.textContent)).toEqual([
      'monday.wavImported',
      'readme.txtNot imported: This file is not a recording in a format we accept.',
      'tuesday.wavWaiting',
    ]);
    expect(screen.getByRole('progressbar', { name: 'Files imported' }).getAttribute('value')).toBe('1');
  });

  it('sums up a finished import, and says why a stopped one stopped', () => {
    const { rerender } = render(<ImportProgress progress={progress({ status: 'done', done: 3 })} />);
    expect(screen.getByRole('status').textContent).toBe(
      'Import finished: 2 of 3 imported, 1 not imported (see below).',
    );
    rerender(
      <ImportProgress
        progress={progress({ status: 'failed', error: 'The import stopped before it finished.' })}
      />,
    );
    expect(screen.getByRole('status').textContent).toBe('The import stopped before it finished.');
  });
});
