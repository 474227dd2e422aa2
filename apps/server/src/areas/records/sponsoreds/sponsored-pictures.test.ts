import fs from 'node:fs';
import http from 'node:http';
import os from 'node:os';
import path from 'node:path';
import { eq } from 'drizzle-orm';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditLog, sponsoreds } from '../../../db/schema/index.ts';
import { DEMO_ACCOUNTS, DEMO_IDS } from '../../../seed/demo.ts';
import { localStorage, type Storage } from '../../../platform/storage.ts';
import type { TestClient } from '../../../../test/http-client.ts';
import { startTestApp, type TestApp } from '../../../../test/test-app.ts';
import { ORDER_MISMATCH_MESSAGE, type ManagedPicture } from './sponsored-pictures.service.ts';

/*
 * Managing a record's pictures through the whole server: descriptions, order, the profile picture,
 * removal (with its stored variants), and who may do it (pictures.manage at the record's program).
 */

const password = (email: string) => DEMO_ACCOUNTS.find((a) => a.email === email)!.password;
const MASKED = DEMO_IDS.maskedNotSponsored; // Antigua: the program administrator's program
const MASKED_ELSEWHERE = DEMO_IDS.maskedNotSponsoredOtherEntity;

async function jpeg(color: string): Promise<Buffer> {
  return sharp({ create: { width: 120, height: 90, channels: 3, background: color } })
    .jpeg()
    .toBuffer();
}

async function upload(client: TestClient, id: number, files: Buffer[]) {
  const form = new FormData();
  files.forEach((data, i) =>
    form.append('images', new Blob([new Uint8Array(data)], { type: 'image/jpeg' }), `p${i}.jpg`),
  );
  const request = new Request('http://localhost/', { method: 'POST', body: form });
  return client.request(
    'POST',
    `/api/sponsoreds/${id}/images?partnersId=2`,
    undefined,
    { 'content-type': request.headers.get('content-type')! },
    Buffer.from(await request.arrayBuffer()),
  );
}

function mediaStatus(client: TestClient, key: string): Promise<number> {
  return new Promise((resolve, reject) => {
    http
      .get(
        {
          host: '127.0.0.1',
          port: client.port,
          path: `/media/${key}`,
          headers: { host: `${client.host}:${client.port}`, cookie: client.cookieHeader },
        },
        (res) => {
          res.resume();
          res.on('end', () => resolve(res.statusCode ?? 0));
        },
      )
      .on('error', reject);
  });
}

