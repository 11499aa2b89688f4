// Bundles the CLI and its dependencies into dist/cli/process-entry.cjs; dynamic imports (commands,
// providers) become chunks in dist/cli/chunks/ so they still load lazily. The bundle is CommonJS so
// that the executable, dist/cli/bin.js (src/cli/bin.ts, a small ES module bundled apart), can
// compile it through V8's code cache: Node 20 has no compile cache, and compiling ~2 MB of
// JavaScript was the largest part of start-up (bench/RESULTS.md, src/cli/compile-cache.ts).
// jiti stays external: it loads users' TS tool modules with its own resolver and native parts.
// libsql stays external: it loads its native binary for the platform at run time.
import { build } from 'rolldown';
import { chmodSync } from 'node:fs';

const root = new URL('..', import.meta.url);
const source = (file) => new URL(file, root).pathname;
const outDir = new URL('dist/cli', root).pathname;
const EXTERNAL = [/^node:/, /^jiti(\/|$)/, /^libsql(\/|$)/, /^chokidar(\/|$)/, /^fsevents(\/|$)/];

/**
 * zod's translations of its messages into 60 languages (~350 KB) are reached only through the
 * `locales` export of its namespaces (`zod`, `zod/v4/core`), which the CLI reads nowhere but which
 * tool modules get whole (src/worker/module-loader.ts): as bundled, every run with a `tools.ts`
 * loaded them. Here that export is an object with zod's names whose entries load the translations
 * when first read, from `chunks/zod-locales.cjs` (an entry of this build, so the modules it shares
 * with the rest, English among them, are the same instances). English, zod's default, is in the
 * chunk of its schemas, which sets it on first use.
 */
const ZOD_LOCALES_ENTRY = 'chunks/zod-locales';
const LAZY_LOCALES = '\0zod-locales-on-first-read';
const LOCALES_EXPORT = 'export * as locales from "../locales/index.js";';
const localeNames = Object.keys(await import('zod/v4/locales'));
const lazyZodLocales = {
  name: 'lazy-zod-locales',
  transform: {
    filter: { id: /[\\/]node_modules[\\/]zod[\\/]/, code: LOCALES_EXPORT },
    handler: (code) => code.replace(LOCALES_EXPORT, `export { locales } from ${JSON.stringify(LAZY_LOCALES)};`),
  },
  resolveId: (source, importer) => {
    if (source === LAZY_LOCALES) return source;
    // Required when first read, beside the chunk holding the object (checked below).
    if (importer === LAZY_LOCALES) return { id: source, external: true };
  },
  load: (id) => {
    if (id !== LAZY_LOCALES) return;
    const entries = localeNames.map((name) => `  ${JSON.stringify(name)}: { enumerable: true, get: () => load()[${JSON.stringify(name)}] },`);
    return [
      'let loaded;',
      `const load = () => (loaded ??= require(${JSON.stringify(`./${ZOD_LOCALES_ENTRY.split('/').pop()}.cjs`)}));`,
      'export const locales = Object.defineProperties({}, {',
      '  [Symbol.toStringTag]: { value: "Module" },',
      ...entries,
      '});',
    ].join('\n');
  },
  // Fails the build if the translations would load with the rest (say, zod exports them otherwise).
  generateBundle: (_options, bundle) => {
    const entry = `${ZOD_LOCALES_ENTRY}.cjs`;
    for (const chunk of Object.values(bundle)) {
      if (chunk.type !== 'chunk' || chunk.fileName === entry) continue;
      const translations = chunk.moduleIds.some((id) => /[\\/]zod[\\/]v4[\\/]locales[\\/](?!en\.js$)/.test(id));
      if (translations || chunk.imports.includes(entry)) throw new Error(`bundle-cli: ${chunk.fileName} loads zod's translations at once`);
      if (chunk.moduleIds.includes(LAZY_LOCALES) && !chunk.fileName.startsWith('chunks/')) throw new Error(`bundle-cli: ${chunk.fileName} requires ./zod-locales.cjs, which is not beside it`);
    }
  },
};

await build({
  // check-thread: the entry of `check`'s helper threads (src/cli/check-threads.ts).
  input: { 'process-entry': source('src/cli/process-entry.ts'), 'check-thread': source('src/cli/check-thread.ts'), [ZOD_LOCALES_ENTRY]: 'zod/v4/locales' },
  platform: 'node',
  external: EXTERNAL,
  plugins: [lazyZodLocales],
  logLevel: 'warn',
  // The entry exports nothing; said explicitly because includeDependenciesRecursively needs it.
  preserveEntrySignatures: 'allow-extension',
  output: {
    dir: outDir,
    format: 'cjs',
    // V8 keeps each file's source for the life of the process, one byte per character only when
    // every character is Latin-1: one '§' or '—' in a comment or string doubled a chunk's memory.
    // ASCII escapes in strings and no doc comments keep every file one-byte (test/cli/lazy-load.test.ts).
    charset: 'ascii',
    comments: { legal: true, annotation: false, jsdoc: false },
    // `import('https')` in a dependency becomes a require: an import() in code compiled through
    // vm.Script needs Node's experimental main-context loader, which prints a warning on stderr.
    dynamicImportInCjs: false,
    entryFileNames: '[name].cjs',
    // One level below dist/cli/, like dist/cli/commands/, so '../init-templates/' resolves the same.
    chunkFileNames: 'chunks/[name]-[hash].cjs',
    codeSplitting: {
      // A group takes just the modules it names (the rest keep the default split).
      includeDependenciesRecursively: false,
      groups: [
        // Every run converts JSON Schemas with zod's `fromJSONSchema`; left to the default it shares a
        // chunk with the whole `zod` namespace (which tool modules get), and so with that namespace's
        // translations of zod's messages into every language (~300 KB): every run loaded them.
        { name: 'zod-from-json-schema', test: /[\\/]zod[\\/]v4[\\/]classic[\\/](from-json-schema|checks|iso)\.js$/ },
      ],
    },
  },
});
await build({
  // check-thread-bin: what `check` starts its helper threads with, so they too use the code cache.
  input: { bin: source('src/cli/bin.ts'), 'check-thread-bin': source('src/cli/check-thread-bin.ts') },
  platform: 'node',
  external: [/^node:/, /\.cjs$/],
  logLevel: 'warn',
  output: { dir: outDir, format: 'esm', entryFileNames: '[name].js' },
});
chmodSync(new URL('dist/cli/bin.js', root), 0o755);
