import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PAD_COLORS, type Pad } from '@voxpad/shared/pads';
import type { Page } from '@voxpad/shared/pagination';
import { startTestApp, type TestApp } from '../support/test-app.ts';
import { signedUpClient } from '../support/http-client.ts';

/** A pad's colour (a fixed palette) and icon (one emoji or none). */
let server: TestApp;
beforeAll(async () => {
  server = await startTestApp();
});
afterAll(async () => {
  await server.close();
});

describe('pad colour and icon', () => {
  it('defaults to the first colour and no icon', async () => {
    const { client } = await signedUpClient(server.baseUrl);
    const created = await client.post<Pad>('/api/v1/pad/', { name: 'Plain' });
    expect(created.status).toBe(201);
    expect(created.body).toMatchObject({ color: 'slate', icon: null });
  });

  it('takes any colour of the palette and a single emoji, and lists them', async () => {
    const { client } = await signedUpClient(server.baseUrl);
    const icons = ['🎙️', '🇳🇱', '👩🏽‍💻', '👨‍👩‍👧‍👦', '❤️', '#️⃣'];
    for (const [i, color] of PAD_COLORS.entries()) {
      const icon = icons[i % icons.length]!;
      const res = await client.post<Pad>('/api/v1/pad/', { name: color, color, icon });
      expect(res.status, `${color} ${icon}`).toBe(201);
      expect(res.body).toMatchObject({ color, icon });
    }
    const list = await client.get<Page<Pad>>('/api/v1/pad/');
    expect(list.body.results.map((p) => p.color)).toEqual([...PAD_COLORS].reverse());
  });

  it('refuses colours outside the palette and icons that are not one emoji', async () => {
    const { client } = await signedUpClient(server.baseUrl);
    const badColor = await client.post('/api/v1/pad/', { name: 'x', color: 'hotpink' });
    expect(badColor.status).toBe(400);
    expect(badColor.body).toEqual({
      status: 400,
      errors: [
        {
          code: 'invalid',
          param: 'color',
          message: `Choose one of these colours: ${PAD_COLORS.join(', ')}.`,
        },
      ],
    });
    for (const icon of ['a', '1', 'ab', '😀😀', '🎙️ notes', '<b>', '😀'.repeat(5), 42]) {
      const res = await client.post('/api/v1/pad/', { name: 'x', icon });
      expect(res.status, String(icon)).toBe(400);
      expect(res.body).toMatchObject({
        errors: [{ param: 'icon', message: expect.stringMatching(/emoji/) }],
      });
    }
    expect((await client.get<Page<Pad>>('/api/v1/pad/')).body.results).toEqual([]);
  });

  it('keeps colour and icon on a PUT that leaves them out, and clears the icon with null or ""', async () => {
    const { client } = await signedUpClient(server.baseUrl);
    const pad = (await client.post<Pad>('/api/v1/pad/', { name: 'Ideas', color: 'teal', icon: '💡' })).body;
    const renamed = await client.put<Pad>(`/api/v1/pad/${pad.id}/`, { id: pad.id, name: 'Big ideas' });
    expect(renamed.body).toMatchObject({ name: 'Big ideas', color: 'teal', icon: '💡' });

    const recoloured = await client.put<Pad>(`/api/v1/pad/${pad.id}/`, {
      id: pad.id,
      name: 'Big ideas',
      color: 'violet',
      icon: '🚀',
    });
    expect(recoloured.body).toMatchObject({ color: 'violet', icon: '🚀' });
    const cleared = await client.put<Pad>(`/api/v1/pad/${pad.id}/`, {
      id: pad.id,
      name: 'Big ideas',
      icon: null,
    });
    expect(cleared.body).toMatchObject({ color: 'violet', icon: null });
    await client.put(`/api/v1/pad/${pad.id}/`, { id: pad.id, name: 'Big ideas', icon: '🚀' });
    const emptied = await client.put<Pad>(`/api/v1/pad/${pad.id}/`, {
      id: pad.id,
      name: 'Big ideas',
      icon: '',
    });
    expect(emptied.body.icon).toBeNull();

    const bad = await client.put(`/api/v1/pad/${pad.id}/`, { id: pad.id, name: 'Big ideas', color: 'beige' });
    expect(bad.status).toBe(400);
    expect((await client.get<Pad>(`/api/v1/pad/${pad.id}/`)).body.color).toBe('violet');
  });

  it("cannot recolour another user's pad", async () => {
    const alice = (await signedUpClient(server.baseUrl)).client;
    const bob = (await signedUpClient(server.baseUrl)).client;
    const pad = (await alice.post<Pad>('/api/v1/pad/', { name: 'Mine', color: 'red' })).body;
    const res = await bob.put(`/api/v1/pad/${pad.id}/`, { id: pad.id, name: 'Mine', color: 'blue' });
    expect(res.status).toBe(404);
    expect((await alice.get<Pad>(`/api/v1/pad/${pad.id}/`)).body.color).toBe('red');
  });
});
