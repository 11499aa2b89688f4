/**
 * The minimal page of docs/browser.md, exactly as shown (its HTML, `main.worker` and `app.js` blocks), runs with the
 * built bundle in headless Chromium: the model server's URL is the one thing swapped, for a scripted
 * server on 127.0.0.1; the `confirm` of the approval is accepted like a person would.
 */
import fs from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { startScriptedServer, type ScriptedServer } from '../../src/testkit/index.ts';
import { openBundlePage, type BundlePage } from '../helpers/bundle-page.ts';
import { CHROMIUM_LAUNCH_TIMEOUT_MS, chromiumMissing } from '../helpers/chromium.ts';
import { REPO_ROOT } from './helpers/run-cli.ts';

const doc = fs.readFileSync(path.join(REPO_ROOT, 'docs/browser.md'), 'utf8');
const html = /```text\n(<!doctype html>[\s\S]*?)```/.exec(doc)?.[1];
const worker = /```worker\n(---\nname: main\n[\s\S]*?)```/.exec(doc)?.[1];
const app = /```js\n\/\/ file: app\.js\n([\s\S]*?)```/.exec(doc)?.[1];
const SHOWN_BASE_URL = 'http://127.0.0.1:8080/v1';

describe.skipIf(chromiumMissing)('the page of docs/browser.md', { timeout: 60_000 }, () => {
  let browser: BundlePage;
  let server: ScriptedServer;
  beforeAll(async () => {
    server = await startScriptedServer(
      (request) =>
        request.toolResults.length === 0
          ? { toolCalls: [{ name: 'write_file', args: { path: '/notes/hello.md', content: `Hello, ${request.lastUserText}!\n` } }] }
          : { text: `Greeted ${request.lastUserText}.` },
      { cors: true },
    );
    expect(html, 'docs/browser.md shows the page as a text block starting <!doctype html>').toBeDefined();
    expect(worker, 'docs/browser.md shows main.worker as a worker block').toBeDefined();
    expect(app, 'docs/browser.md shows app.js as a js block starting // file: app.js').toContain(SHOWN_BASE_URL);
    browser = await openBundlePage({ '/index.html': html!, '/main.worker': worker!, '/app.js': app!.replace(SHOWN_BASE_URL, server.openaiBaseUrl) });
  }, CHROMIUM_LAUNCH_TIMEOUT_MS);
  afterAll(async () => {
    await Promise.all([browser?.close(), server?.close()]);
  });

  test('greets, asking before it writes, and shows the file it wrote', async () => {
    const page = await browser.newPage();
    const asked: string[] = [];
    page.on('dialog', (dialog) => {
      asked.push(dialog.message());
      void dialog.accept();
    });
    await page.goto(`${browser.origin}/index.html`);
    await page.waitForFunction(() => document.querySelector('#out')?.textContent?.includes('ok:'));
    expect(await page.textContent('#out')).toBe('Greeted Ada.\nok: Greeted Ada.\nHello, Ada!\n');
    expect(asked).toEqual(['main wants to call write_file with {"path":"/notes/hello.md","content":"Hello, Ada!\\n"}']);
  });
});
