/**
 * The files of the page `llm-do ui` serves: plain HTML, CSS and the script tsc compiles from
 * `src/ui/client/` into `dist/ui/client/` (`scripts/copy-assets.mjs` copies the HTML and CSS there).
 * They are read once, when the server starts, from llm-do's own package, never from a project.
 */
import { existsSync, readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { UsageError } from '../errors.ts';

/** A file of the page: its bytes and content type. */
export interface PageAsset {
  body: Buffer;
  type: string;
}

/** Request path → file of the page directory and its content type. */
const FILES: Readonly<Record<string, readonly [file: string, type: string]>> = {
  '/': ['index.html', 'text/html; charset=utf-8'],
  '/app.js': ['app.js', 'text/javascript; charset=utf-8'],
  '/style.css': ['style.css', 'text/css; charset=utf-8'],
};

/** `dist/ui/client` of the llm-do package this module belongs to (works from src/, dist/ and the CLI bundle). */
export function defaultPageDirectory(): string {
  let dir = dirname(fileURLToPath(import.meta.url));
  while (true) {
    const file = join(dir, 'package.json');
    if (existsSync(file) && (JSON.parse(readFileSync(file, 'utf8')) as { name?: string }).name === 'llm-do') return join(dir, 'dist', 'ui', 'client');
    const parent = dirname(dir);
    if (parent === dir) throw new UsageError('llm-do ui cannot find its page: no llm-do package.json above its code');
    dir = parent;
  }
}

/** Reads every file of the page from `dir`; a missing one is a UsageError naming it (a build left out). */
export function readPageAssets(dir: string): Map<string, PageAsset> {
  const assets = new Map<string, PageAsset>();
  for (const [path, [file, type]] of Object.entries(FILES)) {
    const full = join(dir, file);
    if (!existsSync(full)) throw new UsageError(`llm-do ui: the page file ${full} is missing; rebuild llm-do (npm run build)`);
    assets.set(path, { body: readFileSync(full), type });
  }
  return assets;
}
