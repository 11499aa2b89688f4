/**
 * The environment of the browser tests (the tests of docs/browser.md are built on it): Debian's Chromium, installed by
 * .ci/run, starts headless through playwright-core, and a page served from 127.0.0.1 (a secure
 * context) can write and read a file in OPFS.
 */
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { describe, expect, test } from 'vitest';
import { chromiumMissing, launchChromium } from '../helpers/chromium.ts';

describe.skipIf(chromiumMissing)('headless Chromium', { timeout: 60_000 }, () => {
  test('a page on 127.0.0.1 writes and reads back a file in OPFS', async () => {
    const server = createServer((_request, response) => {
      response.setHeader('content-type', 'text/html');
      response.end('<!doctype html><title>opfs</title>');
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    const browser = await launchChromium();
    try {
      const page = await browser.newPage();
      await page.goto(`http://127.0.0.1:${(server.address() as AddressInfo).port}/`);
      const text = await page.evaluate(async () => {
        const root = await navigator.storage.getDirectory();
        const handle = await root.getFileHandle('probe.txt', { create: true });
        const writable = await handle.createWritable();
        await writable.write('written in OPFS');
        await writable.close();
        return (await handle.getFile()).text();
      });
      expect(text).toBe('written in OPFS');
    } finally {
      await browser.close();
      server.close();
    }
  });
});
