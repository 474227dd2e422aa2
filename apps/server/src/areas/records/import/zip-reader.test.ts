import yazl from 'yazl';
import { describe, expect, it } from 'vitest';
import { openCheckedZip, unsafeZipEntryReason } from './zip-reader.ts';

function zipOf(names: string[]): Promise<Buffer> {
  const zip = new yazl.ZipFile();
  for (const name of names) zip.addBuffer(Buffer.from(name), name);
  zip.end();
  return new Promise((resolve) => {
    const chunks: Buffer[] = [];
    zip.outputStream.on('data', (c: Buffer) => chunks.push(c));
    zip.outputStream.on('end', () => resolve(Buffer.concat(chunks)));
  });
}

const LIMITS = { maxExpandedBytes: 1024 * 1024, maxEntries: 3, maxEntryBytes: 1024 * 1024 };

describe('checking a zip before reading it', () => {
  it('an entry name may not leave the import folder in any spelling', () => {
    expect(unsafeZipEntryReason('photos/A-1.jpg')).toBeNull();
    expect(unsafeZipEntryReason('../A-1.jpg')).toBe('points outside the import folder');
    expect(unsafeZipEntryReason('photos/../../etc/passwd')).toBe('points outside the import folder');
    expect(unsafeZipEntryReason('photos\\..\\..\\A-1.jpg')).toBe('points outside the import folder');
    expect(unsafeZipEntryReason('/etc/passwd')).toBe('is an absolute path');
    expect(unsafeZipEntryReason('C:\\Windows\\A-1.jpg')).toBe('is an absolute path');
    expect(unsafeZipEntryReason('A-1\u0000.jpg')).toBe('has a control character in its name');
  });

  it('reads the entries of a good zip, and refuses one with too many entries or that is not a zip', async () => {
    const zip = await openCheckedZip(await zipOf(['a/A-1.jpg', 'A-2.jpg']), LIMITS);
    expect(zip.entries.map((e) => e.name)).toEqual(['a/A-1.jpg', 'A-2.jpg']);
    expect((await zip.read('a/A-1.jpg')).toString()).toBe('a/A-1.jpg');
    zip.close();
    await expect(openCheckedZip(await zipOf(['1', '2', '3', '4']), LIMITS)).rejects.toThrow(
      'The zip is refused: it holds more than 3 entries.',
    );
    await expect(openCheckedZip(Buffer.from('PK but not really'), LIMITS)).rejects.toThrow(
      'The zip is not a zip file that can be read.',
    );
  });

  it('refuses an entry whose bytes inflate past the size it declares', async () => {
    const honest = await zipOf(['A-1.jpg']);
    // Shrink the declared size (central directory and local header) below the real one.
    const lying = Buffer.from(honest);
    const centralDirectory = lying.indexOf(Buffer.from([0x50, 0x4b, 0x01, 0x02]));
    lying.writeUInt32LE(2, centralDirectory + 24);
    lying.writeUInt32LE(2, 22);
    const zip = await openCheckedZip(lying, LIMITS);
    await expect(zip.read('A-1.jpg')).rejects.toThrow(
      'The zip: "A-1.jpg" is damaged or larger than it says.',
    );
    zip.close();
  });
});
