import type { NoteSummary, SummaryAnswer, SummaryService } from '@voxpad/shared/summaries';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { cleanup, fireEvent, render, screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { apiClient, HttpError } from '../../../lib/api-client.ts';
import { SummaryPanel } from './summary-panel.tsx';

afterEach(() => {
  cleanup();
  vi.restoreAllMocks();
});

const on: SummaryService = { configured: true, endpoint: '127.0.0.1:11434', model: 'llama3.2' };
const done: NoteSummary = {
  id: 's1',
  status: 'done',
  summary: 'We planned the garden. <b>not bold</b>',
  action_items: [
    { text: 'Order the seeds', start: 83.2 },
    { text: 'Call the supplier', start: 5 },
  ],
  title: 'Garden plans',
  model: 'llama3.2',
  endpoint: '127.0.0.1:11434',
  error: null,
  created_at: '2026-01-01T00:00:00.000Z',
  finished_at: '2026-01-01T00:00:05.000Z',
};
const answer = (summary: NoteSummary, previous: NoteSummary | null = null): SummaryAnswer => ({
  ...summary,
  previous_done: previous,
});

/** Answers GETs from `routes` by path; POSTs with `post`. */
function serve(routes: Record<string, unknown>, post?: () => Promise<unknown>) {
  return vi.spyOn(apiClient, 'api').mockImplementation((method, path) => {
    if (method === 'POST' && post) return post() as never;
    const found = Object.entries(routes).find(([suffix]) => path.endsWith(suffix));
    if (!found) return Promise.reject(new Error(`unexpected ${method} ${path}`));
    const [, value] = found;
    return (value instanceof Error ? Promise.reject(value) : Promise.resolve(value)) as never;
  });
}

function renderPanel(props: Partial<Parameters<typeof SummaryPanel>[0]> = {}) {
  const client = new QueryClient({
    defaultOptions: { queries: { retry: false }, mutations: { retry: false } },
  });
  const onJump = vi.fn();
  const onUseTitle = vi.fn();
  render(
    <QueryClientProvider client={client}>
      <SummaryPanel
        padId="p1"
        noteId="n1"
        transcribed
        currentTitle="Voice note 1"
        onJump={onJump}
        onUseTitle={onUseTitle}
        {...props}
      />
    </QueryClientProvider>,
  );
  return { onJump, onUseTitle };
}

const notFoundYet = new HttpError(404, {
  status: 404,
  errors: [{ code: 'summary_not_found', message: 'This note has no summary yet.' }],
});

describe('summary panel', () => {
  it('says summaries are off and who turns them on when no model is configured', async () => {
    const api = serve({ 'summaries/service/': { configured: false, endpoint: null, model: null } });
    renderPanel();
    expect(await screen.findByText(/Summaries are off on this server/)).toBeTruthy();
    expect(screen.getByText(/LLM_BASE_URL/)).toBeTruthy();
    expect(screen.queryByRole('button', { name: /summary/i })).toBeNull();
    expect(api).toHaveBeenCalledTimes(1);
  });

  it('says where the transcript goes, asks for a summary and shows it writing', async () => {
    let posted = 0;
    serve({ 'summaries/service/': on, '/summary/': notFoundYet }, () => {
      posted++;
      return Promise.resolve(
        answer({ ...done, status: 'queued', summary: null, action_items: [], title: null }),
      );
    });
    renderPanel();
    expect(
      await screen.findByText(/sends this note’s transcript to 127\.0\.0\.1:11434 \(model llama3\.2\)/),
    ).toBeTruthy();
    fireEvent.click(await screen.findByRole('button', { name: 'Generate summary' }));
    expect(await screen.findByText('Summarising…')).toBeTruthy();
    expect(posted).toBe(1);
    expect((screen.getByRole('button', { name: 'Regenerate summary' }) as HTMLButtonElement).disabled).toBe(
      true,
    );
  });

  it('shows the summary as text, jumps to an item’s moment and offers the suggested title', async () => {
    serve({ 'summaries/service/': on, '/summary/': answer(done) });
    const { onJump, onUseTitle } = renderPanel();
    expect(await screen.findByText('We planned the garden. <b>not bold</b>')).toBeTruthy();
    expect(document.querySelector('b')).toBeNull();
    const items = screen.getByRole('list', { name: 'Action items' });
    const jump = within(items).getByRole('button', { name: /Order the seeds.*Jump to 1:23/ });
    fireEvent.click(jump);
    expect(onJump).toHaveBeenCalledWith(83.2);
    fireEvent.click(screen.getByRole('button', { name: 'Use this title' }));
    expect(onUseTitle).toHaveBeenCalledWith('Garden plans');
    expect(screen.getByText(/Made by llama3\.2 at 127\.0\.0\.1:11434/)).toBeTruthy();
  });

  it('shows a failure in words and keeps the earlier summary readable', async () => {
    const failed: NoteSummary = {
      ...done,
      id: 's2',
      status: 'failed',
      summary: null,
      action_items: [],
      title: null,
      error: 'The language model at 127.0.0.1:11434 did not answer within 120 seconds.',
    };
    serve({ 'summaries/service/': on, '/summary/': answer(failed, done) });
    renderPanel({ currentTitle: 'Garden plans' });
    const alert = await screen.findByRole('alert');
    expect(alert.textContent).toMatch(
      /could not be written.*did not answer within 120 seconds.*earlier summary/,
    );
    expect(screen.getByText('We planned the garden. <b>not bold</b>')).toBeTruthy();
    // The suggestion is the title already: nothing to offer.
    expect(screen.queryByRole('button', { name: 'Use this title' })).toBeNull();
  });

  it('waits for a transcript before offering a summary', async () => {
    serve({ 'summaries/service/': on, '/summary/': notFoundYet });
    renderPanel({ transcribed: false });
    expect(await screen.findByText('A summary can be written once the note is transcribed.')).toBeTruthy();
    expect((screen.getByRole('button', { name: 'Generate summary' }) as HTMLButtonElement).disabled).toBe(
      true,
    );
  });
});
