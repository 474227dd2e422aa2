import { pictureCodeOf } from '@kinship/domain';
import type { Db } from '../../../db/client.ts';
import { findIdsByCodes } from './records-import.repository.ts';
import { openCheckedZip, type ZipLimits } from './zip-reader.ts';

// Pictures for imported records, in a zip whose file names are record codes (`CODE.jpg`,
// `CODE-2.jpg`). The zip is checked whole first (names, entry count, expanded size); then each
// matched picture's bytes go to `onPicture`, where the upload pipeline takes them (format check,
// re-encoding, storage). A picture the callback refuses is reported and the others go on.

export const PICTURES_ZIP_LIMITS: ZipLimits = {
  maxExpandedBytes: 500 * 1024 * 1024,
  maxEntries: 2_000,
  maxEntryBytes: 25 * 1024 * 1024,
};

export interface ZipPicture {
  sponsoredsId: number;
  code: string;
  /** 1 for `CODE.jpg`, n for `CODE-n.jpg`. */
  order: number;
  entryName: string;
  bytes: Buffer;
}

export interface PicturesImportResult {
  matched: number;
  /** Entries that are not a picture of a known record, and why. */
  skipped: { entry: string; reason: string }[];
  /** Pictures the pipeline refused, and why. */
  failed: { entry: string; reason: string }[];
}

function ignorable(name: string): boolean {
  const parts = name.split('/');
  return name.endsWith('/') || parts[0] === '__MACOSX' || parts.some((p) => p.startsWith('.'));
}

export async function importPicturesZip(options: {
  db: Db;
  partnersId: number;
  bytes: Buffer;
  limits?: ZipLimits;
  /** The programs whose records the importer may change; null or omitted: all. */
  programScope?: readonly number[] | null;
  onPicture: (picture: ZipPicture) => Promise<void>;
}): Promise<PicturesImportResult> {
  const zip = await openCheckedZip(options.bytes, options.limits ?? PICTURES_ZIP_LIMITS, 'The pictures zip');
  try {
    const files = zip.entries.filter((e) => !ignorable(e.name));
    // Every name, and every name without a trailing picture number, could be a code.
    const candidates = new Set<string>();
    for (const { name } of files) {
      const stem = (name.split('/').pop() ?? '').replace(/\.[^.]*$/, '').trim();
      candidates.add(stem);
      candidates.add(stem.replace(/(?:[-_ ]\(?\d{1,3}\)?|\s*\(\d{1,3}\))$/, '').trim());
    }
    const ids = await findIdsByCodes(options.db, options.partnersId, [...candidates].filter(Boolean));
    const result: PicturesImportResult = { matched: 0, skipped: [], failed: [] };
    const matched: (Omit<ZipPicture, 'bytes'> & { name: string })[] = [];
    for (const { name } of files) {
      const match = pictureCodeOf(name, (code) => ids.has(code));
      const record = match ? ids.get(match.code)! : undefined;
      const scope = options.programScope ?? null;
      if (match && record && scope !== null && !scope.includes(record.entitiesId)) {
        result.skipped.push({
          entry: name,
          reason: `Record ${match.code} is in a program you do not manage.`,
        });
      } else if (match && record) matched.push({ ...match, sponsoredsId: record.id, entryName: name, name });
      else
        result.skipped.push({
          entry: name,
          reason: 'Its name is not the code of a record (CODE.jpg or CODE-2.jpg).',
        });
    }
    matched.sort((a, b) => a.code.localeCompare(b.code) || a.order - b.order);
    for (const picture of matched) {
      try {
        const bytes = await zip.read(picture.name);
        await options.onPicture({
          sponsoredsId: picture.sponsoredsId,
          code: picture.code,
          order: picture.order,
          entryName: picture.entryName,
          bytes,
        });
        result.matched++;
      } catch (error) {
        result.failed.push({
          entry: picture.name,
          reason: error instanceof Error ? error.message : String(error),
        });
      }
    }
    return result;
  } finally {
    zip.close();
  }
}
