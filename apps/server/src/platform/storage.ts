import { randomUUID } from 'node:crypto';
import fs from 'node:fs/promises';
import path from 'node:path';

/**
 * Where uploaded and generated images live. Keys are relative paths like
 * `sponsoreds/12/profile.webp`. Two implementations pass the same tests (storage.test.ts): a local
 * folder (the embedded default) and any S3-compatible store (`s3-storage.ts`), chosen by
 * `STORAGE_URL` (`openStorage`).
 */
export interface Storage {
  put(key: string, data: Buffer, contentType: string): Promise<void>;
  get(key: string): Promise<{ data: Buffer; contentType: string } | null>;
  exists(key: string): Promise<boolean>;
  /** Removes a key; removing a key that is not there is not an error. */
  delete(key: string): Promise<void>;
  /** Every key that starts with `prefix` (e.g. `sponsoreds/12/`), sorted. */
  list(prefix: string): Promise<string[]>;
}

const CONTENT_TYPES: Record<string, string> = {
  '.webp': 'image/webp',
  '.png': 'image/png',
  '.jpg': 'image/jpeg',
  '.jpeg': 'image/jpeg',
  '.svg': 'image/svg+xml',
  '.pdf': 'application/pdf',
};

/** The content type of a key from its extension (what the server itself wrote under that name). */
export function contentTypeOf(key: string): string {
  return CONTENT_TYPES[path.extname(key).toLowerCase()] ?? 'application/octet-stream';
}

/** Rejects keys that could escape the storage root. */
export function safeKey(key: string): string | null {
  if (!/^[A-Za-z0-9][A-Za-z0-9._/-]*$/.test(key)) return null;
  if (key.split('/').some((part) => part === '..' || part === '.' || part === '')) return null;
  return key;
}

/** A listing prefix: empty, or a safe key with or without a trailing slash. */
export function safePrefix(prefix: string): string | null {
  if (prefix === '') return '';
  return safeKey(prefix.endsWith('/') ? prefix.slice(0, -1) : prefix) === null ? null : prefix;
}

function requireKey(key: string): string {
  const safe = safeKey(key);
  if (!safe) throw new Error(`Invalid storage key: ${key}`);
  return safe;
}

export function localStorage(root: string): Storage {
  const resolve = (key: string) => path.join(root, requireKey(key));
  return {
    async put(key, data) {
      const file = resolve(key);
      await fs.mkdir(path.dirname(file), { recursive: true });
      // Written aside and renamed, so a reader never gets half a picture.
      const partial = `${file}.${randomUUID()}.partial`;
      await fs.writeFile(partial, data);
      await fs.rename(partial, file);
    },
    async get(key) {
      if (!safeKey(key)) return null;
      try {
        return { data: await fs.readFile(resolve(key)), contentType: contentTypeOf(key) };
      } catch {
        return null;
      }
    },
    async exists(key) {
      if (!safeKey(key)) return false;
      try {
        return (await fs.stat(resolve(key))).isFile();
      } catch {
        return false;
      }
    },
    async delete(key) {
      await fs.rm(resolve(key), { force: true });
    },
    async list(prefix) {
      const safe = safePrefix(prefix);
      if (safe === null) throw new Error(`Invalid storage prefix: ${prefix}`);
      // Only the folder the prefix names (or its parent, for a partial name) is walked.
      const folder = safe.includes('/') ? safe.slice(0, safe.lastIndexOf('/')) : '';
      let names: string[];
      try {
        names = await fs.readdir(path.join(root, folder), { recursive: true });
      } catch {
        return [];
      }
      const keys: string[] = [];
      for (const name of names) {
        const key = (folder ? `${folder}/${name}` : name).split(path.sep).join('/');
        if (!key.startsWith(safe) || key.endsWith('.partial') || !safeKey(key)) continue;
        if ((await fs.stat(path.join(root, key))).isFile()) keys.push(key);
      }
      return keys.sort();
    },
  };
}

export interface StorageSettings {
  /** Unset: `DATA_DIR/media`. `file:///abs/path` a folder; `s3://bucket/optional/prefix` an S3-compatible store. */
  STORAGE_URL?: string | undefined;
  DATA_DIR: string;
  S3_ENDPOINT?: string | undefined;
  S3_REGION: string;
  S3_ACCESS_KEY_ID?: string | undefined;
  S3_SECRET_ACCESS_KEY?: string | undefined;
  S3_FORCE_PATH_STYLE?: boolean | undefined;
}

/** The storage the configuration names; the S3 client is loaded only when it is used. */
export async function openStorage(settings: StorageSettings): Promise<Storage> {
  const url = settings.STORAGE_URL ? new URL(settings.STORAGE_URL) : null;
  if (!url) return localStorage(path.join(settings.DATA_DIR, 'media'));
  if (url.protocol === 'file:') return localStorage(decodeURIComponent(url.pathname));
  if (url.protocol === 's3:') {
    const { s3Storage } = await import('./s3-storage.ts');
    return s3Storage({
      bucket: url.hostname,
      prefix: decodeURIComponent(url.pathname).replace(/^\/+/, ''),
      endpoint: settings.S3_ENDPOINT,
      region: settings.S3_REGION,
      accessKeyId: settings.S3_ACCESS_KEY_ID,
      secretAccessKey: settings.S3_SECRET_ACCESS_KEY,
      forcePathStyle: settings.S3_FORCE_PATH_STYLE ?? settings.S3_ENDPOINT !== undefined,
    });
  }
  throw new Error(`STORAGE_URL must start with file:// or s3:// (got ${url.protocol})`);
}
