/** `src/crypto.ts` (node:crypto) and its browser shim (Web Crypto) give the same hashes and the same kinds of values. */
import { describe, expect, test } from 'vitest';
import * as web from '../src/browser/shims/crypto.ts';
import * as node from '../src/crypto.ts';

describe.each([
  ['node:crypto', node],
  ['Web Crypto (browser shim)', web],
])('%s', (_name, crypto) => {
  test('sha256Hex is SHA-256 of the UTF-8 text, in hex', async () => {
    expect(await crypto.sha256Hex('')).toBe('e3b0c44298fc1c149afbf4c8996fb92427ae41e4649b934ca495991b7852b855');
    expect(await crypto.sha256Hex('héllo ✓')).toBe(await node.sha256Hex('héllo ✓'));
    expect(await crypto.sha256Hex('héllo ✓')).toBe(await web.sha256Hex('héllo ✓'));
  });

  test('randomBytes gives that many bytes, different each time; randomUUID a v4 UUID', () => {
    const bytes = crypto.randomBytes(16);
    expect(bytes).toBeInstanceOf(Uint8Array);
    expect(bytes).toHaveLength(16);
    expect(crypto.randomBytes(16)).not.toEqual(bytes);
    expect(crypto.randomUUID()).toMatch(/^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/);
  });
});
