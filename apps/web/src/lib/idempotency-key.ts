import { useCallback, useRef } from 'react';
import { ApiError } from './api-client';

function newUuid(): string {
  if (typeof crypto.randomUUID === 'function') return crypto.randomUUID();
  const bytes = crypto.getRandomValues(new Uint8Array(16));
  bytes[6] = (bytes[6]! & 0x0f) | 0x40;
  bytes[8] = (bytes[8]! & 0x3f) | 0x80;
  const hex = [...bytes].map((b) => b.toString(16).padStart(2, '0')).join('');
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-${hex.slice(12, 16)}-${hex.slice(16, 20)}-${hex.slice(20)}`;
}

/**
 * Whether a failed payment call may have been carried out anyway (no answer, or the server's own
 * failure): then a retry of the same attempt must carry the same Idempotency-Key, so the server
 * answers the first outcome instead of charging twice. A clear 4xx answer settled the attempt.
 */
export function outcomeUnknown(error: unknown): boolean {
  return !(error instanceof ApiError) || error.status >= 500;
}

/**
 * One Idempotency-Key per payment attempt: made when an attempt starts, reused while it is retried
 * unchanged after an unknown outcome, and replaced once the attempt settled or what it pays for
 * changed (`signature`: everything but the payment method, which a new card changes on every try).
 */
export function useIdempotencyKey() {
  const current = useRef<{ key: string; signature: string } | null>(null);
  const keyFor = useCallback((signature: string) => {
    if (!current.current || current.current.signature !== signature) {
      current.current = { key: newUuid(), signature };
    }
    return current.current.key;
  }, []);
  const settle = useCallback((error: unknown | null) => {
    if (error === null || !outcomeUnknown(error)) current.current = null;
  }, []);
  return { keyFor, settle };
}
