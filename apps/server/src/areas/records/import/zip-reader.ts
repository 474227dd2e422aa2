import yauzl from 'yauzl';
import { ERRORS } from '@kinship/domain';
import { refuse } from '../../../platform/errors.ts';

// Reading zips a partner uploads (pictures by record code, and .xlsx workbooks, which are zips):
// every entry name is checked before anything is read (no entry may leave the import folder), and
// the whole zip is refused when its entries declare more bytes or more entries than the limits
// (a zip bomb); yauzl then checks each entry inflates to exactly its declared size.

export interface ZipLimits {
  /** Largest total of the entries' uncompressed sizes. */
  maxExpandedBytes: number;
  maxEntries: number;
  /** Largest single entry, uncompressed. */
  maxEntryBytes: number;
}

export interface ZipEntryInfo {
  /** The entry's path inside the zip, `/`-separated. */
  name: string;
  isDirectory: boolean;
  uncompressedSize: number;
}

export interface OpenedZip {
  entries: ZipEntryInfo[];
  /** The bytes of one file entry (checked against its declared size). */
  read(name: string): Promise<Buffer>;
  close(): void;
}

const megabytes = (bytes: number) => `${Math.round((bytes / 1024 / 1024) * 10) / 10} MB`;

/** Why an entry name would leave the import folder, or null when it stays inside. */
export function unsafeZipEntryReason(name: string): string | null {
  // eslint-disable-next-line no-control-regex
  if (/[\u0000-\u001f]/.test(name)) return 'has a control character in its name';
  const slashes = name.replace(/\\/g, '/');
  if (slashes.startsWith('/') || /^[A-Za-z]:/.test(slashes)) return 'is an absolute path';
  if (slashes.split('/').some((part) => part === '..')) return 'points outside the import folder';
  return yauzl.validateFileName(slashes);
}

function fromBuffer(bytes: Buffer): Promise<yauzl.ZipFile> {
  return new Promise((resolve, reject) => {
    yauzl.fromBuffer(
      bytes,
      { lazyEntries: true, autoClose: false, decodeStrings: false, validateEntrySizes: true },
      (error, zipfile) => (error ? reject(error) : resolve(zipfile)),
    );
  });
}

/** Opens a zip after checking every entry's name and the declared sizes; a bad zip is a 400 naming why. */
export async function openCheckedZip(bytes: Buffer, limits: ZipLimits, what = 'The zip'): Promise<OpenedZip> {
  let zipfile: yauzl.ZipFile;
  try {
    zipfile = await fromBuffer(bytes);
  } catch {
    throw refuse(ERRORS.IMPORT_FILE_INVALID, `${what} is not a zip file that can be read.`);
  }
  const raw = new Map<string, yauzl.Entry>();
  const entries: ZipEntryInfo[] = [];
  let expanded = 0;
  try {
    await new Promise<void>((resolve, reject) => {
      zipfile.on('error', reject);
      zipfile.on('end', () => resolve());
      zipfile.on('entry', (entry: yauzl.Entry) => {
        const nameBytes = entry.fileName as unknown as Buffer;
        const name = yauzl.getFileNameLowLevel(
          entry.generalPurposeBitFlag,
          nameBytes,
          entry.extraFields,
          false,
        );
        const unsafe = unsafeZipEntryReason(name);
        if (unsafe)
          return reject(
            refuse(ERRORS.IMPORT_FILE_INVALID, `${what} is refused: the entry "${name}" ${unsafe}.`),
          );
        if (entries.length + 1 > limits.maxEntries) {
          return reject(
            refuse(
              ERRORS.IMPORT_FILE_INVALID,
              `${what} is refused: it holds more than ${limits.maxEntries} entries.`,
            ),
          );
        }
        if (entry.uncompressedSize > limits.maxEntryBytes) {
          return reject(
            refuse(
              ERRORS.IMPORT_FILE_INVALID,
              `${what} is refused: "${name}" expands past ${megabytes(limits.maxEntryBytes)}.`,
            ),
          );
        }
        expanded += entry.uncompressedSize;
        if (expanded > limits.maxExpandedBytes) {
          return reject(
            refuse(
              ERRORS.IMPORT_FILE_INVALID,
              `${what} is refused: it expands past ${megabytes(limits.maxExpandedBytes)}.`,
            ),
          );
        }
        const isDirectory = name.endsWith('/');
        const normalised = name.replace(/\\/g, '/');
        raw.set(normalised, entry);
        entries.push({ name: normalised, isDirectory, uncompressedSize: entry.uncompressedSize });
        zipfile.readEntry();
      });
      zipfile.readEntry();
    });
  } catch (error) {
    zipfile.close();
    if (error instanceof Error && 'statusCode' in error) throw error;
    throw refuse(ERRORS.IMPORT_FILE_INVALID, `${what} is not a zip file that can be read.`);
  }
  return {
    entries,
    close: () => zipfile.close(),
    read: (name) =>
      new Promise<Buffer>((resolve, reject) => {
        const entry = raw.get(name);
        if (!entry) return reject(new Error(`No zip entry ${name}`));
        zipfile.openReadStream(entry, (error, stream) => {
          if (error) return reject(refuse(ERRORS.IMPORT_FILE_INVALID, `${what}: "${name}" cannot be read.`));
          const chunks: Buffer[] = [];
          let size = 0;
          stream.on('data', (chunk: Buffer) => {
            size += chunk.length;
            // yauzl stops at the declared size; this is the belt to its braces.
            if (size > entry.uncompressedSize) stream.destroy(new Error('entry larger than declared'));
            else chunks.push(chunk);
          });
          stream.on('error', () =>
            reject(
              refuse(ERRORS.IMPORT_FILE_INVALID, `${what}: "${name}" is damaged or larger than it says.`),
            ),
          );
          stream.on('end', () => resolve(Buffer.concat(chunks)));
        });
      }),
  };
}
