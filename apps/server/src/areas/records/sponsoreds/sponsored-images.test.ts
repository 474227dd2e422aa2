import fs from 'node:fs';
import http from 'node:http';
import os from 'node:os';
import path from 'node:path';
import zlib from 'node:zlib';
import exifReader from 'exif-reader';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEMO_ACCOUNTS, DEMO_IDS } from '../../../seed/demo.ts';
import { MAX_IMAGE_PIXELS } from '../../../platform/images.ts';
import { localStorage, openStorage, type Storage } from '../../../platform/storage.ts';
import type { TestClient, TestResponse } from '../../../../test/http-client.ts';
import { startS3Server, type TestS3Server } from '../../../../test/s3-server.ts';
import { startTestApp, type TestApp } from '../../../../test/test-app.ts';

/*
 * POST /api/sponsoreds/{id}/images through the whole server, once with pictures in a local folder
 * and once in an S3-compatible store (s3rver on loopback). Every test picture is made here.
 */

interface Created {
  id: number;
  imagePath: string;
  description: string | null;
  width: number;
  height: number;
  variants: { large: string; medium: string; thumb: string };
}

const password = (email: string) => DEMO_ACCOUNTS.find((a) => a.email === email)!.password;
const MASKED = DEMO_IDS.maskedNotSponsored; // Antigua: the program administrator's program
const MASKED_ELSEWHERE = DEMO_IDS.maskedNotSponsoredOtherEntity;

const XMP =
  '<?xpacket begin="" id="W5M0MpCehiHzreSzNTczkc9d"?><x:xmpmeta xmlns:x="adobe:ns:meta/">' +
  '<rdf:RDF xmlns:rdf="http://www.w3.org/1999/02/22-rdf-syntax-ns#"><rdf:Description ' +
  'xmlns:dc="http://purl.org/dc/elements/1.1/"><dc:creator>Secret Photographer</dc:creator>' +
  '</rdf:Description></rdf:RDF></x:xmpmeta><?xpacket end="w"?>';

/**
 * A phone photo held sideways: stored 2000 x 1000 (left half red, right half blue) with EXIF
 * orientation 6 (turn 90 degrees clockwise to view), so upright it is 1000 x 2000, red on top. It
 * also carries a GPS position, the camera's make, an XMP packet and a Display P3 ICC profile.
 */
async function sidewaysPhotoWithGps(): Promise<Buffer> {
  return sharp({ create: { width: 1000, height: 1000, channels: 3, background: '#ff0000' } })
    .extend({ right: 1000, background: '#0000ff' })
    .withMetadata({ orientation: 6 })
    .withExifMerge({
      IFD0: { Make: 'KinshipTestCam' },
      IFD3: {
        GPSLatitudeRef: 'N',
        GPSLatitude: '51/1 30/1 2645/100',
        GPSLongitudeRef: 'W',
        GPSLongitude: '0/1 7/1 3936/100',
      },
    })
    .withXmp(XMP)
    .withIccProfile('p3')
    .jpeg({ quality: 90 })
    .toBuffer();
}

/** A half-transparent PNG: a JPEG reader could not open it, and WebP keeps its transparency. */
async function transparentPng(): Promise<Buffer> {
  return sharp({
    create: { width: 400, height: 300, channels: 4, background: { r: 0, g: 160, b: 0, alpha: 0.5 } },
  })
    .png()
    .toBuffer();
}

/**
 * A decompression bomb: a valid PNG of 50,000 x 50,000 black pixels (1 bit each) whose rows of
 * zeros deflate to a few hundred kilobytes, and would take gigabytes once decoded.
 */
async function pngBomb(width = 50_000, height = 50_000): Promise<Buffer> {
  const chunk = (type: string, data: Buffer) => {
    const body = Buffer.concat([Buffer.from(type, 'ascii'), data]);
    const length = Buffer.alloc(4);
    length.writeUInt32BE(data.length);
    const crc = Buffer.alloc(4);
    crc.writeUInt32BE(zlib.crc32(body));
    return Buffer.concat([length, body, crc]);
  };
  const header = Buffer.alloc(13);
  header.writeUInt32BE(width, 0);
  header.writeUInt32BE(height, 4);
  header.set([1, 0, 0, 0, 0], 8); // bit depth 1, greyscale, deflate, filter 0, no interlace
  const row = Buffer.alloc(1 + Math.ceil(width / 8)); // filter byte 0, then zeros
  const deflate = zlib.createDeflate({ level: 9 });
  const compressed: Buffer[] = [];
  deflate.on('data', (c: Buffer) => compressed.push(c));
  const done = new Promise((resolve, reject) => deflate.on('end', resolve).on('error', reject));
  for (let y = 0; y < height; y++) {
    if (!deflate.write(row)) await new Promise((resolve) => deflate.once('drain', resolve));
  }
  deflate.end();
  await done;
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    chunk('IHDR', header),
    chunk('IDAT', Buffer.concat(compressed)),
    chunk('IEND', Buffer.alloc(0)),
  ]);
}

