/**
 * Random bytes, UUIDs and SHA-256 for the runtime, approvals and sandbox, from `node:crypto`. Web Crypto (`globalThis.crypto`)
 * would do, but its first use loads Node's Web Crypto layer (~3 ms of a run's start-up), while the CLI
 * has loaded `node:crypto` anyway. The browser bundle uses `src/browser/shims/crypto.ts`, the same
 * functions on Web Crypto (docs/browser.md).
 */
import { createHash, randomFillSync, randomUUID as nodeRandomUUID } from 'node:crypto';

/** `length` random bytes. */
export function randomBytes(length: number): Uint8Array {
  return randomFillSync(new Uint8Array(length));
}

/** A random (v4) UUID. */
export function randomUUID(): string {
  return nodeRandomUUID();
}

/** SHA-256 of `text` (UTF-8) as hex; a promise, as Web Crypto's digest is. */
export async function sha256Hex(text: string): Promise<string> {
  return createHash('sha256').update(text).digest('hex');
}
