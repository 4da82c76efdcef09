import { describe, expect, it } from 'vitest';
import { PadListCache } from '../../src/pads/pad-list-cache.ts';

describe('PadListCache', () => {
  it('serves a page only at the version it was built from', () => {
    const cache = new PadListCache();
    cache.set('a', 1, 'page a');
    expect(cache.get('a', 1)).toBe('page a');
    expect(cache.get('a', 2)).toBeUndefined();
    // A stale page is gone, not kept for its old version.
    expect(cache.get('a', 1)).toBeUndefined();
  });

  it('drops the least recently used page first, however often the youngest is asked for', () => {
    const cache = new PadListCache(2);
    cache.set('a', 1, 'page a');
    cache.set('b', 1, 'page b');
    expect(cache.get('a', 1)).toBe('page a');
    expect(cache.get('a', 1)).toBe('page a');
    cache.set('c', 1, 'page c');
    expect(cache.get('b', 1)).toBeUndefined();
    expect(cache.get('a', 1)).toBe('page a');
    expect(cache.get('c', 1)).toBe('page c');
    // c was asked last, so a goes next.
    cache.set('d', 1, 'page d');
    expect(cache.get('a', 1)).toBeUndefined();
    expect(cache.get('c', 1)).toBe('page c');
  });

  it('keeps the order right after the youngest page went stale and came back', () => {
    const cache = new PadListCache(2);
    cache.set('a', 1, 'page a');
    cache.set('b', 1, 'page b');
    expect(cache.get('b', 2)).toBeUndefined();
    expect(cache.get('a', 1)).toBe('page a');
    cache.set('b', 2, 'page b2');
    expect(cache.get('a', 1)).toBe('page a');
    cache.set('c', 1, 'page c');
    expect(cache.get('b', 2)).toBeUndefined();
    expect(cache.get('a', 1)).toBe('page a');
  });
});