/** A real JPEG padded to 30 MB (JPEG readers stop at the end-of-image marker). */
async function thirtyMegabyteJpeg(): Promise<Buffer> {
  const jpeg = await sharp({ create: { width: 64, height: 64, channels: 3, background: '#888888' } })
    .jpeg()
    .toBuffer();
  return Buffer.concat([jpeg, Buffer.alloc(30 * 1024 * 1024 - jpeg.length)]);
}

/** Made once for both storages. */
let bombOnce: Promise<Buffer> | undefined;

interface Upload {
  name: string;
  data: Buffer;
  type: string;
}

/** A multipart/form-data body as a browser's FormData would send it. */
async function multipart(files: Upload[]): Promise<{ body: Buffer; contentType: string }> {
  const form = new FormData();
  for (const file of files) {
    form.append('images', new Blob([new Uint8Array(file.data)], { type: file.type }), file.name);
  }
  const request = new Request('http://localhost/', { method: 'POST', body: form });
  return {
    body: Buffer.from(await request.arrayBuffer()),
    contentType: request.headers.get('content-type')!,
  };
}

async function upload(client: TestClient, id: number, files: Upload[]): Promise<TestResponse> {
  const { body, contentType } = await multipart(files);
  return client.request(
    'POST',
    `/api/sponsoreds/${id}/images?partnersId=2`,
    undefined,
    { 'content-type': contentType },
    body,
  );
}

async function binary(
  client: TestClient,
  url: string,
): Promise<{ status: number; type: string; data: Buffer }> {
  // TestClient decodes text; pictures are fetched with the same cookies through Node's http.
  const [host, port] = [client.host, client.port];
  return new Promise((resolve, reject) => {
    http
      .get(
        {
          host: '127.0.0.1',
          port,
          path: url,
          headers: { host: `${host}:${port}`, cookie: client.cookieHeader },
        },
        (res) => {
          const chunks: Buffer[] = [];
          res.on('data', (c: Buffer) => chunks.push(c));
          res.on('end', () =>
            resolve({
              status: res.statusCode ?? 0,
              type: String(res.headers['content-type']),
              data: Buffer.concat(chunks),
            }),
          );
        },
      )
      .on('error', reject);
  });
}

async function pixel(data: Buffer, x: number, y: number): Promise<number[]> {
  return [
    ...(await sharp(data).extract({ left: x, top: y, width: 1, height: 1 }).removeAlpha().raw().toBuffer()),
  ];
}

let s3: TestS3Server;
let localRoot: string;

beforeAll(async () => {
  s3 = await startS3Server();
  localRoot = fs.mkdtempSync(path.join(os.tmpdir(), 'kinship-uploads-'));
});
afterAll(async () => {
  await s3?.close();
  if (localRoot) fs.rmSync(localRoot, { recursive: true, force: true });
});

const STORES: [string, () => Promise<Storage>][] = [
  ['a local folder', async () => localStorage(localRoot)],
  [
    'an S3-compatible store',
    async () => openStorage({ DATA_DIR: '/nonexistent', ...s3.settings('uploads') }),
  ],
];

