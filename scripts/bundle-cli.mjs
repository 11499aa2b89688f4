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

await build({
  // check-thread: the entry of `check`'s helper threads (src/cli/check-threads.ts).
  input: { 'process-entry': source('src/cli/process-entry.ts'), 'check-thread': source('src/cli/check-thread.ts') },
  platform: 'node',
  external: EXTERNAL,
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
