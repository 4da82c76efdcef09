import { afterEach, describe, expect, it } from 'vitest';
import { sessionSettled, whileSessionRotates } from './session-rotation.ts';

const KEY = 'voxpad:session-rotation';

afterEach(() => sessionStorage.clear());

describe('session rotation', () => {
  it('holds this page’s other requests until the rotating call has its answer', async () => {
    let answer: (value: string) => void = () => {};
    const call = whileSessionRotates(
      () => new Promise<string>((resolve) => (answer = resolve)),
      () => 'old',
    );
    const order: string[] = [];
    const waiting = sessionSettled(() => 'old').then(() => order.push('other request'));
    await new Promise((resolve) => setTimeout(resolve, 20));
    expect(order).toEqual([]);
    answer('new session');
    order.push(await call);
    await waiting;
    expect(order).toEqual(['new session', 'other request']);
    expect(sessionStorage.getItem(KEY)).toBeNull();
  });

  it('makes a page loaded meanwhile wait until the csrftoken changes, then stop waiting', async () => {
    sessionStorage.setItem(KEY, JSON.stringify({ csrf: 'old', until: Date.now() + 5_000, page: 'left' }));
    let csrf = 'old';
    let settled = false;
    const waiting = sessionSettled(() => csrf).then(() => (settled = true));
    await new Promise((resolve) => setTimeout(resolve, 250));
    expect(settled).toBe(false);
    csrf = 'new';
    await waiting;
    expect(settled).toBe(true);
    expect(sessionStorage.getItem(KEY)).toBeNull();
  });

  it('gives up waiting once the marker is old', async () => {
    sessionStorage.setItem(KEY, JSON.stringify({ csrf: 'old', until: Date.now() - 1, page: 'left' }));
    await sessionSettled(() => 'old');
    expect(sessionStorage.getItem(KEY)).toBeNull();
  });

  it('keeps the marker when the call fails as its page goes away, without this page waiting on it', async () => {
    const call = whileSessionRotates(
      () => Promise.reject(new DOMException('The page is going away.', 'AbortError')),
      () => 'old',
    );
    await expect(call).rejects.toThrow('going away');
    expect(sessionStorage.getItem(KEY)).not.toBeNull();
    const started = Date.now();
    await sessionSettled(() => 'old');
    expect(Date.now() - started).toBeLessThan(100);
  });
});
