import { describe, expect, it } from 'vitest';
import {
  changesWhoIsSignedIn,
  isAppNavigation,
  isKeepableAnswer,
  isOfflineReadable,
  isShareTarget,
} from './cache-rules.ts';

const origin = 'https://notes.example.org';
const facts = (path: string, method = 'GET', ranged = false) => ({
  method,
  url: new URL(path, origin),
  origin,
  ranged,
});

describe('what the service worker keeps for offline reading', () => {
  it('keeps the pads list, a pad, its notes, a note with its transcript and the recent notes', () => {
    for (const path of [
      '/api/v1/pad/',
      '/api/v1/pad/?cursor=abc',
      '/api/v1/pad/01jabc/',
      '/api/v1/pad/01jabc/voicenote/',
      '/api/v1/pad/01jabc/voicenote/01jdef/',
      '/api/v1/pad/01jabc/voicenote/01jdef/versions/',
      '/api/v1/voicenote/recent/',
    ]) {
      expect(isOfflineReadable(facts(path)), path).toBe(true);
    }
  });

  it('never keeps audio, live progress, uploads, search, tokens or auth answers', () => {
    for (const path of [
      '/api/v1/pad/01jabc/voicenote/01jdef/audio/',
      '/api/v1/pad/01jabc/voicenote/01jdef/events/',
      '/api/v1/uploads/01jxyz/',
      '/api/v1/search/voicenote/?q=milk',
      '/api/v1/tokens/',
      '/_headless/browser/v1/auth/session',
      '/api/v1/dev/outbox/',
    ]) {
      expect(isOfflineReadable(facts(path)), path).toBe(false);
    }
  });

  it('keeps nothing but GETs of its own origin, and no range requests', () => {
    expect(isOfflineReadable(facts('/api/v1/pad/', 'POST'))).toBe(false);
    expect(isOfflineReadable(facts('/api/v1/pad/01jabc/', 'DELETE'))).toBe(false);
    expect(isOfflineReadable(facts('/api/v1/pad/01jabc/', 'GET', true))).toBe(false);
    expect(
      isOfflineReadable({ ...facts('/api/v1/pad/'), url: new URL('https://elsewhere.example/api/v1/pad/') }),
    ).toBe(false);
  });

  it('keeps only full, successful JSON answers the server did not mark no-store', () => {
    expect(isKeepableAnswer(200, 'application/json; charset=utf-8', null)).toBe(true);
    expect(isKeepableAnswer(200, 'application/json', 'no-store')).toBe(false);
    expect(isKeepableAnswer(206, 'application/json', null)).toBe(false);
    expect(isKeepableAnswer(401, 'application/json', null)).toBe(false);
    expect(isKeepableAnswer(200, 'text/html', null)).toBe(false);
  });

  it('drops what it kept when someone signs in or out', () => {
    expect(changesWhoIsSignedIn(facts('/_headless/browser/v1/auth/session', 'DELETE'))).toBe(true);
    expect(changesWhoIsSignedIn(facts('/_headless/browser/v1/auth/login', 'POST'))).toBe(true);
    expect(changesWhoIsSignedIn(facts('/_headless/browser/v1/auth/session'))).toBe(false);
    expect(changesWhoIsSignedIn(facts('/api/v1/pad/', 'POST'))).toBe(false);
  });

  it('answers page loads with the app shell, never API or health paths', () => {
    expect(isAppNavigation(facts('/pad/01jabc'), 'navigate')).toBe(true);
    expect(isAppNavigation(facts('/pad/01jabc'), 'cors')).toBe(false);
    expect(isAppNavigation(facts('/api/v1/pad/'), 'navigate')).toBe(false);
    expect(isAppNavigation(facts('/_headless/browser/v1/auth/provider/callback/x'), 'navigate')).toBe(false);
    expect(isAppNavigation(facts('/readyz'), 'navigate')).toBe(false);
  });

  it('receives shared files only as a POST to the share target', () => {
    expect(isShareTarget(facts('/share', 'POST'))).toBe(true);
    expect(isShareTarget(facts('/share'))).toBe(false);
    expect(isShareTarget(facts('/share/other', 'POST'))).toBe(false);
  });
});