describe('managing a record’s pictures', () => {
  let t: TestApp;
  let root: string;
  let storage: Storage;
  const clients: Record<string, TestClient> = {};
  const pictures = async (id = MASKED) =>
    (await clients.admin!.get(`/api/sponsoreds/${id}/pictures?partnersId=2`)).json<ManagedPicture[]>();
  const auditActions = async (action: string) =>
    (await t.database.db.select().from(auditLog).where(eq(auditLog.action, action))).length;

  beforeAll(async () => {
    root = fs.mkdtempSync(path.join(os.tmpdir(), 'kinship-pictures-'));
    storage = localStorage(root);
    t = await startTestApp({ storage });
    const accounts = {
      admin: 'partner-admin@demo.example.org',
      programAdmin: 'program-admin@demo.example.org',
      reporting: 'reporting@demo.example.org',
      donor: 'donor@demo.example.org',
    };
    for (const [name, email] of Object.entries(accounts)) {
      clients[name] = t.client();
      await clients[name].signIn(email, password(email));
    }
    clients.anonymous = t.client();
  });
  afterAll(async () => {
    await t?.close();
    if (root) fs.rmSync(root, { recursive: true, force: true });
  });

  it('describes, reorders, chooses the profile picture and deletes, each with its audit row', async () => {
    const res = await upload(clients.admin!, MASKED, [
      await jpeg('#f00'),
      await jpeg('#0f0'),
      await jpeg('#00f'),
    ]);
    expect(res.status, res.text).toBe(201);
    const added = res.json<{ id: number }[]>().map((p) => p.id);
    expect(await auditActions('sponsored.pictures_added')).toBe(1);

    const before = await pictures();
    expect(before.slice(-3).map((p) => p.id)).toEqual(added);
    expect(before.at(-1)!.thumbPath).toMatch(/\/thumb\.webp$/);

    // Description: set, then cleared by an empty text.
    const described = await clients.admin!.request(
      'PATCH',
      `/api/sponsoreds/${MASKED}/images/${added[0]}?partnersId=2`,
      {
        description: '  At the school garden  ',
      },
    );
    expect(described.status, described.text).toBe(200);
    expect(described.json<ManagedPicture[]>().find((p) => p.id === added[0])!.description).toBe(
      'At the school garden',
    );
    expect(await auditActions('sponsored_image.updated')).toBe(1);

    // Reorder: every id once, else a clear 400.
    const reversed = [...before.map((p) => p.id)].reverse();
    const reordered = await clients.admin!.request(
      'PUT',
      `/api/sponsoreds/${MASKED}/images/order?partnersId=2`,
      { ids: reversed },
    );
    expect(reordered.status, reordered.text).toBe(200);
    expect(reordered.json<ManagedPicture[]>().map((p) => p.id)).toEqual(reversed);
    expect((await pictures()).map((p) => p.id)).toEqual(reversed);
    for (const ids of [reversed.slice(1), [...reversed, reversed[0]], [...reversed.slice(1), 999_999]]) {
      const bad = await clients.admin!.request('PUT', `/api/sponsoreds/${MASKED}/images/order?partnersId=2`, {
        ids,
      });
      expect(bad.status).toBe(400);
      expect(bad.text).toContain(ORDER_MISMATCH_MESSAGE);
    }
    expect(await auditActions('sponsored.pictures_reordered')).toBe(1);

    // Profile picture: the record points at it; a masked record's stays private on /media.
    const chosen = await clients.admin!.request(
      'PUT',
      `/api/sponsoreds/${MASKED}/profileimage?partnersId=2`,
      { imageId: added[1] },
    );
    expect(chosen.status, chosen.text).toBe(200);
    const profile = chosen.json<ManagedPicture[]>().find((p) => p.isProfile)!;
    expect(profile.id).toBe(added[1]);
    const [row] = await t.database.db.select().from(sponsoreds).where(eq(sponsoreds.id, MASKED));
    expect(row!.profileImagePath).toBe(profile.imagePath);
    expect(await mediaStatus(clients.admin!, profile.imagePath)).toBe(200);
    expect(await mediaStatus(clients.anonymous!, profile.imagePath)).toBe(404);
    expect(await mediaStatus(clients.donor!, profile.imagePath)).toBe(404);
    expect(await auditActions('sponsored.profile_picture_chosen')).toBe(1);

    // Delete the profile picture: the row, the profile pointer and every stored variant go.
    const folder = profile.imagePath.replace(/large\.webp$/, '');
    expect(await storage.list(folder)).toHaveLength(3);
    const deleted = await clients.admin!.request(
      'DELETE',
      `/api/sponsoreds/${MASKED}/images/${added[1]}?partnersId=2`,
    );
    expect(deleted.status, deleted.text).toBe(200);
    expect(deleted.json<ManagedPicture[]>().map((p) => p.id)).not.toContain(added[1]);
    expect(await storage.list(folder)).toEqual([]);
    const [after] = await t.database.db.select().from(sponsoreds).where(eq(sponsoreds.id, MASKED));
    expect(after!.profileImagePath).toBeNull();
    expect(await auditActions('sponsored_image.deleted')).toBe(1);

    // A picture of another record (or gone) is not this record's: 404.
    const again = await clients.admin!.request(
      'DELETE',
      `/api/sponsoreds/${MASKED}/images/${added[1]}?partnersId=2`,
    );
    expect(again.status).toBe(404);
    const elsewhere = await clients.admin!.request(
      'PATCH',
      `/api/sponsoreds/${MASKED_ELSEWHERE}/images/${added[0]}?partnersId=2`,
      {
        description: 'x',
      },
    );
    expect(elsewhere.status).toBe(404);
  });

  it('an unmasked record’s chosen profile picture shows on the public site at once', async () => {
    const teacher = DEMO_IDS.sponsoredOfSponsorTeacher;
    const publicProfile = async () =>
      (await clients.anonymous!.get(`/api/sponsoreds/${teacher}?partnersId=2`)).json<{
        profileImagePath: string | null;
      }>().profileImagePath;
    const before = await publicProfile();
    const res = await upload(clients.admin!, teacher, [await jpeg('#0a0')]);
    expect(res.status, res.text).toBe(201);
    const [added] = res.json<{ id: number; imagePath: string }[]>();
    const chosen = await clients.admin!.request(
      'PUT',
      `/api/sponsoreds/${teacher}/profileimage?partnersId=2`,
      {
        imageId: added!.id,
      },
    );
    expect(chosen.status, chosen.text).toBe(200);
    expect(await publicProfile()).toBe(added!.imagePath);
    expect(await publicProfile()).not.toBe(before);
    expect(await mediaStatus(clients.anonymous!, added!.imagePath)).toBe(200);
    // Its other pictures stay for sponsors and staff.
    const [masked] = await pictures(MASKED);
    expect(await mediaStatus(clients.anonymous!, masked!.imagePath)).toBe(404);
  });

  it('lets only staff who manage pictures of the record’s program change them', async () => {
    const [first] = await pictures();
    const calls = (id: number, imageId: number) =>
      [
        ['GET', `/api/sponsoreds/${id}/pictures?partnersId=2`, undefined],
        ['PATCH', `/api/sponsoreds/${id}/images/${imageId}?partnersId=2`, { description: 'nope' }],
        ['PUT', `/api/sponsoreds/${id}/images/order?partnersId=2`, { ids: [imageId] }],
        ['PUT', `/api/sponsoreds/${id}/profileimage?partnersId=2`, { imageId }],
        ['DELETE', `/api/sponsoreds/${id}/images/${imageId}?partnersId=2`, undefined],
      ] as const;
    const [elsewhere] = await pictures(MASKED_ELSEWHERE);
    for (const [method, url, body] of calls(MASKED, first!.id)) {
      expect((await clients.anonymous!.request(method, url, body)).status, `${method} ${url}`).toBe(401);
      expect((await clients.donor!.request(method, url, body)).status, `${method} ${url}`).toBe(403);
      expect((await clients.reporting!.request(method, url, body)).status, `${method} ${url}`).toBe(403);
    }
    for (const [method, url, body] of calls(MASKED_ELSEWHERE, elsewhere!.id)) {
      expect((await clients.programAdmin!.request(method, url, body)).status, `${method} ${url}`).toBe(403);
    }
    // In the program administrator's own program, granted.
    const own = await clients.programAdmin!.request(
      'PATCH',
      `/api/sponsoreds/${MASKED}/images/${first!.id}?partnersId=2`,
      {
        description: 'Antigua',
      },
    );
    expect(own.status, own.text).toBe(200);
    expect((await pictures()).find((p) => p.id === first!.id)!.description).toBe('Antigua');
    const bad = await clients.admin!.request(
      'PATCH',
      `/api/sponsoreds/${MASKED}/images/${first!.id}?partnersId=2`,
      {
        description: 42,
      },
    );
    expect(bad.status).toBe(400);
  });
});
