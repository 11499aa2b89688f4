/**
 * The files of the page `llm-do ui` serves: its HTML and CSS, the modules tsc compiles from
 * `src/ui/client/` into `dist/ui/client/`, and the ES modules of Preact and htm, which
 * `scripts/copy-assets.mjs` copies (with the HTML and CSS) into `dist/ui/client/`.
 * They are read once, when the server starts, from llm-do's own package, never from a project.
 */
import { createHash } from 'node:crypto';
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { UsageError } from '../errors.ts';

/** A file of the page: its bytes and content type. */
export interface PageAsset {
  body: Buffer;
  type: string;
}

/** The page: its files by request path, and the hashes of the inline scripts of its HTML (for the CSP). */
export interface PageAssets {
  files: ReadonlyMap<string, PageAsset>;
  /** `sha256-…` of each inline `<script>` of index.html (its import map). */
  inlineScripts: string[];
}

const HTML = 'text/html; charset=utf-8';
const SCRIPT = 'text/javascript; charset=utf-8';

/** The files every page needs; a missing one means a build left out. */
const REQUIRED: Readonly<Record<string, readonly [file: string, type: string]>> = {
  '/': ['index.html', HTML],
  '/app.js': ['app.js', SCRIPT],
  '/style.css': ['style.css', 'text/css; charset=utf-8'],
  '/vendor/preact.js': ['vendor/preact.js', SCRIPT],
  '/vendor/preact-hooks.js': ['vendor/preact-hooks.js', SCRIPT],
  '/vendor/htm.js': ['vendor/htm.js', SCRIPT],
  '/vendor/htm-preact.js': ['vendor/htm-preact.js', SCRIPT],
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

/**
 * Reads the page from `dir`: the files above and every other module of the page (`*.js` beside
 * app.js, imported by it). A missing file is a UsageError naming it.
 */
export function readPageAssets(dir: string): PageAssets {
  const files = new Map<string, PageAsset>();
  const modules = existsSync(dir) ? readdirSync(dir).filter((name) => name.endsWith('.js')) : [];
  const wanted: [string, readonly [string, string]][] = [
    ...Object.entries(REQUIRED),
    ...modules.map((name): [string, [string, string]] => [`/${name}`, [name, SCRIPT]]),
  ];
  for (const [path, [file, type]] of wanted) {
    const full = join(dir, file);
    if (!existsSync(full)) throw new UsageError(`llm-do ui: the page file ${full} is missing; rebuild llm-do (npm run build)`);
    files.set(path, { body: readFileSync(full), type });
  }
  return { files, inlineScripts: inlineScriptHashes(files.get('/')!.body.toString('utf8')) };
}

/** `sha256-…` of the text of each `<script>` without `src` in `html`, as a CSP hash source. */
export function inlineScriptHashes(html: string): string[] {
  return [...html.matchAll(/<script(?![^>]*\ssrc=)[^>]*>([\s\S]*?)<\/script>/g)].map(
    (match) => `sha256-${createHash('sha256').update(match[1]!).digest('base64')}`,
  );
}
