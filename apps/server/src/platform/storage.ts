import fs from 'node:fs/promises';
import path from 'node:path';

/** Where uploaded and generated images live. Paths are relative keys like `sponsoreds/12/profile.webp`. */
export interface Storage {
  put(key: string, data: Buffer, contentType: string): Promise<void>;
  get(key: string): Promise<{ data: Buffer; contentType: string } | null>;
  exists(key: string): Promise<boolean>;
}

const CONTENT_TYPES: Record<string, string> = {
  '.webp': 'image/webp',
  '.png': 'image/png',
  '.jpg': 'image/jpeg',
  '.jpeg': 'image/jpeg',
  '.svg': 'image/svg+xml',
  '.pdf': 'application/pdf',
};

/** Rejects keys that could escape the storage root. */
export function safeKey(key: string): string | null {
  if (!/^[A-Za-z0-9][A-Za-z0-9._/-]*$/.test(key)) return null;
  if (key.split('/').some((part) => part === '..' || part === '.' || part === '')) return null;
  return key;
}

export function localStorage(root: string): Storage {
  const resolve = (key: string) => {
    const safe = safeKey(key);
    if (!safe) throw new Error(`Invalid storage key: ${key}`);
    return path.join(root, safe);
  };
  return {
    async put(key, data) {
      const file = resolve(key);
      await fs.mkdir(path.dirname(file), { recursive: true });
      await fs.writeFile(file, data);
    },
    async get(key) {
      if (!safeKey(key)) return null;
      try {
        const data = await fs.readFile(resolve(key));
        return {
          data,
          contentType: CONTENT_TYPES[path.extname(key).toLowerCase()] ?? 'application/octet-stream',
        };
      } catch {
        return null;
      }
    },
    async exists(key) {
      if (!safeKey(key)) return false;
      try {
        await fs.access(resolve(key));
        return true;
      } catch {
        return false;
      }
    },
  };
}
