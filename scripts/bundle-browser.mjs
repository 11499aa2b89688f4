// Bundles llm-do/browser (src/browser/index.ts) into dist/browser/llm-do.js, an ES module for pages,
// with the providers and other lazily imported parts as chunks in dist/browser/chunks/ (docs/browser.md).
// The core is the same code as on Node; the few modules that need Node are replaced by the modules
// of BROWSER_SHIMS, which refuse with an error naming what is not available. Any other Node builtin
// reaching the bundle fails the build, naming the builtin and the module that imports it.
import { builtinModules } from 'node:module';
import { gzipSync } from 'node:zlib';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { build } from 'rolldown';

const root = fileURLToPath(new URL('..', import.meta.url));
const source = (file) => `${root}${file}`;

/** Module → its browser replacement: `node:` builtins by specifier, llm-do's modules by source file. */
export const BROWSER_SHIMS = {
  'node:path': source('src/browser/shims/node-path.ts'),
  'node:module': source('src/browser/shims/node-module.ts'),
  [source('src/crypto.ts')]: source('src/browser/shims/crypto.ts'),
  [source('src/tools/shell/process.ts')]: source('src/browser/shims/shell-process.ts'),
  [source('src/mcp-client/stdio-transport.ts')]: source('src/browser/shims/stdio-transport.ts'),
  [source('src/modules/module-loader.ts')]: source('src/browser/shims/module-loader.ts'),
  [source('src/modules/module-closure.ts')]: source('src/browser/shims/module-closure.ts'),
  [source('src/models/script-file.ts')]: source('src/browser/shims/script-file.ts'),
  [source('src/models/cassette-file.ts')]: source('src/browser/shims/cassette-file.ts'),
};

const NODE_BUILTINS = new Set(builtinModules);
const isNodeBuiltin = (id) => id.startsWith('node:') || NODE_BUILTINS.has(id.split('/')[0]);
const shown = (id) => (id?.startsWith(root) ? id.slice(root.length) : id);

/** Replaces the modules of BROWSER_SHIMS; fails on any other Node builtin. */
const browserOnly = {
  name: 'llm-do-browser-only',
  async resolveId(id, importer, options) {
    if (Object.hasOwn(BROWSER_SHIMS, id)) return BROWSER_SHIMS[id];
    if (isNodeBuiltin(id)) {
      // A bare name such as `events` may be an npm package of that name, meant for browsers.
      const resolved = id.startsWith('node:') ? null : await this.resolve(id, importer, { ...options, skipSelf: true });
      if (resolved && !resolved.external) return resolved;
      this.error(
        `the browser bundle may not import the Node builtin "${id}" (imported by ${shown(importer)}): reach the host through FileSystem or an injected option, or give that module a browser shim in BROWSER_SHIMS (scripts/bundle-browser.mjs)`,
      );
    }
    const resolved = await this.resolve(id, importer, { ...options, skipSelf: true });
    if (resolved && Object.hasOwn(BROWSER_SHIMS, resolved.id)) return BROWSER_SHIMS[resolved.id];
    return resolved;
  },
};

/**
 * Builds the browser bundle of `input` into `outDir` (`write: false` builds in memory, for tests).
 * Rejects when a Node builtin would reach it.
 */
export async function buildBrowserBundle({ input = source('src/browser/index.ts'), outDir = source('dist/browser'), write = true } = {}) {
  return build({
    input: { 'llm-do': input },
    platform: 'browser',
    plugins: [browserOnly],
    logLevel: 'warn',
    write,
    output: {
      dir: outDir,
      format: 'esm',
      minify: true,
      // Error classes name themselves after their class (`ProjectError`): minifying must not rename them.
      keepNames: true,
      entryFileNames: '[name].js',
      chunkFileNames: 'chunks/[name]-[hash].js',
    },
  });
}

/** Bytes (and gzipped bytes) a page loads at import, and the bytes of the chunks loaded only when used. */
function measure(output) {
  const chunks = new Map(output.filter((item) => item.type === 'chunk').map((chunk) => [chunk.fileName, chunk]));
  const eager = new Set();
  const visit = (name) => {
    if (eager.has(name)) return;
    eager.add(name);
    chunks.get(name).imports.forEach(visit);
  };
  visit('llm-do.js');
  const bytes = (names) => names.reduce((sum, name) => sum + Buffer.byteLength(chunks.get(name).code), 0);
  const gzip = [...eager].reduce((sum, name) => sum + gzipSync(chunks.get(name).code).length, 0);
  return { eager: bytes([...eager]), gzip, lazy: bytes([...chunks.keys()].filter((name) => !eager.has(name))) };
}

if (import.meta.url === pathToFileURL(process.argv[1]).href) {
  const { output } = await buildBrowserBundle();
  const { eager, gzip, lazy } = measure(output);
  const kb = (bytes) => `${Math.round(bytes / 1024)} KB`;
  console.log(
    `llm-do/browser: dist/browser/llm-do.js loads ${kb(eager)} (${kb(gzip)} gzipped) at import, ${kb(lazy)} more in chunks loaded when used (providers, MCP, templates)`,
  );
}
