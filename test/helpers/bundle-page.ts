/**
 * A page in headless Chromium with the built `llm-do/browser` bundle loaded: a small HTTP server on
 * 127.0.0.1 (a secure context, so OPFS works) serves a page at `/` that imports `dist/browser/`
 * (served at `/llm-do/`) as a module and keeps it in `globalThis.llmDo`, for `page.evaluate`.
 * (Test code cannot `import()` inside `evaluate`: vitest rewrites its dynamic imports.)
 */
import { readFile } from 'node:fs/promises';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import path from 'node:path';
import type { Browser, Page } from 'playwright-core';
import type * as LlmDoBrowser from '../../src/browser/index.ts';
import { launchChromium } from './chromium.ts';

declare global {
  /** The bundle, as the page loads it: what `page.evaluate` code uses. */
  var llmDo: typeof LlmDoBrowser;
}

const BUNDLE_DIR = path.resolve(import.meta.dirname, '../../dist/browser');

const PAGE = `<!doctype html><title>llm-do/browser test</title>
<script type="module">globalThis.llmDo = await import('/llm-do/llm-do.js');</script>`;

export interface BundlePage {
  /** A page with the bundle loaded. */
  page: Page;
  /** Another page with the bundle loaded, in a context (and OPFS) of its own. */
  newPage(): Promise<Page>;
  /** `http://127.0.0.1:PORT`, where `files` are served too. */
  origin: string;
  close(): Promise<void>;
}

/**
 * Starts the server and Chromium and opens the page; `close` stops both. `files` (URL path → text,
 * served as HTML or JavaScript by extension) are served besides, for pages of the test's own.
 */
export async function openBundlePage(files: Readonly<Record<string, string>> = {}): Promise<BundlePage> {
  const server = createServer((request, response) => {
    const url = new URL(request.url ?? '/', 'http://127.0.0.1');
    if (Object.hasOwn(files, url.pathname)) {
      response.setHeader('content-type', url.pathname.endsWith('.html') ? 'text/html' : 'text/javascript');
      return void response.end(files[url.pathname]);
    }
    if (url.pathname === '/') {
      response.setHeader('content-type', 'text/html');
      return void response.end(PAGE);
    }
    const file = path.join(BUNDLE_DIR, url.pathname.slice('/llm-do/'.length));
    if (!url.pathname.startsWith('/llm-do/') || !file.startsWith(`${BUNDLE_DIR}/`)) {
      response.statusCode = 404;
      return void response.end();
    }
    readFile(file).then(
      (body) => {
        response.setHeader('content-type', 'text/javascript');
        response.end(body);
      },
      () => {
        response.statusCode = 404;
        response.end();
      },
    );
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  let browser: Browser | undefined;
  try {
    browser = await launchChromium();
    const opened = browser;
    const newPage = async () => {
      const page = await opened.newPage();
      await page.goto(`${origin}/`);
      await page.waitForFunction(() => 'llmDo' in globalThis);
      return page;
    };
    return {
      page: await newPage(),
      newPage,
      origin,
      async close() {
        await opened.close();
        server.close();
      },
    };
  } catch (error) {
    await browser?.close();
    server.close();
    throw error;
  }
}
