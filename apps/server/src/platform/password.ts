import { randomBytes, scrypt, timingSafeEqual } from 'node:crypto';
import { dictionary } from '@zxcvbn-ts/language-common';

/**
 * scrypt with OWASP's password-storage parameters (N=2^16, r=8, p=2: the 64 MiB row of the
 * cheat sheet; better-auth's own default, N=2^14 r=16 p=1, sits below it). Hashes record their
 * parameters so they can be raised later without breaking stored passwords.
 */
export const SCRYPT_PARAMS = { N: 2 ** 16, r: 8, p: 2, keyLength: 64 } as const;

function derive(password: string, salt: string, N: number, r: number, p: number, keyLength: number) {
  return new Promise<Buffer>((resolve, reject) => {
    scrypt(
      password.normalize('NFKC'),
      salt,
      keyLength,
      { N, r, p, maxmem: 256 * N * r + 1024 * 1024 },
      (err, key) => (err ? reject(err) : resolve(key)),
    );
  });
}

export async function hashPassword(password: string): Promise<string> {
  const { N, r, p, keyLength } = SCRYPT_PARAMS;
  const salt = randomBytes(16).toString('hex');
  const key = await derive(password, salt, N, r, p, keyLength);
  return `scrypt$${N}$${r}$${p}$${salt}$${key.toString('hex')}`;
}

export async function verifyPassword({
  hash,
  password,
}: {
  hash: string;
  password: string;
}): Promise<boolean> {
  const parts = hash.split('$');
  if (parts.length !== 6 || parts[0] !== 'scrypt') return false;
  const [, n, r, p, salt, keyHex] = parts as [string, string, string, string, string, string];
  const expected = Buffer.from(keyHex, 'hex');
  const actual = await derive(password, salt, Number(n), Number(r), Number(p), expected.length);
  return actual.length === expected.length && timingSafeEqual(actual, expected);
}

export const MIN_PASSWORD_LENGTH = 8;
export const COMMON_PASSWORD_MESSAGE =
  'This password is one of the most common passwords, so it is easy to guess. Please choose another.';

let commonPasswords: Set<string> | null = null;

/**
 * Whether a password is on a well-known list of common passwords (OWASP ASVS 6.2.4): the ranked
 * list of zxcvbn-ts's common dictionary (about 49,000 passwords seen most in breaches; the 18,000
 * of at least MIN_PASSWORD_LENGTH characters are the ones that matter here), compared without
 * regard to case. The list is unpacked on first use (about 150 ms), not at start-up.
 */
export function isCommonPassword(password: string): boolean {
  commonPasswords ??= new Set(
    dictionary['passwords-common'].filter((p) => p.length >= MIN_PASSWORD_LENGTH).map((p) => p.toLowerCase()),
  );
  return commonPasswords.has(password.normalize('NFKC').toLowerCase());
}
