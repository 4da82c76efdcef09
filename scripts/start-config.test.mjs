import { describe, expect, it } from 'vitest';
import { startBanner, startEnvironment } from './start-config.mjs';

describe('npm start', () => {
  it('names the site localhost on loopback (passkeys), listening on 127.0.0.1 as before', () => {
    const { env, listening, readyUrl } = startEnvironment({}, '/srv/voxpad');
    expect(env).toMatchObject({
      NODE_ENV: 'production',
      PUBLIC_URL: 'http://localhost:8080',
      DATA_DIR: '/srv/voxpad/data',
      WEB_DIST_DIR: '/srv/voxpad/apps/web/dist',
    });
    expect(listening).toBe('http://127.0.0.1:8080');
    expect(readyUrl).toBe('http://127.0.0.1:8080/readyz');
    expect(startEnvironment({ PORT: '9090', HOST: '::1' }, '/r').env.PUBLIC_URL).toBe(
      'http://localhost:9090',
    );
    expect(startEnvironment({ PORT: '9090', HOST: '::1' }, '/r').readyUrl).toBe('http://[::1]:9090/readyz');
  });

  it('leaves PUBLIC_URL to the operator on other hosts, and keeps one that is set', () => {
    expect(startEnvironment({ HOST: '0.0.0.0' }, '/r').env.PUBLIC_URL).toBeUndefined();
    expect(startEnvironment({ HOST: '0.0.0.0' }, '/r').readyUrl).toBe('http://127.0.0.1:8080/readyz');
    const set = startEnvironment({ PUBLIC_URL: 'https://notes.example.org' }, '/r');
    expect(set.env.PUBLIC_URL).toBe('https://notes.example.org');
  });

  it('says where to open it and that, without SMTP_URL, mail links are printed in the console', () => {
    const { env, listening } = startEnvironment({}, '/srv/voxpad');
    const text = startBanner({ env, listening }).join('\n');
    expect(text).toContain('Voxpad is up: open http://localhost:8080');
    expect(text).toContain(
      'it answers at http://127.0.0.1:8080 too; passkeys work only at http://localhost:8080',
    );
    expect(text).toContain('no SMTP_URL is set, so nothing is sent');
    expect(text).toContain('/srv/voxpad/data/outbox');
    // The words the server's log line starts with, so the person can find the link.
    expect(text).toContain('No SMTP_URL set, so this mail was not sent');
  });

  it('names the SMTP server without its credentials when mail is sent', () => {
    const started = startEnvironment({ SMTP_URL: 'smtp://user:secret@mail.example.org:587' }, '/r');
    const text = startBanner(started).join('\n');
    expect(text).toContain('mail.example.org:587');
    expect(text).not.toContain('secret');
  });
});
