import { describe, expect, it } from 'vitest';
import { inboxLivePad } from './inbox-live-pad.ts';

describe('the Inbox for a header recording’s live stream', () => {
  it('is the Inbox’s id once the server answers', async () => {
    expect(await inboxLivePad(() => Promise.resolve({ id: 'inbox-1' }), 1_000)).toBe('inbox-1');
  });

  it('is null when the lookup fails or is slower than allowed: the recording goes on without it', async () => {
    expect(await inboxLivePad(() => Promise.reject(new Error('offline')), 1_000)).toBeNull();
    const never = () => new Promise<{ id: string }>(() => undefined);
    expect(await inboxLivePad(never, 20)).toBeNull();
  });
});
