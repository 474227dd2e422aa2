import { randomInt } from 'node:crypto';

/**
 * Redeem codes of gifts, trials and lightning links (decision 047): 20 characters from an alphabet
 * of 31 with no character that reads as another (no 0/O, 1/I/L), about 99 bits, drawn by the
 * operating system's random source; shown in groups of four and read back whatever the case,
 * spaces or dashes.
 */
export const CODE_ALPHABET = '23456789ABCDEFGHJKMNPQRSTUVWXYZ';
export const CODE_LENGTH = 20;
/** Lightning links are printed in QR codes and typed rarely: shorter, still about 50 bits. */
export const LINK_CODE_LENGTH = 10;

export const codeBits = (length: number) => length * Math.log2(CODE_ALPHABET.length);

export function newCode(length = CODE_LENGTH): string {
  let code = '';
  for (let i = 0; i < length; i += 1) code += CODE_ALPHABET[randomInt(CODE_ALPHABET.length)];
  return code;
}

/** A typed code as stored: upper case, without spaces and dashes; null when it cannot be a code. */
export function normalizeCode(raw: string): string | null {
  const code = raw.toUpperCase().replace(/[\s-]/g, '');
  if (code.length < 4 || code.length > 64) return null;
  return /^[A-Z0-9]+$/.test(code) ? code : null;
}

/** XXXX-XXXX-... for reading and typing. */
export function formatCode(code: string): string {
  return code.match(/.{1,4}/g)?.join('-') ?? code;
}
