import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../config.ts';
import { startS3Server, type TestS3Server } from '../../test/s3-server.ts';
import { localStorage, openStorage, type Storage } from './storage.ts';

/* The storage contract: the local folder and an S3-compatible store (s3rver on loopback) answer alike. */

let s3: TestS3Server;
let folder: string;

beforeAll(async () => {
  s3 = await startS3Server();
  folder = fs.mkdtempSync(path.join(os.tmpdir(), 'kinship-storage-'));
});
afterAll(async () => {
  await s3?.close();
  if (folder) fs.rmSync(folder, { recursive: true, force: true });
});

const STORES: [string, () => Promise<Storage>][] = [
  ['a local folder', async () => localStorage(folder)],
  ['an S3-compatible store', async () => openStorage({ DATA_DIR: '/nonexistent', ...s3.settings('site-a') })],
];

describe.each(STORES)('storage in %s', (_name, open) => {
  let storage: Storage;
  beforeAll(async () => {
    storage = await open();
  });

  it('gives back what was put, with its type, and null for what was not', async () => {
    await storage.put('partners/2/logo.webp', Buffer.from('logo bytes'), 'image/webp');
    const stored = await storage.get('partners/2/logo.webp');
    expect(stored?.data.toString()).toBe('logo bytes');
    expect(stored?.contentType).toBe('image/webp');
    expect(await storage.exists('partners/2/logo.webp')).toBe(true);
    expect(await storage.get('partners/2/missing.webp')).toBeNull();
    expect(await storage.exists('partners/2/missing.webp')).toBe(false);
    // A folder is not a file.
    expect(await storage.exists('partners/2')).toBe(false);
  });

  it('replaces a key put twice', async () => {
    await storage.put('partners/2/header.webp', Buffer.from('first'), 'image/webp');
    await storage.put('partners/2/header.webp', Buffer.from('second'), 'image/webp');
    expect((await storage.get('partners/2/header.webp'))?.data.toString()).toBe('second');
  });

  it('lists the keys under a prefix, sorted, and no others', async () => {
    for (const key of [
      'sponsoreds/12/b.webp',
      'sponsoreds/12/a/x.webp',
      'sponsoreds/1/a.webp',
      'sponsoreds/123/a.webp',
    ])
      await storage.put(key, Buffer.from(key), 'image/webp');
    expect(await storage.list('sponsoreds/12/')).toEqual(['sponsoreds/12/a/x.webp', 'sponsoreds/12/b.webp']);
    expect(await storage.list('sponsoreds/12')).toEqual([
      'sponsoreds/12/a/x.webp',
      'sponsoreds/12/b.webp',
      'sponsoreds/123/a.webp',
    ]);
    expect(await storage.list('sponsoreds/99/')).toEqual([]);
    expect(await storage.list('')).toContain('sponsoreds/1/a.webp');
  });

  it('deletes a key, and deleting a missing key is no error', async () => {
    await storage.put('sponsoreds/7/gone.webp', Buffer.from('x'), 'image/webp');
    await storage.delete('sponsoreds/7/gone.webp');
    expect(await storage.exists('sponsoreds/7/gone.webp')).toBe(false);
    expect(await storage.get('sponsoreds/7/gone.webp')).toBeNull();
    expect(await storage.list('sponsoreds/7/')).toEqual([]);
    await expect(storage.delete('sponsoreds/7/gone.webp')).resolves.toBeUndefined();
  });

  it('refuses keys and prefixes that could leave its root', async () => {
    expect(await storage.get('../secret')).toBeNull();
    expect(await storage.exists('a/../../secret')).toBe(false);
    await expect(storage.put('../escape.webp', Buffer.from('x'), 'image/webp')).rejects.toThrow(
      'Invalid storage key',
    );
    await expect(storage.delete('/etc/passwd')).rejects.toThrow('Invalid storage key');
    await expect(storage.list('../')).rejects.toThrow('Invalid storage prefix');
  });
});

describe('the S3 store', () => {
  it('keeps each prefix to itself: two sites over one bucket never see each other’s keys', async () => {
    const siteB = await openStorage({ DATA_DIR: '/nonexistent', ...s3.settings('site-b/') });
    await siteB.put('partners/2/logo.webp', Buffer.from('site b'), 'image/webp');
    expect(await siteB.list('')).toEqual(['partners/2/logo.webp']);
    const siteA = await openStorage({ DATA_DIR: '/nonexistent', ...s3.settings('site-a') });
    await siteA.put('partners/2/logo.webp', Buffer.from('site a'), 'image/webp');
    expect((await siteB.get('partners/2/logo.webp'))?.data.toString()).toBe('site b');
    // The objects really are in the bucket under the prefix.
    expect(fs.readdirSync(path.join(s3.directory, 'kinship-test'))).toEqual(
      expect.arrayContaining(['site-a', 'site-b']),
    );
  });

  it('is refused with the store’s error when the keys are wrong', async () => {
    const wrong = await openStorage({
      DATA_DIR: '/nonexistent',
      ...s3.settings('site-a'),
      S3_ACCESS_KEY_ID: 'NOT-A-KEY',
      S3_SECRET_ACCESS_KEY: 'nope',
    });
    await expect(wrong.put('a.webp', Buffer.from('x'), 'image/webp')).rejects.toThrow();
  });
});

describe('openStorage', () => {
  it('is the DATA_DIR/media folder with no STORAGE_URL, and a folder of a file:// address', async () => {
    const config = loadConfig({ DATA_DIR: folder });
    await (await openStorage(config)).put('k.webp', Buffer.from('default'), 'image/webp');
    expect(fs.readFileSync(path.join(folder, 'media', 'k.webp'), 'utf8')).toBe('default');
    const other = path.join(folder, 'other');
    await (
      await openStorage(loadConfig({ DATA_DIR: folder, STORAGE_URL: `file://${other}` }))
    ).put('k.webp', Buffer.from('file url'), 'image/webp');
    expect(fs.readFileSync(path.join(other, 'k.webp'), 'utf8')).toBe('file url');
  });

  it('refuses a STORAGE_URL of another kind at start-up', () => {
    expect(() => loadConfig({ STORAGE_URL: 'ftp://example.org/x' })).toThrow('STORAGE_URL');
  });

  it('reads the S3 settings from the environment', () => {
    const config = loadConfig({ ...s3.settings('p'), S3_FORCE_PATH_STYLE: 'false' });
    expect(config.STORAGE_URL).toBe('s3://kinship-test/p');
    expect(config.S3_FORCE_PATH_STYLE).toBe(false);
    expect(loadConfig({}).S3_FORCE_PATH_STYLE).toBeUndefined();
  });
});
