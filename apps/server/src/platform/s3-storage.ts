import {
  DeleteObjectCommand,
  GetObjectCommand,
  HeadObjectCommand,
  paginateListObjectsV2,
  PutObjectCommand,
  S3Client,
  S3ServiceException,
} from '@aws-sdk/client-s3';
import { contentTypeOf, safeKey, safePrefix, type Storage } from './storage.ts';

export interface S3StorageOptions {
  bucket: string;
  /** Prepended to every key, e.g. `kinship/` (a trailing slash is added when missing). */
  prefix: string;
  /** An S3-compatible service's address (MinIO, Cloudflare R2, Backblaze B2, ...); unset for AWS. */
  endpoint?: string | undefined;
  region: string;
  /** Unset: the AWS SDK's own chain (AWS_ACCESS_KEY_ID, instance roles, ...). */
  accessKeyId?: string | undefined;
  secretAccessKey?: string | undefined;
  /** `endpoint/bucket/key` addresses instead of `bucket.endpoint/key` (most self-hosted stores). */
  forcePathStyle: boolean;
}

function isMissing(error: unknown): boolean {
  return (
    error instanceof S3ServiceException &&
    (error.name === 'NoSuchKey' || error.name === 'NotFound' || error.$metadata.httpStatusCode === 404)
  );
}

/** The storage contract over any S3-compatible store (decision 020). */
export function s3Storage(options: S3StorageOptions): Storage {
  const client = new S3Client({
    region: options.region,
    forcePathStyle: options.forcePathStyle,
    ...(options.endpoint ? { endpoint: options.endpoint } : {}),
    ...(options.accessKeyId && options.secretAccessKey
      ? { credentials: { accessKeyId: options.accessKeyId, secretAccessKey: options.secretAccessKey } }
      : {}),
  });
  const root = options.prefix === '' || options.prefix.endsWith('/') ? options.prefix : `${options.prefix}/`;
  const Bucket = options.bucket;
  const objectKey = (key: string) => {
    const safe = safeKey(key);
    if (!safe) throw new Error(`Invalid storage key: ${key}`);
    return root + safe;
  };
  return {
    async put(key, data, contentType) {
      await client.send(
        new PutObjectCommand({ Bucket, Key: objectKey(key), Body: data, ContentType: contentType }),
      );
    },
    async get(key) {
      if (!safeKey(key)) return null;
      try {
        const answer = await client.send(new GetObjectCommand({ Bucket, Key: objectKey(key) }));
        if (!answer.Body) return null;
        return {
          data: Buffer.from(await answer.Body.transformToByteArray()),
          contentType: answer.ContentType ?? contentTypeOf(key),
        };
      } catch (error) {
        if (isMissing(error)) return null;
        throw error;
      }
    },
    async exists(key) {
      if (!safeKey(key)) return false;
      try {
        await client.send(new HeadObjectCommand({ Bucket, Key: objectKey(key) }));
        return true;
      } catch (error) {
        if (isMissing(error)) return false;
        throw error;
      }
    },
    async delete(key) {
      await client.send(new DeleteObjectCommand({ Bucket, Key: objectKey(key) }));
    },
    async list(prefix) {
      const safe = safePrefix(prefix);
      if (safe === null) throw new Error(`Invalid storage prefix: ${prefix}`);
      const keys: string[] = [];
      for await (const page of paginateListObjectsV2({ client }, { Bucket, Prefix: root + safe })) {
        for (const item of page.Contents ?? []) {
          if (item.Key?.startsWith(root)) keys.push(item.Key.slice(root.length));
        }
      }
      return keys.sort();
    },
  };
}
