import fs from 'node:fs';
import type { AddressInfo } from 'node:net';
import os from 'node:os';
import path from 'node:path';
// @ts-expect-error s3rver ships no types; only its constructor, run() and close() are used.
import S3rver from '@20minutes/s3rver';
import type { StorageSettings } from '../src/platform/storage.ts';

export interface TestS3Server {
  /** The settings that point the app's storage at this server's bucket, under `prefix`. */
  settings(
    prefix?: string,
  ): Pick<
    StorageSettings,
    'STORAGE_URL' | 'S3_ENDPOINT' | 'S3_ACCESS_KEY_ID' | 'S3_SECRET_ACCESS_KEY' | 'S3_REGION'
  >;
  /** The bucket's folder on disk (s3rver keeps one file per object beside its metadata). */
  directory: string;
  close(): Promise<void>;
}

export const TEST_BUCKET = 'kinship-test';

/** An S3-protocol server (s3rver) on a random loopback port, its bucket in a fresh folder. */
export async function startS3Server(): Promise<TestS3Server> {
  const directory = fs.mkdtempSync(path.join(os.tmpdir(), 'kinship-s3-'));
  const server = new S3rver({
    address: '127.0.0.1',
    port: 0,
    silent: true,
    directory,
    // Path-style addresses only: the bucket is never a subdomain of 127.0.0.1.
    vhostBuckets: false,
    // s3rver computes a bucket-level call's (a listing's) signature over `/bucket` where the AWS
    // SDK signs `/bucket/`, so it would refuse every listing. The access key must still be one it
    // knows; checking the signature arithmetic is AWS's business, not this suite's.
    allowMismatchedSignatures: true,
    configureBuckets: [{ name: TEST_BUCKET }],
  }) as { run(): Promise<AddressInfo>; close(): Promise<void> };
  const { port } = await server.run();
  return {
    directory,
    settings: (prefix = '') => ({
      STORAGE_URL: `s3://${TEST_BUCKET}/${prefix}`,
      S3_ENDPOINT: `http://127.0.0.1:${port}`,
      // s3rver's built-in account.
      S3_ACCESS_KEY_ID: 'S3RVER',
      S3_SECRET_ACCESS_KEY: 'S3RVER',
      S3_REGION: 'us-east-1',
    }),
    close: async () => {
      await server.close();
      fs.rmSync(directory, { recursive: true, force: true });
    },
  };
}
