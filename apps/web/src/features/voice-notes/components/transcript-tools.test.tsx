import type { VoiceNote } from '@voxpad/shared/voice-notes';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { act, cleanup, fireEvent, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { apiClient } from '../../../lib/api-client.ts';
import { ExportLinks, RetranscribeWithLearnt } from './transcript-tools.tsx';

afterEach(() => {
  cleanup();
  vi.restoreAllMocks();
});

const NOTE: VoiceNote = {
  id: 'n1',
  pad_id: 'p1',
  title: 'Hive inspection',
  status: 'done',
  failure_reason: null,
  content_type: 'audio/wav',
  size_bytes: 1000,
  duration_seconds: 4,
  transcript: 'the far oh a mites',
  segments: [],
  audio_url: '/api/v1/pad/p1/voicenote/n1/audio/',
  created_at: '2026-11-27T10:00:00.000Z',
  updated_at: '2026-11-27T10:00:00.000Z',
  tags: [],
};

function renderButton(note: VoiceNote) {
  render(
    <QueryClientProvider client={new QueryClient({ defaultOptions: { queries: { retry: false } } })}>
      <RetranscribeWithLearnt note={note} />
    </QueryClientProvider>,
  );
}

describe('re-transcribe with what Voxpad learned', () => {
  it('says the current text stays as a version, and asks the server to transcribe again', async () => {
    const api = vi
      .spyOn(apiClient, 'api')
      .mockResolvedValue({ status: 'pending', progress: 0, failure_reason: null });
    renderButton(NOTE);
    const button = screen.getByRole('button', { name: 'Re-transcribe with what Voxpad learned' });
    expect(button.getAttribute('aria-describedby')).toBeTruthy();
    expect(document.getElementById(button.getAttribute('aria-describedby') ?? '')?.textContent).toBe(
      'The current text stays as a version you can restore.',
    );
    await act(async () => {
      fireEvent.click(button);
    });
    expect(api).toHaveBeenCalledWith('POST', 'pad/p1/voicenote/n1/transcribe/', expect.anything(), {
      body: {},
    });
  });

  it('is off while the note is being transcribed', () => {
    renderButton({ ...NOTE, status: 'processing' });
    const button = screen.getByRole('button', { name: 'Re-transcribe with what Voxpad learned' });
    expect((button as HTMLButtonElement).disabled).toBe(true);
  });
});

describe('export links', () => {
  const chapters = () => screen.queryByRole('link', { name: 'Download the highlights as WebVTT chapters' });

  it('offers the highlights as WebVTT chapters beside the transcript formats when the note has some', () => {
    render(<ExportLinks note={NOTE} hasChapters />);
    expect(screen.getByRole('link', { name: 'Download as Markdown' }).getAttribute('href')).toBe(
      '/api/v1/pad/p1/voicenote/n1/transcript.md',
    );
    expect(chapters()?.getAttribute('href')).toBe('/api/v1/pad/p1/voicenote/n1/chapters.vtt');
    expect(chapters()?.hasAttribute('download')).toBe(true);
  });

  it('leaves chapters out without highlights, and offers them before there is a transcript', () => {
    render(<ExportLinks note={NOTE} />);
    expect(chapters()).toBeNull();
    cleanup();
    render(<ExportLinks note={{ ...NOTE, transcript: null }} hasChapters />);
    expect(screen.getByText('Exports are available once there is a transcript.')).toBeTruthy();
    expect(chapters()?.getAttribute('href')).toBe('/api/v1/pad/p1/voicenote/n1/chapters.vtt');
  });
});