describe.each(STORES)('POST /api/sponsoreds/{id}/images with pictures in %s', (_name, makeStorage) => {
  let t: TestApp;
  let storage: Storage;
  let admin: TestClient;
  let programAdmin: TestClient;
  let donor: TestClient;
  let anonymous: TestClient;

  const gallery = () => storage.list(`sponsoreds/${MASKED}/gallery/`);
  const imageCount = async () =>
    (await admin.get(`/api/sponsoreds/${MASKED}/images?partnersId=2`)).json<unknown[]>().length;

  beforeAll(async () => {
    storage = await makeStorage();
    t = await startTestApp({ storage });
    anonymous = t.client();
    const signedIn = async (email: string) => {
      const client = t.client();
      await client.signIn(email, password(email));
      return client;
    };
    [admin, programAdmin, donor] = await Promise.all([
      signedIn('partner-admin@demo.example.org'),
      signedIn('program-admin@demo.example.org'),
      signedIn('donor@demo.example.org'),
    ]);
  });
  afterAll(async () => {
    await t?.close();
  });

  it('stores a sideways phone photo upright, in three WebP sizes, with no metadata left', async () => {
    const photo = await sidewaysPhotoWithGps();
    // The test picture really carries what must go.
    const before = await sharp(photo).metadata();
    expect(before.orientation).toBe(6);
    expect(exifReader(before.exif!).GPSInfo?.GPSLatitudeRef).toBe('N');
    expect(exifReader(before.exif!).Image?.Make).toBe('KinshipTestCam');
    expect(before.xmp?.toString()).toContain('Secret Photographer');
    expect(before.icc).toBeDefined();

    const res = await upload(admin, MASKED, [{ name: 'IMG_0001.JPG', data: photo, type: 'image/jpeg' }]);
    expect(res.status, res.text).toBe(201);
    const [created] = res.json<Created[]>();
    expect(created).toMatchObject({ description: null, width: 800, height: 1600 });
    expect(created!.imagePath).toBe(created!.variants.large);
    expect(created!.variants.large).toMatch(
      new RegExp(`^sponsoreds/${MASKED}/gallery/[0-9a-f-]{36}/large\\.webp$`),
    );

    const sizes = { large: [800, 1600], medium: [400, 800], thumb: [160, 320] } as const;
    for (const [variant, [width, height]] of Object.entries(sizes)) {
      const key = created!.variants[variant as keyof typeof sizes];
      const stored = await storage.get(key);
      expect(stored, key).not.toBeNull();
      const served = await binary(admin, `/media/${key}`);
      expect(served.status).toBe(200);
      expect(served.type).toBe('image/webp');
      expect(served.data.equals(stored!.data)).toBe(true);
      const meta = await sharp(served.data).metadata();
      expect({ format: meta.format, width: meta.width, height: meta.height }).toEqual({
        format: 'webp',
        width,
        height,
      });
      expect({
        exif: meta.exif,
        xmp: meta.xmp,
        icc: meta.icc,
        iptc: meta.iptc,
        orientation: meta.orientation,
      }).toEqual({
        exif: undefined,
        xmp: undefined,
        icc: undefined,
        iptc: undefined,
        orientation: undefined,
      });
      // Nothing of the metadata survives anywhere in the file either.
      for (const trace of ['KinshipTestCam', 'Secret Photographer', 'Exif', 'Display P3'])
        expect(served.data.includes(Buffer.from(trace)), `${trace} in ${variant}`).toBe(false);
      // Upright: what was the left (red) is now the top, the right (blue) the bottom.
      const [top, bottom] = [
        await pixel(served.data, width / 2, 2),
        await pixel(served.data, width / 2, height - 3),
      ];
      expect(top[0]).toBeGreaterThan(200);
      expect(top[2]).toBeLessThan(60);
      expect(bottom[2]).toBeGreaterThan(200);
      expect(bottom[0]).toBeLessThan(60);
    }
    // A masked record's new pictures stay behind the access check, whatever the storage.
    const asVisitor = await anonymous.get(`/media/${created!.variants.thumb}`);
    expect(asVisitor.status).toBe(404);
    expect((await donor.get(`/media/${created!.variants.thumb}`)).status).toBe(404);
    const images = (await admin.get(`/api/sponsoreds/${MASKED}/images?partnersId=2`)).json<
      { imagePath: string }[]
    >();
    expect(images.at(-1)).toEqual({ imagePath: created!.imagePath, description: null });
  });

  it('reads a PNG named .jpg as the PNG it is, keeping its transparency', async () => {
    const res = await upload(admin, MASKED, [
      { name: 'holiday.jpg', data: await transparentPng(), type: 'image/jpeg' },
    ]);
    expect(res.status, res.text).toBe(201);
    const [created] = res.json<Created[]>();
    expect(created).toMatchObject({ width: 400, height: 300 });
    const meta = await sharp((await storage.get(created!.variants.large))!.data).metadata();
    expect({ format: meta.format, hasAlpha: meta.hasAlpha }).toEqual({ format: 'webp', hasAlpha: true });
  });

  it('refuses a decompression bomb of 50,000 x 50,000 pixels before decoding it', async () => {
    const bomb = await (bombOnce ??= pngBomb());
    expect(bomb.length).toBeLessThan(1024 * 1024);
    const declared = await sharp(bomb, { limitInputPixels: false }).metadata();
    expect([declared.format, declared.width, declared.height]).toEqual(['png', 50_000, 50_000]);
    const [filesBefore, rowsBefore] = [await gallery(), await imageCount()];
    const res = await upload(admin, MASKED, [{ name: 'bomb.png', data: bomb, type: 'image/png' }]);
    expect(res.status).toBe(413);
    expect(res.text).toBe(
      `bomb.png is 50000 x 50000 pixels; a picture may have at most ${MAX_IMAGE_PIXELS / 1_000_000} megapixels.`,
    );
    expect(await gallery()).toEqual(filesBefore);
    expect(await imageCount()).toBe(rowsBefore);
  });

  it('refuses a 30 MB file with a clear 413', async () => {
    const rowsBefore = await imageCount();
    const res = await upload(admin, MASKED, [
      { name: 'huge.jpg', data: await thirtyMegabyteJpeg(), type: 'image/jpeg' },
    ]);
    expect(res.status).toBe(413);
    expect(res.text).toBe('huge.jpg is larger than 20 MB, the most a picture may weigh.');
    expect(await imageCount()).toBe(rowsBefore);
  });

  it('refuses the whole upload when one file is bad, removing what it had stored', async () => {
    const [filesBefore, rowsBefore] = [await gallery(), await imageCount()];
    const res = await upload(admin, MASKED, [
      { name: 'good.png', data: await transparentPng(), type: 'image/png' },
      {
        name: 'notes.jpg',
        data: Buffer.from('these are not the pixels you are looking for'),
        type: 'image/jpeg',
      },
    ]);
    expect(res.status).toBe(415);
    expect(res.text).toBe('notes.jpg is not a picture we can read (JPEG, PNG, WebP, GIF, AVIF or TIFF).');
    expect(await gallery()).toEqual(filesBefore);
    expect(await imageCount()).toBe(rowsBefore);
  });

  it('takes several pictures at once, in order, and refuses more than ten', async () => {
    const png = await transparentPng();
    const two = await upload(admin, MASKED, [
      { name: 'a.png', data: png, type: 'image/png' },
      { name: 'b.png', data: png, type: 'image/png' },
    ]);
    expect(two.status, two.text).toBe(201);
    const created = two.json<Created[]>();
    expect(created).toHaveLength(2);
    expect(created[1]!.id).toBeGreaterThan(created[0]!.id);
    const images = (await admin.get(`/api/sponsoreds/${MASKED}/images?partnersId=2`)).json<
      { imagePath: string }[]
    >();
    expect(images.slice(-2).map((i) => i.imagePath)).toEqual(created.map((c) => c.imagePath));

    const tiny = await sharp({ create: { width: 8, height: 8, channels: 3, background: '#123456' } })
      .png()
      .toBuffer();
    const eleven = Array.from({ length: 11 }, (_, i) => ({
      name: `p${i}.png`,
      data: tiny,
      type: 'image/png',
    }));
    const res = await upload(admin, MASKED, eleven);
    expect(res.status).toBe(413);
    expect(res.text).toBe('At most 10 pictures can be sent at once.');
  });

  it('answers a broken multipart body with a 400, never a 500', async () => {
    const url = `/api/sponsoreds/${MASKED}/images?partnersId=2`;
    const cases: [string, string][] = [
      ['multipart/form-data', 'no boundary at all'],
      [
        'multipart/form-data; boundary=xyz',
        '--xyz\r\nContent-Disposition: form-data; name="images"; filename="a.png"\r\n\r\ncut',
      ],
      ['multipart/form-data; boundary=xyz', 'garbage without any boundary'],
    ];
    for (const [contentType, body] of cases) {
      const res = await admin.request('POST', url, undefined, { 'content-type': contentType }, body);
      expect(res.status, `${contentType}: ${res.text}`).toBe(400);
      expect(res.text).toMatch(/^The multipart\/form-data body is malformed \(.+\)$/);
    }
  });

  it('answers who may not add pictures, and a body that is not multipart', async () => {
    const png = await transparentPng();
    const files = [{ name: 'a.png', data: png, type: 'image/png' }];
    expect((await upload(anonymous, MASKED, files)).status).toBe(401);
    const asDonor = await upload(donor, MASKED, files);
    expect([asDonor.status, asDonor.text]).toEqual([
      403,
      "Only the partner's staff who manage pictures of the record's program can add pictures to it.",
    ]);
    // The program administrator: a record of their program, and one outside it.
    expect((await upload(programAdmin, MASKED, files)).status).toBe(201);
    expect((await upload(programAdmin, MASKED_ELSEWHERE, files)).status).toBe(403);
    // Another partner's record through this site.
    expect((await upload(admin, DEMO_IDS.mapleStudent, files)).status).toBe(404);
    const json = await admin.post(`/api/sponsoreds/${MASKED}/images?partnersId=2`, { images: [] });
    expect([json.status, json.text]).toEqual([415, 'Send the pictures as a multipart/form-data body.']);
    const empty = await upload(admin, MASKED, []);
    expect([empty.status, empty.text]).toEqual([
      400,
      'Send at least one picture as a file of a multipart/form-data body.',
    ]);
  });
});
